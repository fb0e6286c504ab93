import { Briefcase, Clock, Globe, HeartPulse, Mail, MapPin, Sprout, Sun, type LucideIcon } from "lucide-react";
import { cardClass, IconBadge, InfoHero, InfoSection, mutedTextClass, primaryButtonClass } from "~/components/info/info-page";
import { mailtoHref } from "~/components/info/mailto";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { useSite } from "~/components/layout/use-site";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/careers";

export const handle = readerPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: pageTitle(site, "Careers"),
    description: `Work at ${site.name}: remote-first roles in editorial, marketing and engineering at an independent technology newsroom.`,
    path: "/careers",
  });
}

const BENEFITS: { title: string; icon: LucideIcon; text: string }[] = [
  {
    title: "Remote-first",
    icon: Globe,
    text: "Work from wherever you do your best work. We collaborate across time zones and meet in person a few times a year.",
  },
  {
    title: "Growth",
    icon: Sprout,
    text: "A yearly learning budget, conference tickets and mentoring from experienced editors and engineers.",
  },
  {
    title: "Health and wellness",
    icon: HeartPulse,
    text: "Health cover for you and your family, plus a wellness allowance for whatever keeps you well.",
  },
  {
    title: "Work-life balance",
    icon: Sun,
    text: "Flexible hours, generous paid leave and a newsroom that respects evenings and weekends off.",
  },
];

interface Position {
  title: string;
  department: string;
  summary: string;
  requirements: string[];
}

const POSITIONS: Position[] = [
  {
    title: "Senior Technology Reporter",
    department: "Editorial",
    summary: "Break news and write in-depth features on AI, cloud, startups and security, and help shape our editorial agenda.",
    requirements: [
      "Five or more years of reporting experience, ideally on a technology beat",
      "A network of sources and a habit of checking every fact twice",
      "Clear, lively writing for a general audience",
    ],
  },
  {
    title: "Social Media Manager",
    department: "Marketing",
    summary: "Grow our audience on social platforms and in the newsletter, and bring our reporting to the readers who need it.",
    requirements: [
      "Three or more years running social channels for a media brand or publisher",
      "A feel for headlines and a consistent voice",
      "Comfort with analytics and turning numbers into decisions",
    ],
  },
  {
    title: "Full-Stack Developer",
    department: "Engineering",
    summary:
      "Build our publishing platform with TypeScript, React and PostgreSQL: reader pages, editorial tools and the newsletter.",
    requirements: [
      "Solid experience with TypeScript on both server and browser",
      "Care for performance, accessibility and tests",
      "Interest in journalism and the tools behind it",
    ],
  },
];

function applicationHref(position: string, siteName: string, address: string): string {
  return mailtoHref(address, {
    subject: `Application: ${position}`,
    body: `Hello ${siteName} team,\n\nI would like to apply for the ${position} position. My CV and a short cover letter are attached.\n\nBest regards,\n`,
  });
}

export default function CareersPage() {
  const { site } = useSite();
  const generalApplication = mailtoHref(site.contact.careers, {
    subject: "General Application",
    body: `Hello ${site.name} team,\n\nI would love to work with you. Here is a little about me and the role I have in mind:\n\n`,
  });
  return (
    <SiteShell>
      <InfoHero
        eyebrow="Careers"
        title={`Join the ${site.name} team`}
        actions={
          <a href="#open-positions" className={primaryButtonClass}>
            View open positions
          </a>
        }
      >
        <p>
          We are a small, remote-first team of journalists, marketers and engineers who believe technology news should be
          accurate, clear and useful. Help us build the newsroom we would want to read.
        </p>
      </InfoHero>

      <Container>
        <InfoSection id="why-work-with-us" title="Why work with us">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map(({ title, icon, text }) => (
              <li key={title} className={`p-6 ${cardClass}`}>
                <IconBadge icon={icon} />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className={`mt-2 text-sm leading-relaxed ${mutedTextClass}`}>{text}</p>
              </li>
            ))}
          </ul>
        </InfoSection>

        <InfoSection
          id="open-positions"
          title="Open positions"
          intro="All our roles are remote and full-time. Apply by email with your CV and a few lines about why the role fits you."
          className="scroll-mt-16"
        >
          <ul className="grid gap-4">
            {POSITIONS.map((position) => (
              <li
                key={position.title}
                className={`flex flex-col gap-5 p-6 sm:p-8 lg:flex-row lg:items-start lg:justify-between ${cardClass}`}
              >
                <div className="max-w-2xl">
                  <h3 className="text-xl font-bold">{position.title}</h3>
                  <ul className={`mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm ${mutedTextClass}`} aria-label="Role details">
                    <li className="inline-flex items-center gap-1.5">
                      <Briefcase aria-hidden className="size-4" />
                      {position.department}
                    </li>
                    <li className="inline-flex items-center gap-1.5">
                      <MapPin aria-hidden className="size-4" />
                      Remote
                    </li>
                    <li className="inline-flex items-center gap-1.5">
                      <Clock aria-hidden className="size-4" />
                      Full-time
                    </li>
                  </ul>
                  <p className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300">{position.summary}</p>
                  <ul className={`mt-3 list-disc space-y-1 pl-5 text-sm ${mutedTextClass}`}>
                    {position.requirements.map((requirement) => (
                      <li key={requirement}>{requirement}</li>
                    ))}
                  </ul>
                </div>
                <a
                  href={applicationHref(position.title, site.name, site.contact.careers)}
                  className={`shrink-0 self-start ${primaryButtonClass}`}
                >
                  Apply Now<span className="sr-only"> for {position.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </InfoSection>

        <section aria-labelledby="general-application" className={`mb-4 p-8 text-center sm:p-12 ${cardClass}`}>
          <h2 id="general-application" className="text-2xl font-bold tracking-tight">
            Don't see the right role?
          </h2>
          <p className={`mx-auto mt-3 max-w-xl ${mutedTextClass}`}>
            We are always glad to hear from talented people. Tell us what you do best and how you would like to contribute.
          </p>
          <a href={generalApplication} className={`mt-6 ${primaryButtonClass}`}>
            <Mail aria-hidden className="size-4" />
            Send a general application
          </a>
          <p className={`mt-4 text-sm ${mutedTextClass}`}>or write to {site.contact.careers}</p>
        </section>
      </Container>
    </SiteShell>
  );
}

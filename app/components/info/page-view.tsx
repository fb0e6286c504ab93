import {
  Briefcase,
  Clock,
  FileText,
  Globe,
  LayoutTemplate,
  Lightbulb,
  Mail,
  MapPin,
  Newspaper,
  Sparkles,
  Target,
  TrendingUp,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { PageSectionView, PageView } from "~/utils/page-text";
import { AdPackageCard } from "./ad-package-card";
import { ContactForm } from "./contact-form";
import {
  cardClass,
  IconBadge,
  InfoHero,
  InfoSection,
  mutedTextClass,
  primaryButtonClass,
  secondaryButtonClass,
  textLinkClass,
} from "./info-page";
import { mailtoHref } from "~/utils/mailto";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { useSite } from "~/components/layout/use-site";
import type { SiteInfo } from "~/utils/seo";

/*
 * A page of the site (decision 039) in the information pages' frame: the hero band with its label, heading and
 * introduction, then the markdown body cut at its `##` headings into titled regions. The Careers, Contact and
 * Advertise layouts add what their fields list between them, as the specification's pages did.
 */

/** Rendered markdown in running text: sanitized on the server (page-view.server.ts), trusted here. */
const proseClass =
  "leading-7 text-slate-700 dark:text-slate-300 [&>*:first-child]:mt-0 [&_p]:mt-3 [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-slate-100 [&_h4]:mt-6 [&_h4]:font-semibold [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_ul]:marker:text-slate-400 dark:[&_ul]:marker:text-slate-500 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-slate-100 [&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] dark:[&_code]:bg-slate-800 [&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:decoration-blue-700/30 [&_a]:underline-offset-2 dark:[&_a]:text-blue-300 dark:[&_a]:decoration-blue-300/40";

export function Prose({ html, className = "" }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={`${proseClass} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Hero({ page, actions }: { page: PageView; actions?: React.ReactNode }) {
  return (
    <InfoHero eyebrow={page.eyebrow} title={page.heading} actions={actions}>
      {page.leadHtml ? (
        <div
          className="[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:decoration-blue-700/30 [&_a]:underline-offset-2 dark:[&_a]:text-blue-300 [&>p+p]:mt-4"
          dangerouslySetInnerHTML={{ __html: page.leadHtml }}
        />
      ) : null}
    </InfoHero>
  );
}

function Sections({ sections }: { sections: readonly PageSectionView[] }) {
  return sections.map((section) => (
    <InfoSection key={section.id} id={section.id} title={section.title}>
      <Prose html={section.html} className="max-w-3xl text-lg" />
    </InfoSection>
  ));
}

/** A page of running text; with `showContents`, an "On this page" list beside it, as the policies have. */
function PlainPage({ page }: { page: PageView }) {
  if (!page.showContents) {
    return (
      <SiteShell>
        <Hero page={page} />
        <Container>
          {page.introHtml ? <Prose html={page.introHtml} className="max-w-3xl pt-8 text-lg sm:pt-12" /> : null}
          <Sections sections={page.sections} />
        </Container>
      </SiteShell>
    );
  }
  return (
    <SiteShell>
      <Hero page={page} />
      <Container className="grid gap-10 py-12 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100">On this page</p>
            <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm dark:border-slate-800">
              {page.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className={`-ml-px block border-l border-transparent pl-4 hover:border-blue-600 hover:text-blue-700 dark:hover:border-blue-400 dark:hover:text-blue-300 ${mutedTextClass}`}
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="max-w-3xl">
          {page.introHtml ? <Prose html={page.introHtml} className="pb-8" /> : null}
          {page.sections.map((section) => (
            <section
              key={section.id}
              aria-labelledby={section.id}
              className="border-b border-slate-200 py-8 first:pt-0 last:border-b-0 dark:border-slate-800"
            >
              <h2 id={section.id} className="scroll-mt-24 text-xl font-bold tracking-tight sm:text-2xl">
                {section.title}
              </h2>
              <Prose html={section.html} className="mt-3" />
            </section>
          ))}
        </div>
      </Container>
    </SiteShell>
  );
}

function applicationHref(position: string, siteName: string, address: string): string {
  return mailtoHref(address, {
    subject: `Application: ${position}`,
    body: `Hello ${siteName} team,\n\nI would like to apply for the ${position} position. My CV and a short cover letter are attached.\n\nBest regards,\n`,
  });
}

function CareersPage({ page, site }: { page: PageView; site: SiteInfo }) {
  const generalApplication = mailtoHref(site.contact.careers, {
    subject: "General Application",
    body: `Hello ${site.name} team,\n\nI would love to work with you. Here is a little about me and the role I have in mind:\n\n`,
  });
  return (
    <SiteShell>
      <Hero
        page={page}
        actions={
          page.openings.length > 0 ? (
            <a href="#open-positions" className={primaryButtonClass}>
              View open positions
            </a>
          ) : undefined
        }
      />
      <Container>
        {page.introHtml ? <Prose html={page.introHtml} className="max-w-3xl pt-8 text-lg sm:pt-12" /> : null}
        <Sections sections={page.sections} />

        {page.openings.length > 0 ? (
          <InfoSection
            id="open-positions"
            title="Open positions"
            intro={page.openingsIntro || undefined}
            className="scroll-mt-16"
          >
            <ul className="grid gap-4">
              {page.openings.map((position) => (
                <li
                  key={position.title}
                  className={`flex flex-col gap-5 p-6 sm:p-8 lg:flex-row lg:items-start lg:justify-between ${cardClass}`}
                >
                  <div className="max-w-2xl">
                    <h3 className="text-xl font-bold">{position.title}</h3>
                    <ul className={`mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm ${mutedTextClass}`} aria-label="Role details">
                      {position.department ? (
                        <li className="inline-flex items-center gap-1.5">
                          <Briefcase aria-hidden className="size-4" />
                          {position.department}
                        </li>
                      ) : null}
                      {position.place ? (
                        <li className="inline-flex items-center gap-1.5">
                          <MapPin aria-hidden className="size-4" />
                          {position.place}
                        </li>
                      ) : null}
                      {position.kind ? (
                        <li className="inline-flex items-center gap-1.5">
                          <Clock aria-hidden className="size-4" />
                          {position.kind}
                        </li>
                      ) : null}
                    </ul>
                    <Prose
                      html={position.descriptionHtml}
                      className="mt-4 [&_ul]:space-y-1 [&_ul]:pl-5 [&_ul]:text-sm [&_ul]:text-slate-600 dark:[&_ul]:text-slate-400 [&_ul_li]:mt-0"
                    />
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
        ) : null}

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

interface Channel {
  title: string;
  icon: LucideIcon;
  text: string;
  address: string;
  subject: string;
}

const channels = (contact: SiteInfo["contact"]): Channel[] => [
  {
    title: "Email Us",
    icon: Mail,
    text: "Questions, feedback and corrections. We answer within two business days.",
    address: contact.general,
    subject: "General Inquiry",
  },
  {
    title: "Story Tips",
    icon: Lightbulb,
    text: "Know something we should look into? Tips are read by our editors and handled in confidence.",
    address: contact.tips,
    subject: "Story Tip",
  },
  {
    title: "Press Inquiries",
    icon: Newspaper,
    text: "Journalists and media: interviews, comments and press material.",
    address: contact.press,
    subject: "Press Inquiry",
  },
];

function ContactPage({ page, site }: { page: PageView; site: SiteInfo }) {
  return (
    <SiteShell>
      <Hero page={page} />
      <Container className="py-12 sm:py-14">
        <section aria-labelledby="ways-to-reach-us">
          <h2 id="ways-to-reach-us" className="sr-only">
            Ways to reach us
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {channels(site.contact).map((channel) => (
              <li
                key={channel.title}
                className={`relative flex flex-col p-6 transition-colors focus-within:border-blue-600 hover:border-blue-600 dark:focus-within:border-blue-400 dark:hover:border-blue-400 ${cardClass}`}
              >
                <IconBadge icon={channel.icon} />
                <h3 className="mt-4 text-lg font-semibold">{channel.title}</h3>
                <p className={`mt-2 flex-1 text-sm leading-relaxed ${mutedTextClass}`}>{channel.text}</p>
                <a
                  href={mailtoHref(channel.address, { subject: channel.subject })}
                  className={`mt-4 break-words after:absolute after:inset-0 after:rounded-xl ${textLinkClass}`}
                >
                  {channel.address}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <section aria-labelledby="send-a-message" className={`p-6 sm:p-8 ${cardClass}`}>
            <h2 id="send-a-message" className="mb-4 text-2xl font-bold tracking-tight">
              Send us a message
            </h2>
            <ContactForm recipient={page.recipient || undefined} />
          </section>

          {page.sections.length > 0 || page.introHtml ? (
            <div className="space-y-8">
              {page.introHtml ? <Prose html={page.introHtml} /> : null}
              {page.sections.map((section) => (
                <aside key={section.id} aria-labelledby={section.id} className="space-y-4">
                  <h2 id={section.id} className="text-xl font-bold tracking-tight">
                    {section.title}
                  </h2>
                  <Prose
                    html={section.html}
                    className={`text-sm [&_h3]:mt-4 [&_h3]:rounded-t-xl [&_h3]:border [&_h3]:border-b-0 [&_h3]:border-slate-200 [&_h3]:bg-white [&_h3]:px-5 [&_h3]:pt-5 [&_h3]:text-base dark:[&_h3]:border-slate-800 dark:[&_h3]:bg-slate-900 [&_h3+p]:mt-0 [&_h3+p]:rounded-b-xl [&_h3+p]:border [&_h3+p]:border-t-0 [&_h3+p]:border-slate-200 [&_h3+p]:bg-white [&_h3+p]:px-5 [&_h3+p]:pt-2 [&_h3+p]:pb-5 dark:[&_h3+p]:border-slate-800 dark:[&_h3+p]:bg-slate-900`}
                  />
                </aside>
              ))}
            </div>
          ) : null}
        </div>
      </Container>
    </SiteShell>
  );
}

const FIGURE_ICONS: LucideIcon[] = [Users, Target, Globe, TrendingUp];
const PACKAGE_ICONS: LucideIcon[] = [LayoutTemplate, FileText, Newspaper, Sparkles];

function inquiry(address: string, subject: string, body: string): string {
  return mailtoHref(address, { subject, body });
}

function packageInquiry(address: string, name: string, price: string): string {
  return inquiry(
    address,
    `Advertising inquiry: ${name}`,
    `Hello,\n\nI would like to learn more about the ${name} package (${price}).\n\nCompany:\nWebsite:\nCampaign goals:\nPreferred dates:\n\nThank you.\n`,
  );
}

function AdvertisePage({ page, site }: { page: PageView; site: SiteInfo }) {
  const getStarted = inquiry(
    site.contact.ads,
    "Getting started with advertising",
    `Hello,\n\nWe would like to advertise with ${site.name}.\n\nCompany:\nWebsite:\nBudget:\nTimeline:\n\nThank you.\n`,
  );
  const mediaKit = inquiry(
    site.contact.ads,
    "Media kit request",
    `Hello,\n\nPlease send us the ${site.name} media kit.\n\nCompany:\nWebsite:\n\nThank you.\n`,
  );
  const adTeam = inquiry(
    site.contact.ads,
    "Advertising inquiry",
    `Hello,\n\nWe have a question about advertising with ${site.name}:\n\n`,
  );
  return (
    <SiteShell>
      <Hero
        page={page}
        actions={
          <>
            <a href={getStarted} className={primaryButtonClass}>
              Get Started
            </a>
            <a href={mediaKit} className={secondaryButtonClass}>
              <FileText aria-hidden className="size-4" />
              Request Media Kit
            </a>
          </>
        }
      />
      <Container>
        {page.figures.length > 0 ? (
          <section aria-labelledby="audience-stats" className="pt-12 sm:pt-14">
            <h2 id="audience-stats" className="sr-only">
              Audience at a glance
            </h2>
            <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {page.figures.map(({ value, label }, index) => (
                <div key={`${label}-${index}`} className={`flex flex-col p-5 sm:p-6 ${cardClass}`}>
                  <dt className={`order-2 mt-1 text-sm font-medium ${mutedTextClass}`}>{label}</dt>
                  <dd className="order-1">
                    <IconBadge icon={FIGURE_ICONS[index % FIGURE_ICONS.length] ?? Users} />
                    <span className="mt-3 block text-3xl font-extrabold tracking-tight sm:text-4xl">{value}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}

        {page.audience.length > 0 ? (
          <InfoSection id="our-audience" title="Our audience" intro={page.audienceIntro || undefined}>
            <div className={`p-6 sm:p-8 ${cardClass}`}>
              <h3 className="font-semibold">Audience breakdown</h3>
              <ul className="mt-6 space-y-5">
                {page.audience.map(({ segment, percent }, index) => (
                  <li key={`${segment}-${index}`}>
                    <div className="flex items-baseline justify-between gap-4 text-sm">
                      <span className="font-medium">{segment}</span>
                      <span className="font-bold tabular-nums">{percent}%</span>
                    </div>
                    <div aria-hidden className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                      <div className="h-full rounded-full bg-blue-600 dark:bg-blue-400" style={{ width: `${percent}%` }} />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </InfoSection>
        ) : null}

        {page.packages.length > 0 ? (
          <InfoSection id="advertising-packages" title="Advertising packages" intro={page.packagesIntro || undefined}>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {page.packages.map((ad, index) => (
                <AdPackageCard
                  key={`${ad.name}-${index}`}
                  ad={{
                    ...ad,
                    icon: PACKAGE_ICONS[index % PACKAGE_ICONS.length] ?? Sparkles,
                    learnMoreHref: packageInquiry(site.contact.ads, ad.name, ad.price),
                  }}
                />
              ))}
            </ul>
          </InfoSection>
        ) : null}

        {page.introHtml ? <Prose html={page.introHtml} className="max-w-3xl pt-8 text-lg" /> : null}
        {page.sections.map((section) => (
          <InfoSection key={section.id} id={section.id} title={section.title}>
            <Prose
              html={section.html}
              className="max-w-3xl [&_h3]:mt-6 [&_h3]:text-lg [&_h3+p_strong]:inline-block [&_h3+p_strong]:rounded-full [&_h3+p_strong]:bg-blue-50 [&_h3+p_strong]:px-2.5 [&_h3+p_strong]:py-0.5 [&_h3+p_strong]:text-xs [&_h3+p_strong]:text-blue-700 dark:[&_h3+p_strong]:bg-blue-950 dark:[&_h3+p_strong]:text-blue-300"
            />
          </InfoSection>
        ))}

        <section
          aria-labelledby="work-with-us"
          className="mb-4 rounded-2xl bg-blue-700 px-6 py-10 text-center text-white sm:px-12 sm:py-14 dark:bg-blue-900"
        >
          <h2 id="work-with-us" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Ready to reach our readers?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-blue-50">
            Tell us about your goals and we will put together a proposal, usually within two business days.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href={adTeam}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-2.5 font-semibold text-blue-800 shadow-sm hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Mail aria-hidden className="size-4" />
              Contact Our Ad Team
            </a>
          </div>
          <p className="mt-4 text-sm text-blue-50">or write to {site.contact.ads}</p>
        </section>
      </Container>
    </SiteShell>
  );
}

/** A page of the site in the layout it asks for. */
export function SitePage({ page }: { page: PageView }) {
  const { site } = useSite();
  switch (page.layout) {
    case "careers":
      return <CareersPage page={page} site={site} />;
    case "contact":
      return <ContactPage page={page} site={site} />;
    case "advertise":
      return <AdvertisePage page={page} site={site} />;
    default:
      return <PlainPage page={page} />;
  }
}

import {
  BadgeCheck,
  Cloud,
  Code,
  Cpu,
  Megaphone,
  Newspaper,
  Rocket,
  Scale,
  Shield,
  Smartphone,
  Sparkles,
  Users,
  Watch,
  type LucideIcon,
} from "lucide-react";
import {
  cardClass,
  IconBadge,
  InfoHero,
  InfoSection,
  mutedTextClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "~/components/info/info-page";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { useSite } from "~/components/layout/use-site";
import type { Category } from "~/utils/categories";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/about";

export const handle = readerPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: pageTitle(site, "About Us"),
    description: `Who we are and how we work: ${site.name} covers AI, mobile, startups, cloud, gadgets, software and security, checked by editors.`,
    path: "/about",
  });
}

const COVERAGE: { category: Category; icon: LucideIcon; summary: string }[] = [
  { category: "AI", icon: Cpu, summary: "Models, research and the products built on them, with the hype taken out." },
  { category: "Mobile", icon: Smartphone, summary: "Phones, tablets, operating systems and the apps people rely on every day." },
  { category: "Startups", icon: Rocket, summary: "Founders, funding rounds and the young companies changing their markets." },
  { category: "Cloud", icon: Cloud, summary: "Infrastructure, platforms and the economics of running software at scale." },
  { category: "Gadgets", icon: Watch, summary: "Hardware launches, wearables and the devices worth your attention." },
  { category: "Software", icon: Code, summary: "Developer tools, open source and the releases that matter to builders." },
  { category: "Security", icon: Shield, summary: "Breaches, vulnerabilities and practical advice for staying safe online." },
];

const PRINCIPLES: { title: string; icon: LucideIcon; text: string }[] = [
  {
    title: "Grounded in real reporting",
    icon: Newspaper,
    text: "Every story is based on verifiable news from trusted outlets, and we link to the sources we used so you can check them.",
  },
  {
    title: "Editors decide",
    icon: BadgeCheck,
    text: 'Some articles start as AI-assisted drafts. An editor reviews, corrects and approves each one before it is published, and it carries an "AI-assisted" label.',
  },
  {
    title: "Independent",
    icon: Scale,
    text: "Advertisers never influence our coverage. Sponsored content is always clearly labelled as sponsored.",
  },
  {
    title: "Open about mistakes",
    icon: Sparkles,
    text: "When we get something wrong, we fix it promptly and say so. Readers' corrections are always welcome.",
  },
];

export default function AboutPage() {
  const { site } = useSite();
  return (
    <SiteShell>
      <InfoHero
        eyebrow="About us"
        title={`About ${site.name}`}
        actions={
          <>
            <a href="/contact" className={primaryButtonClass}>
              Contact us
            </a>
            <a href="/careers" className={secondaryButtonClass}>
              Join our team
            </a>
          </>
        }
      >
        <p>
          {site.name} is an independent technology newsroom. We explain what is happening in tech, and why it matters, for curious
          readers who want clear, accurate reporting without the noise.
        </p>
      </InfoHero>

      <Container>
        <InfoSection id="mission" title="Our mission">
          <div className={`grid max-w-3xl gap-4 text-lg leading-relaxed ${mutedTextClass}`}>
            <p>
              Technology shapes how we work, talk and live, yet most coverage is either too shallow or too technical. We aim for
              the middle: stories that respect your time and your intelligence, with the context you need to understand them.
            </p>
            <p>
              Our small team of editors combines traditional reporting with carefully supervised AI tools, so we can follow a fast
              industry closely without lowering our standards.
            </p>
          </div>
        </InfoSection>

        <InfoSection id="coverage" title="What we cover" intro="Seven sections, updated throughout the week.">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {COVERAGE.map(({ category, icon, summary }) => (
              <li key={category}>
                <a
                  href={`/category/${category.toLowerCase()}`}
                  className={`flex h-full gap-4 p-5 transition-colors hover:border-blue-600 dark:hover:border-blue-400 ${cardClass}`}
                >
                  <IconBadge icon={icon} />
                  <span>
                    <span className="block font-semibold">{category}</span>
                    <span className={`mt-1 block text-sm ${mutedTextClass}`}>{summary}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </InfoSection>

        <InfoSection id="how-we-work" title="How we work">
          <ul className="grid gap-4 sm:grid-cols-2">
            {PRINCIPLES.map(({ title, icon, text }) => (
              <li key={title} className={`p-6 ${cardClass}`}>
                <IconBadge icon={icon} />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className={`mt-2 ${mutedTextClass}`}>{text}</p>
              </li>
            ))}
          </ul>
        </InfoSection>

        <InfoSection id="get-involved" title="Get involved">
          <ul className="grid gap-4 md:grid-cols-3">
            <GetInvolvedCard
              icon={Megaphone}
              title="Send us a tip"
              text="Know something we should look into? Our editors read every message."
              href="/contact"
              label="Contact the newsroom"
            />
            <GetInvolvedCard
              icon={Users}
              title="Work with us"
              text="We hire reporters, marketers and engineers who care about good journalism."
              href="/careers"
              label="See open positions"
            />
            <GetInvolvedCard
              icon={Rocket}
              title="Reach our readers"
              text={`Put your brand in front of the people who follow ${site.name}.`}
              href="/advertise"
              label="Advertise with us"
            />
          </ul>
        </InfoSection>
      </Container>
    </SiteShell>
  );
}

function GetInvolvedCard({
  icon,
  title,
  text,
  href,
  label,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  href: string;
  label: string;
}) {
  return (
    <li className={`flex flex-col p-6 ${cardClass}`}>
      <IconBadge icon={icon} />
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className={`mt-2 flex-1 ${mutedTextClass}`}>{text}</p>
      <a href={href} className="mt-4 font-semibold text-blue-700 hover:underline dark:text-blue-300">
        {label} <span aria-hidden>→</span>
      </a>
    </li>
  );
}

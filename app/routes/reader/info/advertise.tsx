import {
  FileText,
  Globe,
  LayoutTemplate,
  Mail,
  Newspaper,
  Sparkles,
  Target,
  TrendingUp,
  Users,
  type LucideIcon,
} from "lucide-react";
import { AdPackageCard, type AdPackage } from "~/components/info/ad-package-card";
import {
  cardClass,
  IconBadge,
  InfoHero,
  InfoSection,
  mutedTextClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "~/components/info/info-page";
import { mailtoHref } from "~/components/info/mailto";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { useSite } from "~/components/layout/use-site";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/advertise";

export const handle = readerPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: pageTitle(site, "Advertise"),
    description: `Reach ${site.name}'s engaged technology audience with banners, sponsored articles, newsletter sponsorships and custom campaigns.`,
    path: "/advertise",
  });
}

/** The spec's audience claims. */
const STATS: { value: string; label: string; icon: LucideIcon }[] = [
  { value: "50K+", label: "Monthly Readers", icon: Users },
  { value: "85%", label: "Engagement Rate", icon: Target },
  { value: "40+", label: "Countries", icon: Globe },
  { value: "25%", label: "Monthly Growth", icon: TrendingUp },
];

/** The spec's audience split: 35/28/20/17 percent. */
const AUDIENCE: { segment: string; percent: number }[] = [
  { segment: "Technology professionals", percent: 35 },
  { segment: "Business leaders and decision-makers", percent: 28 },
  { segment: "Software developers", percent: 20 },
  { segment: "Tech enthusiasts and early adopters", percent: 17 },
];

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

function adPackages(siteName: string, address: string): AdPackage[] {
  const packages: Omit<AdPackage, "learnMoreHref">[] = [
    {
      name: "Banner Advertising",
      icon: LayoutTemplate,
      price: "From $500/month",
      summary: "Display placements across the home page, category pages and articles.",
      features: [
        "Leaderboard, sidebar and in-article placements",
        "Site-wide or category targeting, such as AI or Security",
        "Monthly report of impressions and clicks",
        "Creative review and setup within two business days",
      ],
    },
    {
      name: "Sponsored Articles",
      icon: FileText,
      price: "$1,500 per article",
      summary: "A story about your product or expertise, published and promoted on our site.",
      features: [
        "Written with our content team to our editorial standards",
        "Clearly labelled as sponsored",
        "Featured on the home page and in the relevant category for one week",
        "Permanent link and a performance report",
      ],
    },
    {
      name: "Newsletter Sponsorship",
      icon: Newspaper,
      price: "$800 per edition",
      summary: `A featured spot in the ${siteName} newsletter, delivered to every active subscriber.`,
      features: [
        "Logo, a short message and a link near the top of the issue",
        "Delivered to every active subscriber's inbox",
        "Open and click report after each edition",
        "Discounts for bookings of four or more editions",
      ],
    },
    {
      name: "Custom Campaigns",
      icon: Sparkles,
      price: "Priced on request",
      summary: "A campaign built around your goals, combining placements across the site and newsletter.",
      features: [
        "Product launches, event coverage and multi-month programmes",
        "Any mix of banners, sponsored articles and newsletter slots",
        "A dedicated account manager",
        "Reporting tailored to your goals",
      ],
    },
  ];
  return packages.map((ad) => ({ ...ad, learnMoreHref: packageInquiry(address, ad.name, ad.price) }));
}

const SUCCESS_STORIES: { client: string; campaign: string; story: string }[] = [
  {
    client: "A cloud infrastructure provider",
    campaign: "Banner Advertising",
    story:
      "A three-month banner campaign in our Cloud section reached the engineers who choose infrastructure and brought a steady flow of qualified trial sign-ups.",
  },
  {
    client: "A developer-tools startup",
    campaign: "Sponsored Articles",
    story:
      "A short series of clearly labelled sponsored articles introduced the product to developers ahead of its public launch and filled its early-access list.",
  },
  {
    client: "A consumer electronics brand",
    campaign: "Newsletter Sponsorship",
    story:
      "Newsletter sponsorships during launch week put a new device in front of readers who buy early and recommend products to friends and colleagues.",
  },
];

export default function AdvertisePage() {
  const { site } = useSite();
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
      <InfoHero
        eyebrow="Advertise"
        title={`Advertise with ${site.name}`}
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
      >
        <p>
          Put your brand in front of an engaged audience of technology professionals, developers and decision-makers who come to{" "}
          {site.name} for news they can trust.
        </p>
      </InfoHero>

      <Container>
        <section aria-labelledby="audience-stats" className="pt-12 sm:pt-14">
          <h2 id="audience-stats" className="sr-only">
            Audience at a glance
          </h2>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {STATS.map(({ value, label, icon }) => (
              <div key={label} className={`flex flex-col p-5 sm:p-6 ${cardClass}`}>
                <dt className={`order-2 mt-1 text-sm font-medium ${mutedTextClass}`}>{label}</dt>
                <dd className="order-1">
                  <IconBadge icon={icon} />
                  <span className="mt-3 block text-3xl font-extrabold tracking-tight sm:text-4xl">{value}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <InfoSection
          id="our-audience"
          title="Our audience"
          intro={`Who reads ${site.name}: people who build, buy and follow technology for a living or for love.`}
        >
          <div className={`p-6 sm:p-8 ${cardClass}`}>
            <h3 className="font-semibold">Audience breakdown</h3>
            <ul className="mt-6 space-y-5">
              {AUDIENCE.map(({ segment, percent }) => (
                <li key={segment}>
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

        <InfoSection
          id="advertising-packages"
          title="Advertising packages"
          intro="Four ways to work with us. Open a package for what it includes, or ask us for details."
        >
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {adPackages(site.name, site.contact.ads).map((ad) => (
              <AdPackageCard key={ad.name} ad={ad} />
            ))}
          </ul>
        </InfoSection>

        <InfoSection
          id="success-stories"
          title="Success stories"
          intro="A few examples of campaigns that worked for our partners."
        >
          <ul className="grid gap-4 md:grid-cols-3">
            {SUCCESS_STORIES.map(({ client, campaign, story }) => (
              <li key={client} className={`flex flex-col p-6 ${cardClass}`}>
                <p className="w-fit rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                  {campaign}
                </p>
                <h3 className="mt-3 text-lg font-semibold">{client}</h3>
                <p className={`mt-2 text-sm leading-relaxed ${mutedTextClass}`}>{story}</p>
              </li>
            ))}
          </ul>
        </InfoSection>

        <section
          aria-labelledby="work-with-us"
          className="rounded-2xl bg-blue-700 px-6 py-10 text-center text-white sm:px-12 sm:py-14 dark:bg-blue-900"
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

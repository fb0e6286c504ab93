import { Clock, Lightbulb, Mail, Newspaper, type LucideIcon } from "lucide-react";
import type { ContactAddresses } from "~/utils/seo";
import { ContactForm } from "~/components/info/contact-form";
import { cardClass, IconBadge, InfoHero, mutedTextClass, textLinkClass } from "~/components/info/info-page";
import { mailtoHref } from "~/components/info/mailto";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { useSite } from "~/components/layout/use-site";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/contact";

export const handle = readerPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: pageTitle(site, "Contact Us"),
    description: `Get in touch with the ${site.name} newsroom: general questions, story tips and press inquiries.`,
    path: "/contact",
  });
}

interface Channel {
  title: string;
  icon: LucideIcon;
  text: string;
  address: string;
  subject: string;
}

const channels = (contact: ContactAddresses): Channel[] => [
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

export default function ContactPage() {
  const { site } = useSite();
  return (
    <SiteShell>
      <InfoHero eyebrow="Contact" title="Contact Us">
        <p>
          Questions, tips or feedback? The {site.name} team would love to hear from you. Pick the inbox that fits, or use the form
          below.
        </p>
      </InfoHero>

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
            <ContactForm />
          </section>

          <aside aria-labelledby="before-you-write" className="space-y-4">
            <h2 id="before-you-write" className="text-xl font-bold tracking-tight">
              Before you write
            </h2>
            <div className={`p-5 ${cardClass}`}>
              <h3 className="flex items-center gap-2 font-semibold">
                <Clock aria-hidden className="size-4 text-blue-700 dark:text-blue-300" />
                Response times
              </h3>
              <p className={`mt-2 text-sm leading-relaxed ${mutedTextClass}`}>
                We read every message and usually reply within two business days. Urgent story tips are seen the same day.
              </p>
            </div>
            <div className={`p-5 ${cardClass}`}>
              <h3 className="font-semibold">Corrections</h3>
              <p className={`mt-2 text-sm leading-relaxed ${mutedTextClass}`}>
                Found a mistake in an article? Include its link and what needs fixing, and we will correct it promptly.
              </p>
            </div>
            <div className={`p-5 ${cardClass}`}>
              <h3 className="font-semibold">Other teams</h3>
              <p className={`mt-2 text-sm leading-relaxed ${mutedTextClass}`}>
                Looking to{" "}
                <a href="/advertise" className={textLinkClass}>
                  advertise
                </a>{" "}
                or{" "}
                <a href="/careers" className={textLinkClass}>
                  join the team
                </a>
                ? Those pages have the right contacts.
              </p>
            </div>
          </aside>
        </div>
      </Container>
    </SiteShell>
  );
}

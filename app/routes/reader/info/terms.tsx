import { textLinkClass } from "~/components/info/info-page";
import { MINIMUM_READER_AGE } from "~/components/info/policy";
import { PolicyMailLink, PolicyPage, type PolicySection } from "~/components/info/policy-page";
import { useSite } from "~/components/layout/use-site";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/terms";

export const handle = readerPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: pageTitle(site, "Terms of Service"),
    description: `The terms that apply when you read ${site.name}, subscribe to its newsletter or advertise with it.`,
    path: "/terms",
  });
}

export default function TermsPage() {
  const { site } = useSite();
  const sections: PolicySection[] = [
    {
      id: "acceptance",
      title: "Acceptance of these terms",
      content: (
        <p>
          These terms apply to everyone who visits {site.name}, reads its articles, subscribes to its newsletter or contacts its
          team. By using the site you agree to them. If you do not agree, please do not use the site.
        </p>
      ),
    },
    {
      id: "using-the-site",
      title: "Using the site",
      content: (
        <>
          <p>
            Reading {site.name} is free and needs no account. You may share links to our articles and quote short passages with a
            link back to the original. Please do not:
          </p>
          <ul>
            <li>copy or republish whole articles without written permission;</li>
            <li>scrape the site in a way that degrades it for other readers, or try to bypass its rate limits;</li>
            <li>
              try to reach the editors' admin area without authorisation, or probe the site for vulnerabilities without telling
              us;
            </li>
            <li>use the site for anything unlawful.</li>
          </ul>
        </>
      ),
    },
    {
      id: "content",
      title: "Our content",
      content: (
        <>
          <p>
            Articles, illustrations and the site's design belong to {site.name} or to the people who licensed them to us. Some
            articles start as drafts written with the help of AI from news published by trusted outlets; an editor reviews every
            such draft before it is published, and it carries an "AI-assisted" label.
          </p>
          <p>
            We work hard to be accurate, but news moves quickly and mistakes happen. Articles are for general information, not
            professional, financial or legal advice. If you spot an error, write to{" "}
            <PolicyMailLink address={site.contact.general} /> and we will correct it.
          </p>
        </>
      ),
    },
    {
      id: "newsletter",
      title: "Newsletter",
      content: (
        <p>
          When you subscribe, we send our newsletter to the address you gave us. Every issue contains an unsubscribe link that
          ends your subscription with one press of its Unsubscribe button. See the{" "}
          <a href="/privacy" className={textLinkClass}>
            Privacy Policy
          </a>{" "}
          for what we keep about subscribers.
        </p>
      ),
    },
    {
      id: "advertising",
      title: "Advertising and sponsored content",
      content: (
        <p>
          {site.name} may show advertising and publish sponsored articles. Sponsored content is always labelled as such, and
          advertisers have no say over our independent reporting. Terms for advertisers are agreed separately with our ad team.
        </p>
      ),
    },
    {
      id: "external-links",
      title: "Links to other sites",
      content: (
        <p>
          Our articles link to the sources they are based on and to other websites. We are not responsible for the content or
          privacy practices of those sites.
        </p>
      ),
    },
    {
      id: "children",
      title: "Children",
      content: (
        <p>
          {site.name} is written for a general adult audience and is not targeted at children under {MINIMUM_READER_AGE}. Children
          under {MINIMUM_READER_AGE} should not subscribe to the newsletter or send us personal information.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Disclaimers and limitation of liability",
      content: (
        <p>
          The site is provided "as is", without warranties of any kind. As far as the law allows, {site.name} is not liable for
          indirect or consequential losses that arise from using the site or relying on its content. Nothing in these terms limits
          rights you have under consumer protection law.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      content: (
        <p>
          We may update these terms from time to time. When we do, we change the date at the top of this page; significant changes
          are also announced on the site. Continuing to use the site after a change means you accept the new terms.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      content: (
        <p>
          Questions about these terms? Email <PolicyMailLink address={site.contact.general} /> or use our{" "}
          <a href="/contact" className={textLinkClass}>
            contact page
          </a>
          .
        </p>
      ),
    },
  ];
  return (
    <PolicyPage
      title="Terms of Service"
      summary={`The rules for reading ${site.name}, subscribing to our newsletter and working with us, in plain language.`}
      sections={sections}
    />
  );
}

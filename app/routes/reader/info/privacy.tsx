import { textLinkClass } from "~/components/info/info-page";
import { MINIMUM_READER_AGE, PERSISTENT_COOKIE_LIFETIME } from "~/components/info/policy";
import { PolicyMailLink, PolicyPage, type PolicySection } from "~/components/info/policy-page";
import { useSite } from "~/components/layout/use-site";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/privacy";

export const handle = readerPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: pageTitle(site, "Privacy Policy"),
    description: `What ${site.name} collects when you read, subscribe or get in touch, why, and how you stay in control.`,
    path: "/privacy",
  });
}

export default function PrivacyPage() {
  const { site } = useSite();
  const sections: PolicySection[] = [
    {
      id: "overview",
      title: "Overview",
      content: (
        <p>
          {site.name} is a technology newsroom. You can read everything without an account, and we collect as little about you as
          we can. This policy explains what we do collect, why, and the choices you have.
        </p>
      ),
    },
    {
      id: "information-we-collect",
      title: "Information we collect",
      content: (
        <ul>
          <li>
            <strong>Newsletter subscribers.</strong> When you subscribe we store your email address, whether your subscription is
            active, and when you subscribed or unsubscribed.
          </li>
          <li>
            <strong>Messages you send us.</strong> Our contact, careers and advertising pages do not send anything to our servers:
            they open your own email app with a draft. We receive only the emails you choose to send.
          </li>
          <li>
            <strong>Server logs.</strong> Like most websites, our servers record technical details of each request (IP address,
            browser, page requested and time) to keep the site secure, stop abuse and fix problems.
          </li>
          <li>
            <strong>Editors.</strong> Members of our team who sign in to the admin area have a username and a sign-in session.
          </li>
        </ul>
      ),
    },
    {
      id: "reading-figures",
      title: "Reading figures",
      content: site.analytics ? (
        <>
          <p>
            To learn which stories readers find useful, we count how many people read each article, in our own database and
            without any third party. When you open an article, your browser sends us one small note naming the article (or,
            without JavaScript, loads a one-pixel image). We set no cookie for this and read nothing from your device.
          </p>
          <p>
            To count you once per article per day, our server mixes your IP address and browser name with a random secret and
            keeps the result only in its memory, never on disk. The secret is replaced at midnight and the old one is thrown away,
            so yesterday's visitors cannot be recognised today, by us or anyone else. What we store is only a number per article
            per day. Search engines and other robots are not counted, and neither are our editors.
          </p>
          <p>
            The same way, we count how many of these reads came from each newsletter we sent (the article links in the newsletter
            carry the newsletter's number, such as <code>ref=newsletter-42</code>, and nothing about you), and which searches on
            this site found nothing, so we know what to write about. A search is stored in lower case, with the number of people
            who made it that day and nothing else, and deleted after 30 days. For the newsletter we also count, per day, how many
            people signed up, confirmed and unsubscribed: numbers only, no addresses.
          </p>
        </>
      ) : (
        <p>
          This site does not count its readers: opening an article or searching sends us nothing beyond the page request itself.
        </p>
      ),
    },
    {
      id: "browser-storage",
      title: "Information stored in your browser",
      content: (
        <p>
          The site keeps two small settings in your browser's local storage: your light or dark theme preference, and the time of
          your last visit, so the notifications bell can show which stories are new. They stay on your device, are never sent to
          us, and you can remove them at any time by clearing your browser's site data.
        </p>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      content: (
        <>
          <p>
            Readers get no cookies from us. Editors who sign in receive a session cookie that keeps them signed in and expires
            after 24 hours. When the site is configured with an advertising network, that network may set cookies to show and
            measure ads.
          </p>
          <p>
            Session cookies are deleted when you close your browser; persistent cookies last from {PERSISTENT_COOKIE_LIFETIME}.
            Our{" "}
            <a href="/cookie-policy" className={textLinkClass}>
              Cookie Policy
            </a>{" "}
            has the details.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use",
      title: "How we use information",
      content: (
        <ul>
          <li>to send the newsletter you asked for, and to stop sending it when you unsubscribe;</li>
          <li>to answer the emails you send us;</li>
          <li>to keep the site available, secure and fast;</li>
          <li>to understand, in aggregate, which stories readers find useful.</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: "Sharing",
      content: (
        <p>
          We do not sell your personal information. We share it only with the providers that help us run the site, such as our
          hosting and the mail service that delivers the newsletter, and only as far as they need it to do that work; with an
          advertising network when ads are enabled; or when the law requires it.
        </p>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      content: (
        <p>
          We keep a subscriber's record while the subscription lasts. After you unsubscribe, we keep your address marked as
          unsubscribed so that we never mail you again by mistake, unless you ask us to delete it. Server logs are kept only for
          as long as we need them to run and protect the site.
        </p>
      ),
    },
    {
      id: "your-choices",
      title: "Your choices and rights",
      content: (
        <ul>
          <li>
            Every newsletter email contains an unsubscribe link that ends your subscription with one press of its Unsubscribe
            button.
          </li>
          <li>
            You can ask to see, correct or delete the information we hold about you by writing to{" "}
            <PolicyMailLink address={site.contact.general} />.
          </li>
          <li>You can clear local storage and block cookies in your browser's settings.</li>
        </ul>
      ),
    },
    {
      id: "children",
      title: "Children's privacy",
      content: (
        <p>
          {site.name} is not targeted at children under {MINIMUM_READER_AGE}, and we do not knowingly collect personal information
          from them. If you believe a child under {MINIMUM_READER_AGE} has subscribed to our newsletter, contact us and we will
          delete the address.
        </p>
      ),
    },
    {
      id: "security",
      title: "Security",
      content: (
        <p>
          The site uses encrypted connections where it is served over HTTPS, stores editors' passwords only as secure hashes, and
          limits repeated sign-in attempts. No system is perfectly secure, but we take reasonable steps to protect what we hold.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      content: (
        <p>
          When we change this policy we update the date at the top of the page. If a change affects how we use subscribers'
          information, we will say so in the newsletter.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      content: (
        <p>
          Questions about your privacy? Email <PolicyMailLink address={site.contact.general} />.
        </p>
      ),
    },
  ];
  return (
    <PolicyPage
      title="Privacy Policy"
      summary={`What ${site.name} collects when you read, subscribe or get in touch, why we collect it, and how you stay in control.`}
      sections={sections}
    />
  );
}

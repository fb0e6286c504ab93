import { textLinkClass } from "~/components/info/info-page";
import { MINIMUM_READER_AGE, PERSISTENT_COOKIE_LIFETIME } from "~/components/info/policy";
import { PolicyMailLink, PolicyPage, type PolicySection } from "~/components/info/policy-page";
import { useSite } from "~/components/layout/use-site";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/cookie-policy";

export const handle = readerPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: pageTitle(site, "Cookie Policy"),
    description: `The cookies and browser storage ${site.name} uses, what each is for, how long it lasts and how to control it.`,
    path: "/cookie-policy",
  });
}

interface StoredItem {
  name: string;
  kind: string;
  purpose: string;
  who: string;
  duration: string;
}

const STORED_ITEMS: StoredItem[] = [
  {
    name: "Sign-in session",
    kind: "Cookie, strictly necessary",
    purpose: "Keeps an editor signed in to the admin area.",
    who: "Editors who sign in; never readers.",
    duration: "24 hours",
  },
  {
    name: "Theme preference",
    kind: "Local storage",
    purpose: "Remembers whether you chose the light or the dark theme.",
    who: "Readers who switch the theme.",
    duration: "Until you clear it",
  },
  {
    name: "Last visit",
    kind: "Local storage",
    purpose: "Lets the notifications bell show which stories are new since you last came by.",
    who: "Readers who open the notifications.",
    duration: "Until you clear it",
  },
  {
    name: "Advertising",
    kind: "Cookies set by an advertising network",
    purpose: "Show ads, limit how often you see the same one and measure their performance.",
    who: "Only when the site is configured with an advertising network.",
    duration: `Persistent, ${PERSISTENT_COOKIE_LIFETIME}`,
  },
];

function StoredItemList() {
  return (
    <ul className="mt-4! grid list-none! gap-4 pl-0!">
      {STORED_ITEMS.map((item) => (
        <li key={item.name} className="mt-0! rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <h3 className="font-semibold text-slate-900 dark:text-slate-100">{item.name}</h3>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="font-medium text-slate-900 dark:text-slate-100">Type</dt>
            <dd>{item.kind}</dd>
            <dt className="font-medium text-slate-900 dark:text-slate-100">Purpose</dt>
            <dd>{item.purpose}</dd>
            <dt className="font-medium text-slate-900 dark:text-slate-100">Who gets it</dt>
            <dd>{item.who}</dd>
            <dt className="font-medium text-slate-900 dark:text-slate-100">Duration</dt>
            <dd>{item.duration}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export default function CookiePolicyPage() {
  const { site } = useSite();
  const sections: PolicySection[] = [
    {
      id: "what-are-cookies",
      title: "What cookies and local storage are",
      content: (
        <p>
          Cookies are small text files a website asks your browser to keep and send back on later visits. Local storage is a
          similar place in your browser where a site can keep settings; unlike cookies, it is never sent to the server
          automatically.
        </p>
      ),
    },
    {
      id: "what-we-use",
      title: "What we use",
      content: (
        <>
          <p>
            {site.name} keeps what it stores in your browser to a minimum. Reading the site sets no tracking cookies of our own.
          </p>
          <StoredItemList />
        </>
      ),
    },
    {
      id: "duration",
      title: "How long cookies last",
      content: (
        <p>
          Session cookies disappear when you close your browser or when they expire, such as the editors' 24-hour sign-in cookie.
          Persistent cookies stay for a set time: those that may be used on this site last from {PERSISTENT_COOKIE_LIFETIME},
          depending on their purpose.
        </p>
      ),
    },
    {
      id: "managing",
      title: "Managing cookies and storage",
      content: (
        <>
          <p>You stay in control of what your browser keeps:</p>
          <ul>
            <li>Most browsers let you block or delete cookies for all sites or just for this one.</li>
            <li>Clearing this site's data in your browser removes the theme preference and the last-visit time.</li>
            <li>
              Blocking cookies does not stop you from reading anything; only the editors' admin area needs its sign-in cookie.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "children",
      title: "Children",
      content: (
        <p>
          {site.name} is not targeted at children under {MINIMUM_READER_AGE}, and the cookies described here are not used to
          profile them.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      content: (
        <p>
          If we start using a new cookie or storage item, we will list it here and update the date at the top of the page. See our{" "}
          <a href="/privacy" className={textLinkClass}>
            Privacy Policy
          </a>{" "}
          for how we handle personal information in general.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      content: (
        <p>
          Questions about cookies? Email <PolicyMailLink address={site.contact.general} />.
        </p>
      ),
    },
  ];
  return (
    <PolicyPage
      title="Cookie Policy"
      summary={`Which cookies and browser storage ${site.name} uses, what each one is for, how long it lasts and how to control it.`}
      sections={sections}
    />
  );
}

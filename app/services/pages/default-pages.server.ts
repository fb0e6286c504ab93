import type { PageFields, PageLayout } from "../../domain/pages";
import { PageFields as PageFieldsSchema } from "../../validation/page";

/**
 * The specification's seven information pages, word for word, as the pages a fresh install starts with (decision 039).
 * They were once JSX under app/routes/reader/info/; the texts moved here unchanged. `{site.name}` and the
 * other placeholders are filled in when a page is shown (page-text.ts), so renaming the publication in the settings
 * renames it here too.
 */
export interface DefaultPage {
  builtIn: string;
  slug: string;
  layout: PageLayout;
  title: string;
  heading: string;
  eyebrow: string;
  lead: string;
  description: string;
  body: string;
  showContents: boolean;
  fields: PageFields;
}

/** The spec's constants for the policy pages. */
const LAST_UPDATED = "January 15, 2025";
const MINIMUM_READER_AGE = 13;
const PERSISTENT_COOKIE_LIFETIME = "30 days to 2 years";

const noFields = PageFieldsSchema.parse({});

const policyLead = (summary: string) => `${summary}\n\nLast updated: ${LAST_UPDATED}`;

const ABOUT: DefaultPage = {
  builtIn: "about",
  slug: "about",
  layout: "page",
  title: "About Us",
  heading: "About {site.name}",
  eyebrow: "About us",
  lead: `{site.name} is an independent technology newsroom. We explain what is happening in tech, and why it matters, for curious readers who want clear, accurate reporting without the noise.

[Contact us](/contact) · [Join our team](/careers)`,
  description:
    "Who we are and how we work: {site.name} covers AI, mobile, startups, cloud, gadgets, software and security, checked by editors.",
  showContents: false,
  fields: noFields,
  body: `## Our mission

Technology shapes how we work, talk and live, yet most coverage is either too shallow or too technical. We aim for the middle: stories that respect your time and your intelligence, with the context you need to understand them.

Our small team of editors combines traditional reporting with carefully supervised AI tools, so we can follow a fast industry closely without lowering our standards.

## What we cover

Seven sections, updated throughout the week.

- [**AI** — Models, research and the products built on them, with the hype taken out.](/category/ai)
- [**Mobile** — Phones, tablets, operating systems and the apps people rely on every day.](/category/mobile)
- [**Startups** — Founders, funding rounds and the young companies changing their markets.](/category/startups)
- [**Cloud** — Infrastructure, platforms and the economics of running software at scale.](/category/cloud)
- [**Gadgets** — Hardware launches, wearables and the devices worth your attention.](/category/gadgets)
- [**Software** — Developer tools, open source and the releases that matter to builders.](/category/software)
- [**Security** — Breaches, vulnerabilities and practical advice for staying safe online.](/category/security)

## How we work

### Grounded in real reporting

Every story is based on verifiable news from trusted outlets, and we link to the sources we used so you can check them.

### Editors decide

Some articles start as AI-assisted drafts. An editor reviews, corrects and approves each one before it is published, and it carries an "AI-assisted" label.

### Independent

Advertisers never influence our coverage. Sponsored content is always clearly labelled as sponsored.

### Open about mistakes

When we get something wrong, we fix it promptly and say so. Readers' corrections are always welcome.

## Get involved

### Send us a tip

Know something we should look into? Our editors read every message.

[Contact the newsroom](/contact)

### Work with us

We hire reporters, marketers and engineers who care about good journalism.

[See open positions](/careers)

### Reach our readers

Put your brand in front of the people who follow {site.name}.

[Advertise with us](/advertise)
`,
};

const CAREERS: DefaultPage = {
  builtIn: "careers",
  slug: "careers",
  layout: "careers",
  title: "Careers",
  heading: "Join the {site.name} team",
  eyebrow: "Careers",
  lead: "We are a small, remote-first team of journalists, marketers and engineers who believe technology news should be accurate, clear and useful. Help us build the newsroom we would want to read.",
  description:
    "Work at {site.name}: remote-first roles in editorial, marketing and engineering at an independent technology newsroom.",
  showContents: false,
  body: `## Why work with us

### Remote-first

Work from wherever you do your best work. We collaborate across time zones and meet in person a few times a year.

### Growth

A yearly learning budget, conference tickets and mentoring from experienced editors and engineers.

### Health and wellness

Health cover for you and your family, plus a wellness allowance for whatever keeps you well.

### Work-life balance

Flexible hours, generous paid leave and a newsroom that respects evenings and weekends off.
`,
  fields: {
    ...noFields,
    openingsIntro:
      "All our roles are remote and full-time. Apply by email with your CV and a few lines about why the role fits you.",
    openings: [
      {
        title: "Senior Technology Reporter",
        department: "Editorial",
        place: "Remote",
        kind: "Full-time",
        description: `Break news and write in-depth features on AI, cloud, startups and security, and help shape our editorial agenda.

- Five or more years of reporting experience, ideally on a technology beat
- A network of sources and a habit of checking every fact twice
- Clear, lively writing for a general audience`,
      },
      {
        title: "Social Media Manager",
        department: "Marketing",
        place: "Remote",
        kind: "Full-time",
        description: `Grow our audience on social platforms and in the newsletter, and bring our reporting to the readers who need it.

- Three or more years running social channels for a media brand or publisher
- A feel for headlines and a consistent voice
- Comfort with analytics and turning numbers into decisions`,
      },
      {
        title: "Full-Stack Developer",
        department: "Engineering",
        place: "Remote",
        kind: "Full-time",
        description: `Build our publishing platform with TypeScript, React and PostgreSQL: reader pages, editorial tools and the newsletter.

- Solid experience with TypeScript on both server and browser
- Care for performance, accessibility and tests
- Interest in journalism and the tools behind it`,
      },
    ],
  },
};

const CONTACT: DefaultPage = {
  builtIn: "contact",
  slug: "contact",
  layout: "contact",
  title: "Contact Us",
  heading: "Contact Us",
  eyebrow: "Contact",
  lead: "Questions, tips or feedback? The {site.name} team would love to hear from you. Pick the inbox that fits, or use the form below.",
  description: "Get in touch with the {site.name} newsroom: general questions, story tips and press inquiries.",
  showContents: false,
  fields: noFields,
  body: `## Before you write

### Response times

We read every message and usually reply within two business days. Urgent story tips are seen the same day.

### Corrections

Found a mistake in an article? Include its link and what needs fixing, and we will correct it promptly.

### Other teams

Looking to [advertise](/advertise) or [join the team](/careers)? Those pages have the right contacts.
`,
};

const ADVERTISE: DefaultPage = {
  builtIn: "advertise",
  slug: "advertise",
  layout: "advertise",
  title: "Advertise",
  heading: "Advertise with {site.name}",
  eyebrow: "Advertise",
  lead: "Put your brand in front of an engaged audience of technology professionals, developers and decision-makers who come to {site.name} for news they can trust.",
  description:
    "Reach {site.name}'s engaged technology audience with banners, sponsored articles, newsletter sponsorships and custom campaigns.",
  showContents: false,
  body: `## Success stories

A few examples of campaigns that worked for our partners.

### A cloud infrastructure provider

**Banner Advertising**

A three-month banner campaign in our Cloud section reached the engineers who choose infrastructure and brought a steady flow of qualified trial sign-ups.

### A developer-tools startup

**Sponsored Articles**

A short series of clearly labelled sponsored articles introduced the product to developers ahead of its public launch and filled its early-access list.

### A consumer electronics brand

**Newsletter Sponsorship**

Newsletter sponsorships during launch week put a new device in front of readers who buy early and recommend products to friends and colleagues.
`,
  fields: {
    ...noFields,
    figures: [
      { value: "50K+", label: "Monthly Readers" },
      { value: "85%", label: "Engagement Rate" },
      { value: "40+", label: "Countries" },
      { value: "25%", label: "Monthly Growth" },
    ],
    audienceIntro: "Who reads {site.name}: people who build, buy and follow technology for a living or for love.",
    audience: [
      { segment: "Technology professionals", percent: 35 },
      { segment: "Business leaders and decision-makers", percent: 28 },
      { segment: "Software developers", percent: 20 },
      { segment: "Tech enthusiasts and early adopters", percent: 17 },
    ],
    packagesIntro: "Four ways to work with us. Open a package for what it includes, or ask us for details.",
    packages: [
      {
        name: "Banner Advertising",
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
        price: "$800 per edition",
        summary: "A featured spot in the {site.name} newsletter, delivered to every active subscriber.",
        features: [
          "Logo, a short message and a link near the top of the issue",
          "Delivered to every active subscriber's inbox",
          "Open and click report after each edition",
          "Discounts for bookings of four or more editions",
        ],
      },
      {
        name: "Custom Campaigns",
        price: "Priced on request",
        summary: "A campaign built around your goals, combining placements across the site and newsletter.",
        features: [
          "Product launches, event coverage and multi-month programmes",
          "Any mix of banners, sponsored articles and newsletter slots",
          "A dedicated account manager",
          "Reporting tailored to your goals",
        ],
      },
    ],
  },
};

const TERMS: DefaultPage = {
  builtIn: "terms",
  slug: "terms",
  layout: "page",
  title: "Terms of Service",
  heading: "Terms of Service",
  eyebrow: "Legal",
  lead: policyLead("The rules for reading {site.name}, subscribing to our newsletter and working with us, in plain language."),
  description: "The terms that apply when you read {site.name}, subscribe to its newsletter or advertise with it.",
  showContents: true,
  fields: noFields,
  body: `## Acceptance of these terms

These terms apply to everyone who visits {site.name}, reads its articles, subscribes to its newsletter or contacts its team. By using the site you agree to them. If you do not agree, please do not use the site.

## Using the site

Reading {site.name} is free and needs no account. You may share links to our articles and quote short passages with a link back to the original. Please do not:

- copy or republish whole articles without written permission;
- scrape the site in a way that degrades it for other readers, or try to bypass its rate limits;
- try to reach the editors' admin area without authorisation, or probe the site for vulnerabilities without telling us;
- use the site for anything unlawful.

## Our content

Articles, illustrations and the site's design belong to {site.name} or to the people who licensed them to us. Some articles start as drafts written with the help of AI from news published by trusted outlets; an editor reviews every such draft before it is published, and it carries an "AI-assisted" label.

We work hard to be accurate, but news moves quickly and mistakes happen. Articles are for general information, not professional, financial or legal advice. If you spot an error, write to [{contact.general}](mailto:{contact.general}) and we will correct it.

## Newsletter

When you subscribe, we send our newsletter to the address you gave us. Every issue contains an unsubscribe link that ends your subscription with one press of its Unsubscribe button. See the [Privacy Policy](/privacy) for what we keep about subscribers.

## Advertising and sponsored content

{site.name} may show advertising and publish sponsored articles. Sponsored content is always labelled as such, and advertisers have no say over our independent reporting. Terms for advertisers are agreed separately with our ad team.

## Links to other sites

Our articles link to the sources they are based on and to other websites. We are not responsible for the content or privacy practices of those sites.

## Children

{site.name} is written for a general adult audience and is not targeted at children under ${MINIMUM_READER_AGE}. Children under ${MINIMUM_READER_AGE} should not subscribe to the newsletter or send us personal information.

## Disclaimers and limitation of liability

The site is provided "as is", without warranties of any kind. As far as the law allows, {site.name} is not liable for indirect or consequential losses that arise from using the site or relying on its content. Nothing in these terms limits rights you have under consumer protection law.

## Changes to these terms

We may update these terms from time to time. When we do, we change the date at the top of this page; significant changes are also announced on the site. Continuing to use the site after a change means you accept the new terms.

## Contact

Questions about these terms? Email [{contact.general}](mailto:{contact.general}) or use our [contact page](/contact).
`,
};

const PRIVACY: DefaultPage = {
  builtIn: "privacy",
  slug: "privacy",
  layout: "page",
  title: "Privacy Policy",
  heading: "Privacy Policy",
  eyebrow: "Legal",
  lead: policyLead(
    "What {site.name} collects when you read, subscribe or get in touch, why we collect it, and how you stay in control.",
  ),
  description: "What {site.name} collects when you read, subscribe or get in touch, why, and how you stay in control.",
  showContents: true,
  fields: noFields,
  body: `## Overview

{site.name} is a technology newsroom. You can read everything without an account, and we collect as little about you as we can. This policy explains what we do collect, why, and the choices you have.

## Information we collect

- **Newsletter subscribers.** When you subscribe we store your email address, whether your subscription is active, and when you subscribed or unsubscribed.
- **Messages you send us.** Our contact, careers and advertising pages do not send anything to our servers: they open your own email app with a draft. We receive only the emails you choose to send.
- **Server logs.** Like most websites, our servers record technical details of each request (IP address, browser, page requested and time) to keep the site secure, stop abuse and fix problems.
- **Editors.** Members of our team who sign in to the admin area have a username and a sign-in session.

## Reading figures

{if analytics}
To learn which stories readers find useful, we count how many people read each article, in our own database and without any third party. When you open an article, your browser sends us one small note naming the article (or, without JavaScript, loads a one-pixel image). We set no cookie for this and read nothing from your device.

To count you once per article per day, our server mixes your IP address with a random secret and keeps the result only in its memory, never on disk. Everyone reading from one address counts as one reader; your browser's name is used only to tell robots apart. The secret is replaced at midnight and the old one is thrown away, so yesterday's visitors cannot be recognised today, by us or anyone else. What we store is only a number per article per day. Search engines and other robots are not counted, and neither are our editors.

The same way, we count how many of these reads came from each newsletter we sent (the article links in the newsletter carry the newsletter's number, such as \`ref=newsletter-42\`, and nothing about you), and which searches on this site found nothing, so we know what to write about. A search is stored only once people at three different addresses made it the same day, in lower case, with the number of people who made it that day and nothing else, and deleted after 30 days. For the newsletter we also count, per day, how many people signed up, confirmed and unsubscribed: numbers only, no addresses.
{else}
This site does not count its readers: opening an article or searching sends us nothing beyond the page request itself.
{end}

## Information stored in your browser

The site keeps two small settings in your browser's local storage: your light or dark theme preference, and the time of your last visit, so the notifications bell can show which stories are new. They stay on your device, are never sent to us, and you can remove them at any time by clearing your browser's site data.

## Cookies

Readers get no cookies from us. Editors who sign in receive a session cookie that keeps them signed in and expires after 24 hours. When the site is configured with an advertising network, that network may set cookies to show and measure ads.

Session cookies are deleted when you close your browser; persistent cookies last from ${PERSISTENT_COOKIE_LIFETIME}. Our [Cookie Policy](/cookie-policy) has the details.

## How we use information

- to send the newsletter you asked for, and to stop sending it when you unsubscribe;
- to answer the emails you send us;
- to keep the site available, secure and fast;
- to understand, in aggregate, which stories readers find useful.

## Sharing

We do not sell your personal information. We share it only with the providers that help us run the site, such as our hosting and the mail service that delivers the newsletter, and only as far as they need it to do that work; with an advertising network when ads are enabled; or when the law requires it.

## How long we keep it

We keep a subscriber's record while the subscription lasts. After you unsubscribe, we keep your address marked as unsubscribed so that we never mail you again by mistake, unless you ask us to delete it. Server logs are kept only for as long as we need them to run and protect the site.

## Your choices and rights

- Every newsletter email contains an unsubscribe link that ends your subscription with one press of its Unsubscribe button.
- You can ask to see, correct or delete the information we hold about you by writing to [{contact.general}](mailto:{contact.general}).
- You can clear local storage and block cookies in your browser's settings.

## Children's privacy

{site.name} is not targeted at children under ${MINIMUM_READER_AGE}, and we do not knowingly collect personal information from them. If you believe a child under ${MINIMUM_READER_AGE} has subscribed to our newsletter, contact us and we will delete the address.

## Security

The site uses encrypted connections where it is served over HTTPS, stores editors' passwords only as secure hashes, and limits repeated sign-in attempts. No system is perfectly secure, but we take reasonable steps to protect what we hold.

## Changes to this policy

When we change this policy we update the date at the top of the page. If a change affects how we use subscribers' information, we will say so in the newsletter.

## Contact

Questions about your privacy? Email [{contact.general}](mailto:{contact.general}).
`,
};

const COOKIE_POLICY: DefaultPage = {
  builtIn: "cookie-policy",
  slug: "cookie-policy",
  layout: "page",
  title: "Cookie Policy",
  heading: "Cookie Policy",
  eyebrow: "Legal",
  lead: policyLead(
    "Which cookies and browser storage {site.name} uses, what each one is for, how long it lasts and how to control it.",
  ),
  description: "The cookies and browser storage {site.name} uses, what each is for, how long it lasts and how to control it.",
  showContents: true,
  fields: noFields,
  body: `## What cookies and local storage are

Cookies are small text files a website asks your browser to keep and send back on later visits. Local storage is a similar place in your browser where a site can keep settings; unlike cookies, it is never sent to the server automatically.

## What we use

{site.name} keeps what it stores in your browser to a minimum. Reading the site sets no tracking cookies of our own.

### Sign-in session

- **Type:** Cookie, strictly necessary
- **Purpose:** Keeps an editor signed in to the admin area.
- **Who gets it:** Editors who sign in; never readers.
- **Duration:** 24 hours

### Theme preference

- **Type:** Local storage
- **Purpose:** Remembers whether you chose the light or the dark theme.
- **Who gets it:** Readers who switch the theme.
- **Duration:** Until you clear it

### Last visit

- **Type:** Local storage
- **Purpose:** Lets the notifications bell show which stories are new since you last came by.
- **Who gets it:** Readers who open the notifications.
- **Duration:** Until you clear it

### Advertising

- **Type:** Cookies set by an advertising network
- **Purpose:** Show ads, limit how often you see the same one and measure their performance.
- **Who gets it:** Only when the site is configured with an advertising network.
- **Duration:** Persistent, ${PERSISTENT_COOKIE_LIFETIME}

## How long cookies last

Session cookies disappear when you close your browser or when they expire, such as the editors' 24-hour sign-in cookie. Persistent cookies stay for a set time: those that may be used on this site last from ${PERSISTENT_COOKIE_LIFETIME}, depending on their purpose.

## Managing cookies and storage

You stay in control of what your browser keeps:

- Most browsers let you block or delete cookies for all sites or just for this one.
- Clearing this site's data in your browser removes the theme preference and the last-visit time.
- Blocking cookies does not stop you from reading anything; only the editors' admin area needs its sign-in cookie.

## Children

{site.name} is not targeted at children under ${MINIMUM_READER_AGE}, and the cookies described here are not used to profile them.

## Changes to this policy

If we start using a new cookie or storage item, we will list it here and update the date at the top of the page. See our [Privacy Policy](/privacy) for how we handle personal information in general.

## Contact

Questions about cookies? Email [{contact.general}](mailto:{contact.general}).
`,
};

/** In the order the admin list shows them at first. */
export const DEFAULT_PAGES: readonly DefaultPage[] = [ABOUT, CAREERS, CONTACT, ADVERTISE, TERMS, PRIVACY, COOKIE_POLICY];

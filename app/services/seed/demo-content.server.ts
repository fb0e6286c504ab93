/**
 * Demo newsroom content seeded into a fresh Byline install so the site has
 * something to show. Every company, product, person, place and outlet below is
 * invented; each story opens with DEMO_NOTICE so readers can tell.
 */
import type { Category } from "../../domain/sections";
import type { StockImageLabel } from "../../utils/stock-images";

export interface DemoAuthor {
  name: string;
  avatar: string;
  role: string;
}

export interface DemoArticle {
  /** 50 to 80 characters. */
  title: string;
  /** 110 to 160 characters, one or two sentences. */
  excerpt: string;
  /** Markdown, opening with DEMO_NOTICE and a blank line. */
  content: string;
  category: Category;
  /** A cover label from STOCK_IMAGES that fits the story. */
  image: StockImageLabel;
  /** The name of one of DEMO_AUTHORS. */
  author: string;
  /** Days before seeding; null means an unpublished draft. */
  publishedDaysAgo: number | null;
  /** Minutes: words / 200 rounded up, clamped to 3..6. */
  readTime: number;
  isFeatured: boolean;
  isPopular: boolean;
  isAiGenerated: boolean;
  /** Comma-separated outlet names, "" when none. */
  sources: string;
}

export const DEMO_AUTHORS: readonly DemoAuthor[] = [
  { name: "Maya Okafor", avatar: "/images/avatars/maya-okafor.svg", role: "Senior Technology Editor" },
  { name: "Daniel Reyes", avatar: "/images/avatars/daniel-reyes.svg", role: "Tech Correspondent" },
  { name: "Correspondent", avatar: "/images/avatars/correspondent.svg", role: "AI Correspondent" },
];

export const DEMO_NOTICE =
  "> *Demo content: this story is fictional and ships with Byline so a new newsroom has something to show. Delete it from the admin area when you are ready.*";

/** Prefixes a story body with the demo notice and a blank line. */
function demoStory(markdown: string): string {
  return `${DEMO_NOTICE}\n\n${markdown.trim()}`;
}

const lumenEmber = demoStory(`
Lumen Labs, an eleven-person research company based in the harbour town of Port Calder, released **Ember-7** this week: a language model small enough to run on a single workstation graphics card and tuned for multi-step reasoning rather than chit-chat. The weights ship under a permissive licence, and the company says one mid-range desktop can serve a team of twenty without noticeable lag.

## **What Ember-7 actually is**

Ember-7 has seven billion parameters and was trained on a mix of synthetic planning problems, source code and curated technical writing. Instead of chasing general knowledge, the team focused on what co-founder **Ines Valdemar** calls "the boring middle of reasoning": keeping track of constraints, checking intermediate steps and knowing when to stop.

> "Most teams don't need a model that knows every poem ever written. They need one that can read a ticket, follow six rules and not forget rule four halfway through." — Ines Valdemar, co-founder of Lumen Labs

The company's [published model card](https://example.com/lumen-labs/ember-7-model-card) lists three headline changes from its previous release:

- A context window of 64,000 tokens, up from 16,000
- A *verifier pass* that re-reads the model's own draft answer before returning it
- Quantised builds that fit in 6 GB of memory with a modest accuracy loss

## **How it compares**

Lumen Labs shared benchmark results against two larger open models from other small labs. Independent numbers are not yet available, so treat these as the vendor's own claims:

| Model | Parameters | Planning suite score | Memory needed |
|---|---|---|---|
| Ember-7 | 7B | 71.4 | 6–14 GB |
| Halcyon-34 | 34B | 74.9 | 40 GB |
| Orrin-13 | 13B | 63.2 | 18 GB |

The gap to Halcyon-34 is narrow for a model a fifth of its size, but the planning suite was designed by Lumen itself, and vendors rarely publish tests they lose.

## **The trade-offs**

Smaller models make compromises, and Ember-7 is no exception. In our brief testing on a borrowed workstation it handled structured work well, turning a messy changelog into tidy release notes and solving a room-booking puzzle, but it stumbled on open-ended questions about history and culture, where it tended to fill gaps with confident guesses.

1. **Factual recall is weaker.** The model was never meant to be an encyclopedia, and its documentation says so plainly.
2. **The verifier pass costs time.** Answers take roughly 40 percent longer when it is switched on.
3. **Tool use is basic.** Ember-7 can call functions, but it does not plan multi-tool workflows on its own.

## **Why self-hosters care**

For small newsrooms, clinics and local councils, the attraction is control. Data never leaves the building, costs are fixed and there is no usage meter ticking in the background. Theo Marchetti, who runs IT for the Elsmere County library system, has been testing an early build to help staff draft replies to patron questions.

> "We can't send patron records to someone else's servers. A model that runs in our own server closet changes the conversation entirely." — Theo Marchetti, Elsmere County Libraries

Lumen Labs says a hosted version is *not* on its roadmap. It plans to earn money from support contracts and custom fine-tuning, a model that has served open-source database vendors well but remains unproven for model makers. The [full technical report](https://example.com/lumen-labs/ember-7-report) is worth a read if you plan to deploy it.
`);

const hospitalScribes = demoStory(`
Three hospitals in the Marrowick region have spent the past four months testing an ambient note-taking system from **Hushwell Health**, a startup that turns recorded patient conversations into draft clinical notes. According to reports from several trade outlets, clinicians in the pilot spent noticeably less time on paperwork, though the results come with caveats about accuracy and consent.

## **How the pilot works**

The system, called *Hushwell Scribe*, runs on a small appliance installed in each hospital's own data room. Audio never leaves the building. The workflow is straightforward:

1. The clinician asks the patient for permission to record, and taps a button on a ward tablet.
2. The appliance transcribes the conversation and drafts a structured note with history, findings and a plan.
3. The clinician reviews the draft, edits anything wrong and signs it into the patient record.
4. The audio is deleted after 48 hours unless the patient asks for a copy.

Hushwell says the review step is mandatory and cannot be skipped in the software. Hospital administrators told reporters that was a condition of the pilot going ahead at all.

## **Early numbers**

Figures shared by the Marrowick Health Partnership, which coordinates the three sites, point to real time savings:

- Average charting time per outpatient visit fell from 11 minutes to 6 minutes
- 83 percent of participating clinicians asked to keep using the tool after the pilot
- Roughly one draft note in twelve needed a substantive correction, most often to medication doses

The partnership has published a [summary of the pilot's methodology](https://example.com/marrowick-health/scribe-pilot-summary), though the full data set has not been released.

## **The concerns**

Not everyone is convinced. Nursing staff at one site raised questions about how consent is recorded for patients who are confused, distressed or do not speak the language the model was tuned on. Others worry that quick reviews will become rubber stamps as people grow used to the drafts being mostly right.

> "The tool is good, and that is exactly the risk. When something is right eleven times out of twelve, the twelfth mistake is the one nobody catches." — Harriet Quayle, ward manager at Marrowick General

Hushwell Health says it is adding a feature that highlights numbers, doses and dates in the draft so reviewers look at them first. It also plans to log how long each review takes, which could flag notes that were signed without being read.

## **What comes next**

The partnership will decide in the spring whether to extend the system to emergency departments, where the pace is faster and the stakes higher. A patient advisory group has asked to see an independent audit of transcription accuracy before that happens, and the partnership has agreed to commission one.

For now, the pilot offers a useful data point in a crowded field: ambient scribes can save time when they run locally, keep a human firmly in the loop and treat consent as more than a checkbox. Whether those savings survive a busy winter on the wards is the next question.

*This article was drafted by Byline's AI Correspondent from reporting by The Circuit Ledger, Byte Harbor Weekly and Signal & Spindle, and checked by an editor before publication.*
`);

const northwindFold = demoStory(`
Northwind Mobile's third foldable arrives with a hinge that is finally thin enough to forget about and a battery that comfortably lasts a long day. After a week with the **Northwind Fold 3** as my only phone, I came away impressed by the engineering and frustrated by one decision that will matter to a lot of buyers.

## **The hinge is the headline**

The previous model's hinge was sturdy but chunky, leaving a visible gap when the phone was closed. The Fold 3 uses a new *teardrop* mechanism that lets the inner screen curl into a loop rather than folding flat, so the two halves now close flush. Closed, the phone is 11.2 mm thick, close to a regular handset in a case.

Northwind's design lead, **Saoirse Lindqvist**, says the team went through more than forty hinge prototypes.

> "Every tenth of a millimetre was a negotiation between the hinge, the battery and the cooling. We gave the hinge the win this time." — Saoirse Lindqvist, head of industrial design at Northwind Mobile

The crease on the inner screen is still there if you look for it at an angle, but it is shallower than before, and my thumb stopped noticing it after a couple of days.

## **Fold 3 versus Fold 2**

| | Fold 2 | Fold 3 |
|---|---|---|
| Thickness (closed) | 14.6 mm | 11.2 mm |
| Weight | 263 g | 239 g |
| Battery | 4,400 mAh | 5,100 mAh |
| Inner screen | 7.6 in | 7.8 in |
| Launch price | 1,599 credits | 1,749 credits |

## **Battery life and performance**

The bigger battery shows. On a typical day of email, maps, a podcast commute and an hour of video on the inner screen, I ended most evenings with around 30 percent left. Charging from empty to full took just under an hour with Northwind's bundled adapter.

Performance is smooth in everyday use. The phone does get warm during long video calls on the big screen, and it throttles slightly after twenty minutes of gaming, but nothing I tried made it stutter.

## **The catch: the cameras**

Here is the problem. To make room for the new hinge and battery, Northwind dropped the dedicated telephoto camera. The Fold 3 has a main camera and an ultra-wide, and zoom beyond 2x is handled digitally.

- Daylight photos from the main camera are excellent, with natural colour
- Low-light shots are good but noticeably softer than on Northwind's flagship slab phone
- Zoomed shots at 5x look smeared, especially on text and faces

If you photograph your kids at football matches or concerts from the back of the room, that is a real downgrade, and it is hard to justify on a phone this expensive.

## **Should you buy it?**

For people who want a tablet-sized screen in their pocket and care more about reading, multitasking and video than zoom photography, the Fold 3 is the most comfortable foldable Northwind has made. The [full specification sheet](https://example.com/northwind/fold-3-specs) is worth checking before you buy, and if zoom matters to you, wait to see whether the rumoured *Fold 3 Pro* puts the telephoto back.
`);

const appSizes = demoStory(`
For years, mobile app downloads only seemed to grow. Now a number of developers are putting real effort into shrinking them again, and the reasons have less to do with tidy engineering than with money: a smaller download means more people finish installing, particularly where data is expensive and phones are short on storage.

## **Why size matters again**

Chatterwick, a messaging app popular across the coastal provinces of Veridia, cut its download from 148 MB to 61 MB over the past year. Its growth team says completed installs rose by 14 percent in regions where most users pay for data by the megabyte.

> "We used to think of download size as a performance metric. It turned out to be a marketing metric. Every extra megabyte was a door we were closing on someone." — Amara Castellanos, head of growth at Chatterwick

The pattern shows up elsewhere. Orchard Transit, which makes ticketing apps for city bus networks, found that riders often tried to install its app at the bus stop, on a weak signal, with the bus already in sight. Anything that took longer than a minute to download was abandoned.

## **Where the weight comes from**

When developers audit their apps, the same culprits tend to appear:

- **Bundled media** such as onboarding videos, high-resolution illustrations and sound packs that most users see once
- **Duplicate libraries**, where two analytics or image-loading packages do the same job
- **Unused language files** for every supported locale, shipped to every user
- **Debug leftovers** like logging frameworks and test fixtures that slip into release builds

## **How teams are cutting it**

The techniques are not new, but teams are now applying them with more discipline. Orchard Transit's engineering lead described their process in a [detailed write-up](https://example.com/orchard-transit/shrinking-our-app):

1. Measure the release build on every merge and fail the pipeline if it grows by more than 2 percent without an explanation.
2. Move rarely used features, such as accessibility voice packs and regional fare tables, into modules downloaded on demand.
3. Replace bitmap illustrations with vector drawings wherever possible.
4. Re-encode remaining images in a modern compressed format, which alone saved Orchard 19 MB.
5. Remove one of two networking libraries after discovering both had been in the app for three years.

## **The trade-offs**

Smaller is not free. On-demand modules add complexity, and users can hit a loading spinner when they open a feature for the first time. Chatterwick's designers had to rework the sticker picker so that it shows placeholders while packs download in the background.

There is also a cultural shift involved. Size budgets only work if product managers accept that a new feature has to pay its way in megabytes, not just in engagement. Several teams we spoke to said that conversation was harder than any of the engineering.

Still, the direction is clear. *Lean apps are back*, and for developers chasing the next hundred million users on budget phones, the smallest download may turn out to be the most competitive feature they ship.
`);

const quillstackRaise = demoStory(`
Quillstack, a three-year-old startup that turns scattered company documentation into a single place to ask questions, has raised **$42 million** in a Series B round led by Saltgrass Ventures. The company says it will use the money to expand its engineering team and build connectors for the internal tools that mid-sized companies actually use.

## **What Quillstack does**

Most companies keep their knowledge in a dozen places: a wiki nobody updates, shared drives, chat threads and the heads of a few long-serving employees. Quillstack indexes those sources, keeps the permissions attached to each document, and lets staff ask plain-language questions such as *"How do I get a refund approved over the limit?"* The answer comes back with links to the source documents, so people can check where it came from.

Chief executive **Hollis Brandt** says the pitch that lands with customers is not speed, but trust.

> "Search was never the problem. The problem is that nobody believes the wiki. If every answer shows its sources and flags when a page hasn't been touched in two years, people start trusting the system again." — Hollis Brandt, co-founder and CEO of Quillstack

## **The numbers**

Quillstack shared a handful of figures with Byline ahead of the announcement:

- Annual recurring revenue has roughly tripled over the past twelve months
- The company has around 380 paying customers, most with 200 to 2,000 employees
- Headcount is 64 today and is expected to reach about 110 by the end of next year
- Quarrystone Capital and Lanternfish Partners, existing investors, joined the round

The company did not disclose its valuation, but people familiar with the deal described it as a significant step up from its Series A.

## **Where the money goes**

Brandt laid out three priorities for the new funding:

1. **Connectors.** Quillstack plans to support fifteen more internal tools, with a focus on ticketing systems and HR platforms.
2. **Stale-content detection.** A new feature will flag documents that contradict each other and suggest which one is out of date.
3. **On-premise deployments.** Regulated customers in banking and health have asked to run Quillstack inside their own networks.

## **A crowded field**

Quillstack is not alone. Internal search has become one of the busiest categories in enterprise software, and large platform vendors are bundling similar features into products customers already pay for. Saltgrass partner **Oona Feld**, who joins Quillstack's board, argues that bundled tools tend to work best inside their own walls.

> "The winner in this market will be the company that is boringly good at permissions and boringly good at connectors. That is Quillstack's whole personality." — Oona Feld, partner at Saltgrass Ventures

Analysts are more cautious. Customers are consolidating software spending, and a standalone knowledge tool has to prove it saves more time than it costs. Quillstack's answer is a [published case study](https://example.com/quillstack/case-study-support-team) claiming a 30 percent drop in repeat questions to one customer's internal help desk.

Whether that holds up across hundreds of companies will decide if this round is the start of something larger or the peak of a busy market.
`);

const softLaunches = demoStory(`
The big launch day, with its countdown timer, press embargo and carefully timed social posts, is losing its appeal among early-stage founders. A growing number of seed-stage companies are instead releasing quietly to small groups, improving in public and announcing only when they have something worth shouting about.

## **The problem with launch day**

Founders we spoke to described the same pattern. Months of work culminate in a single day of attention, followed by a steep drop-off as the audience moves on. If the product has rough edges, and early products always do, those rough edges are what the biggest audience the company will see for a year remembers.

> "We launched to forty thousand people with a signup flow that broke on half the phones in the world. We spent the next six months trying to win back people who had already made up their minds." — Tobias Ferreira-Lund, founder of the scheduling startup Hourglen

## **What founders are doing instead**

The alternative has a few common ingredients:

- **Small, named cohorts.** Invite fifty users at a time, ideally people who have the exact problem the product solves.
- **A public changelog.** Ship weekly and write down what changed, so early users can see momentum.
- **Office hours.** Founders keep a recurring video call open for users to drop in with questions and complaints.
- **A later, quieter announcement.** Tell the wider world only once retention numbers look healthy.

Kestrel Ridge, a two-person startup building inventory software for independent bookshops, followed this approach over nine months. It onboarded eleven cohorts before writing a single announcement post.

## **A rough playbook**

Founders who have done it recommend a sequence something like this:

1. Find ten users who will tolerate a broken product because their current tools are worse.
2. Fix what they complain about most, and ignore feature requests for now.
3. Open to cohorts of fifty, then a few hundred, watching weekly retention at each step.
4. Publish a changelog and a short *"what we learned"* post each month.
5. Announce broadly when at least a third of each cohort is still active after eight weeks.

Ines Okonkwo-Hart, who runs the founder programme at the Brackenfield accelerator, says the numbers back it up. Of the companies in her last two batches, those that launched gradually had higher retention at six months, though she cautions that the sample is small.

> "A soft launch is not a lack of ambition. It's a way of making sure that when people finally show up, the thing they find is worth staying for." — Ines Okonkwo-Hart, Brackenfield

## **The risks**

The approach is not for everyone. Consumer apps that depend on network effects can struggle to grow cohort by cohort, and a quiet launch can look like a stalled one to investors who expect visible traction. Some founders also admit that endless private betas can become a way of avoiding the fear of public judgment.

Still, for business software with a clear buyer and a painful problem, the quiet approach is becoming the default. The Brackenfield team has published a [soft-launch checklist](https://example.com/brackenfield/soft-launch-checklist) for founders who want to try it.
`);

const harborlineOutage = demoStory(`
A six-hour outage that knocked thousands of websites and apps offline across Harborline Cloud's northern region last week was caused by an expired internal certificate that nobody was monitoring, according to the company's **post-incident review**. The report is unusually candid, and it offers lessons for any team running its own infrastructure.

## **What happened**

Harborline's northern region relies on an internal service that hands out short-lived credentials to the load balancers in front of customer applications. That service used a long-lived certificate to prove its own identity, and the certificate was issued five years ago, by hand, by an engineer who has since left the company.

When it expired at 02:14 local time, load balancers could no longer refresh their credentials. As each one's cached credentials timed out, it began rejecting traffic. The failure spread slowly enough that early alarms looked like ordinary noise.

## **The timeline**

The review lays out the sequence in detail:

1. **02:14** The internal certificate expires. No alert fires, because the certificate was not in Harborline's inventory.
2. **02:40** Error rates on customer load balancers begin to climb in one availability zone.
3. **03:25** On-call engineers declare an incident, initially suspecting a bad network configuration change.
4. **05:50** An engineer spots certificate validation errors in the credential service logs.
5. **07:05** A new certificate is issued and deployed, and load balancers start recovering.
6. **08:20** Harborline declares full recovery for all customers.

## **Why it took so long**

The company identifies three compounding problems. The certificate lived outside its automated renewal system. The credential service's error messages were logged at a level that on-call dashboards filtered out. And a routine network change made the night before gave responders a plausible but wrong suspect.

> "We had an excellent system for certificates we knew about. This one was invisible to it, and we spent two hours chasing the wrong change because the right answer was hiding in a log level we had decided was unimportant." — Rafaela Munro, vice president of reliability at Harborline Cloud

## **What Harborline is changing**

The company has committed to a list of fixes, most of which it says are already in place:

- A full scan of every region for certificates not managed by the automated renewal system
- Alerts for any certificate within 30 days of expiry, wherever it lives
- Raising certificate validation errors to a severity that pages the on-call engineer
- A rule that emergency rollbacks of recent changes happen early in an incident, to rule them out quickly

Affected customers will receive service credits under Harborline's availability agreement, and the company says it will publish a [follow-up report](https://example.com/harborline/incident-review-north) in ninety days to show progress.

## **Lessons for everyone else**

Most teams have at least one certificate, token or password that someone set up by hand years ago and that quietly holds something important together. Harborline's outage is a reminder to go and find those *before* they expire. A simple inventory, an expiry alert and a shared calendar reminder are cheaper than six hours of downtime and a very public apology.
`);

const bramblecoreStorage = demoStory(`
Bramblecore, a mid-sized cloud provider best known for inexpensive virtual servers, is launching an archival storage tier priced well below what most competitors charge. The company is betting that media houses, research labs and anyone else sitting on petabytes of rarely touched data will move their archives if the price gap is wide enough.

## **What's on offer**

The new tier, called **Bramblecore Deep Shelf**, stores data on high-density drives that are powered down most of the time. Files are written once, replicated across two data centres in the Ashcombe valley and a third site in the northern city of Halvard, and kept until the customer deletes them.

The catch is retrieval time. Asking for a file back starts a job that takes between four and twelve hours, depending on how busy the system is. For most archives that is fine; nobody needs last decade's raw survey footage in a hurry.

## **How the pricing compares**

Bramblecore published its [price list](https://example.com/bramblecore/deep-shelf-pricing) alongside two of its own existing tiers:

| Tier | Storage per TB per month | Retrieval time | Minimum storage period |
|---|---|---|---|
| Standard | 18 credits | Instant | None |
| Cool | 7 credits | Seconds | 30 days |
| Deep Shelf | 0.9 credits | 4–12 hours | 180 days |

The minimum period matters. Delete a file after a month and you still pay for six months, a rule designed to stop customers using Deep Shelf as cheap temporary storage.

## **Who it's for**

Bramblecore chief product officer **Lennart Osei** says early interest has come from three groups:

- Broadcasters with decades of digitised footage they are legally required to keep
- University research groups storing raw instrument data after papers are published
- Software companies keeping old backups for compliance reasons

> "Archives have one job: to be there, intact, when someone finally asks for them. We built Deep Shelf around that single requirement and stripped out everything else." — Lennart Osei, chief product officer at Bramblecore

## **The fine print**

Before moving an archive, teams should check a few things that are easy to overlook:

1. **Egress charges.** Retrieving data costs 12 credits per terabyte, so restoring a large archive is not cheap.
2. **Migration effort.** Bramblecore offers free ingest for the first 100 TB, but moving data out of another provider may incur that provider's fees.
3. **Integrity checks.** Deep Shelf verifies checksums every quarter and reports results, but customers must opt in to receive the reports.

## **Is it worth switching?**

For organisations storing a few terabytes, the savings are modest and probably not worth a migration project. For those storing hundreds, the numbers change quickly. Halvard Public Broadcasting estimates that moving its archive would save enough each year to fund two archivist positions.

The broader trend is clear: storage is becoming a commodity, and providers are competing on price for data that just needs to sit still. Bramblecore is wagering that being *boring and cheap* is a good business. Given how much data the world is reluctant to delete, it may be right.
`);

const tessellatePad = demoStory(`
E-ink tablets have always asked you to accept a trade: easy on the eyes, hard on patience. Page turns flash, scrolling smears and handwriting lags just enough to feel like writing through syrup. The **Tessellate Pad** is the first one I have used that mostly makes those complaints go away.

## **First impressions**

The Pad is a 10.3-inch slate from Tessellate, a hardware startup in the town of Wickford that previously made rugged e-readers for field researchers. It is light at 390 grams, with a textured glass screen that gives the stylus a satisfying, papery drag. The back is recycled aluminium, and the whole device feels more expensive than its price suggests.

## **Speed is the story**

Tessellate has paired a new display controller with its own rendering software, and the difference is obvious within minutes:

- Page turns in long documents feel close to instant, with only a faint flash every tenth page
- Scrolling through web articles is smooth enough to read while moving, which no e-ink device I have tried managed before
- Handwriting latency is low enough that I stopped noticing it during meeting notes

> "Everyone in e-ink has been waiting for the panel makers to fix speed. We decided the panel was fine and that the software driving it was the problem." — Mireille Sandoval, co-founder of Tessellate

The company explains its approach in a [technical blog post](https://example.com/tessellate/how-we-made-eink-fast) that is worth reading if you enjoy display engineering.

## **What it's good at**

After two weeks with the Pad as my main notebook and reader, it earned a permanent place in my bag for several jobs:

1. **Reading long documents.** Reports, research papers and manuscripts are comfortable for hours.
2. **Handwritten notes.** The notebook app supports layers, templates and searchable handwriting that recognised my scrawl surprisingly well.
3. **Marking up drafts.** Annotating documents with a stylus and exporting them back as files is quick and reliable.

## **What it's not**

This is still an e-ink device. Colour is absent, video is pointless and the web browser, while faster than rivals, is best for reading rather than browsing. The app store is limited to Tessellate's own tools plus a small selection of reading apps, and there is no way to sideload others.

Battery life is the usual e-ink delight: about three weeks of daily reading and note-taking on one charge.

## **The verdict**

At 449 credits with the stylus included, the Tessellate Pad is not cheap, but it is the first e-ink tablet I would recommend without a long list of warnings. If you read and write for a living and your eyes are tired of glowing screens, it is *the* device to beat this year.
`);

const wrenfieldEarbuds = demoStory(`
Wrenfield Audio, a small headphone maker based in the river city of Caddon, has announced a pair of wireless earbuds whose batteries owners can replace at home with a coin and a spare battery pack. Reports from several technology outlets suggest the **Wrenfield Loop** could be one of the first genuinely repairable earbuds on the market.

## **Why batteries matter**

Wireless earbuds tend to die young. Their tiny batteries lose capacity after two or three years of daily charging, and because they are usually glued inside, most buds end up in a drawer or a landfill. Wrenfield says its design aims to stretch the useful life of a pair to at least six years.

> "People don't throw away earbuds because they stop sounding good. They throw them away because they stop holding a charge. We fixed the part that fails first." — Corentin Abara, founder of Wrenfield Audio

## **How the design works**

According to the company's [product announcement](https://example.com/wrenfield/loop-announcement), each bud has a small twist-lock cap on its outer face:

1. Turn the cap a quarter turn with a coin or fingernail.
2. Lift out the old battery cell, which sits in a sealed cartridge.
3. Drop in a new cartridge and twist the cap closed.

The charging case battery is also replaceable, held in place by two standard screws. Wrenfield will sell replacement cartridges in packs of two and says it will keep producing them for at least eight years after launch.

## **The compromises**

Making batteries removable takes space, and reviewers who handled early units noted a few trade-offs:

- The buds are slightly larger than typical designs and sit further out of the ear
- Water resistance is rated for sweat and light rain, not for swimming
- Battery life is about six hours per charge, a little below the category average
- Noise cancellation is present but described as modest rather than class-leading

Sound quality drew generally positive comments, with reviewers describing a warm, balanced tuning that suits podcasts and acoustic music well.

## **Price and availability**

The Loop will cost 179 credits, with replacement battery packs at 19 credits. Wrenfield plans to sell through its own website first, then through independent retailers in the spring. A recycling programme will accept spent cartridges by post at no cost to the owner.

## **The bigger picture**

Right-to-repair campaigners have pointed to earbuds as one of the worst offenders for short product lifespans. Advocacy group Fixwell Collective called the Loop "a proof that the problem was a choice, not a law of physics," and urged larger manufacturers to follow suit.

Whether Wrenfield can sell enough units to sustain a long spare-parts commitment remains an open question. But if the Loop succeeds, it will be harder for anyone to argue that replaceable batteries are impossible in something this small.

*This article was drafted by Byline's AI Correspondent from reporting by Byte Harbor Weekly, The Gadget Almanac and The Circuit Ledger, and checked by an editor before publication.*
`);

const quartzlineRelease = demoStory(`
Quartzline, the open-source web framework maintained by a small foundation and a loose collective of volunteers, has shipped **version 4.0** with a rewritten build engine. The maintainers say cold starts are roughly twice as fast and that most projects can upgrade in an afternoon.

## **What changed under the hood**

Earlier versions of Quartzline compiled every route of an application up front, which kept production fast but made development servers slow to start on large projects. Version 4.0 switches to an *on-demand* model: routes are compiled the first time they are requested, and results are cached on disk between runs.

Lead maintainer **Ottilie Brandvold** explains the reasoning in the [release announcement](https://example.com/quartzline/blog/quartzline-4):

> "Developers start their dev server dozens of times a day. Shaving seconds off that loop matters more than shaving milliseconds off a production request nobody is waiting for." — Ottilie Brandvold, Quartzline lead maintainer

## **The benchmarks**

The maintainers tested three open-source applications built with Quartzline, ranging from a small blog to a large storefront:

| Project | Routes | 3.x cold start | 4.0 cold start | 4.0 warm start |
|---|---|---|---|---|
| Blog starter | 12 | 1.9 s | 0.8 s | 0.3 s |
| Docs site | 140 | 6.4 s | 2.7 s | 0.6 s |
| Storefront | 410 | 18.2 s | 8.1 s | 1.4 s |

Production build times are largely unchanged, and the maintainers say runtime performance is within a few percent of 3.x in their tests.

## **Upgrading**

Most projects need only a few changes. The configuration file gains a new build section, and the old prebuild option is gone:

\`\`\`ts
// quartzline.config.ts
import { defineConfig } from "quartzline";

export default defineConfig({
  build: {
    mode: "on-demand", // the new default; "eager" restores 3.x behaviour
    cacheDir: ".quartzline/cache",
  },
  routes: "./app/routes",
});
\`\`\`

The [migration guide](https://example.com/quartzline/docs/migrate-to-4) lists the remaining steps:

1. Update the framework and its plugins together, since 3.x plugins will not load in 4.0.
2. Replace the removed prebuild flag with the new build mode setting shown above.
3. Add the cache directory to your ignore file so it does not end up in version control.
4. Run the bundled codemod, which rewrites the handful of renamed helper functions.

## **What to watch out for**

A few changes may catch teams off guard:

- The first request to each route in development is slower than in 3.x, because that is when compilation happens
- Custom plugins that hooked into the old prebuild step need rewriting against the new plugin interface
- Support for the oldest runtime versions has been dropped

## **Community reaction**

Feedback on the project's discussion forum has been largely positive, with several maintainers of large applications reporting even bigger gains than the official benchmarks. Others have asked for better documentation of the plugin changes, which the team says is coming in a point release.

For a volunteer-driven project, Quartzline 4.0 is an impressive piece of work. If your development server currently gives you time to make coffee, it is worth trying.
`);

const featureFlags = demoStory(`
Feature flags are one of the most useful tools in modern software delivery, and one of the easiest to abuse. Teams add them to ship safely, then forget to remove them, until a codebase holds hundreds of switches nobody fully understands. Several engineering teams told Byline how they got their flag debt under control.

## **How flags pile up**

A flag usually starts with good intentions: hide an unfinished feature, roll out a change to five percent of users, or give support a kill switch. The trouble is that adding a flag takes minutes, while removing one requires someone to be confident it is safe, and that someone has usually moved on to the next project.

At Saltmarsh Logistics, a freight-booking company, an audit last year found 612 flags in the main application. Around 70 percent had been fully on or fully off for more than six months.

> "Every stale flag is a fork in the road that your code still has to carry. We had six hundred forks and only ever took one path at each." — Beatrix Nwosu, staff engineer at Saltmarsh Logistics

## **Give every flag an owner and an end date**

The most common fix is simple: no flag gets created without a named owner and an expiry date. Saltmarsh built this into the small wrapper its engineers use to define flags, so a missing date fails the build:

\`\`\`ts
export const newCheckoutFlow = defineFlag({
  key: "new-checkout-flow",
  owner: "payments-team",
  expires: "2025-03-31",
  description: "Gradual rollout of the redesigned checkout",
});
\`\`\`

When a flag passes its expiry date, the continuous integration pipeline opens a ticket for the owning team and posts a reminder in its chat channel.

## **Types of flags, different rules**

Teams that manage flags well tend to separate them by purpose, because each kind has a different natural lifespan:

- **Release flags** hide unfinished work and should live for weeks, not months
- **Experiment flags** run an A/B test and should be removed when the test concludes
- **Operational flags** act as kill switches for risky dependencies and may live for years, but need reviewing
- **Permission flags** gate features for specific customers and usually belong in the product's settings instead

## **A clean-up routine that sticks**

Tallyfern, which makes accounting software for small firms, runs a monthly *flag amnesty*. Its process is short enough that teams actually follow it:

1. Generate a report of every flag that has not changed state in 60 days.
2. Ask each owning team to mark its flags as *keep*, *remove* or *unsure*.
3. Pair up engineers to delete the *remove* flags in one afternoon, including tests and dead code paths.
4. Escalate *unsure* flags to a tech lead, who decides within a week.

The company says its flag count fell from 340 to 95 in two quarters, and that new engineers now ramp up faster because there are fewer hidden branches to learn.

## **The payoff**

Engineers we spoke to described benefits beyond tidiness: simpler tests, fewer surprising bugs when two flags interact, and faster code reviews. Tallyfern has published its own rules as a [sample flag policy](https://example.com/tallyfern/feature-flag-policy) for anyone who wants a starting point. The hardest part, everyone agreed, is treating flag removal as real work that earns real credit.
`);

const ironleafFlaw = demoStory(`
Owners of several popular Ironleaf home and small-office routers should update their firmware now. A flaw disclosed this week can expose the router's administration panel to the open internet, even when remote management appears to be switched off in the settings.

## **What's affected**

Ironleaf's [security advisory](https://example.com/ironleaf/advisories/ilf-2025-014), tracked as **ILF-2025-014**, lists three models:

- Ironleaf Canopy AX3, firmware versions 2.4.0 to 2.4.6
- Ironleaf Canopy AX5, firmware versions 2.4.0 to 2.4.6
- Ironleaf Sapling Mini, firmware versions 1.9.0 to 1.9.3

Fixed firmware, version 2.4.7 for the Canopy models and 1.9.4 for the Sapling Mini, is available now. Routers with automatic updates enabled should install it within 72 hours, but Ironleaf recommends checking manually.

## **How the bug works**

The problem lies in how the affected firmware applies the remote management setting after a reboot. If a user turned remote management on at any point and later switched it off, the setting was saved correctly but not applied to the router's firewall rules after the next restart. The admin panel remained reachable from the internet on port 8443.

The flaw was reported by independent researcher **Kalani Moreau**, who found thousands of exposed panels during a routine internet scan.

> "The settings page said remote access was off, and people had every reason to believe it. That's the worst kind of bug: the one where the interface is telling you that you're safe." — Kalani Moreau, security researcher

Moreau says there is no evidence of widespread exploitation yet, but exposed panels protected only by a weak or default password are an easy target.

## **How to check and fix your router**

1. Log in to your router's admin panel from a device on your home network.
2. Open **System**, then **Firmware**, and note the installed version.
3. If it is in an affected range, select **Check for updates** and install the new version.
4. After the update, confirm that remote management is off, and change the admin password if it has ever been left at the default.

Advanced users who manage their routers through configuration backups can confirm the fix by inspecting the exported settings file. On patched firmware, the remote management section should look like this after reboot:

\`\`\`ini
[remote_admin]
enabled = false
listen_port = 8443
firewall_rule_applied = true
\`\`\`

If **firewall_rule_applied** shows *false* while remote admin is disabled, the router is still vulnerable.

## **Ironleaf's response**

Ironleaf says it fixed the bug within nineteen days of receiving Moreau's report and has added automated tests to check that firewall rules match the saved configuration after every reboot. The company will also start showing a warning banner on the admin panel when a router is reachable from outside the local network.

## **Why it matters**

Home routers rarely get attention until something goes wrong, yet they sit between every device in the house and the internet. Bugs where the interface and reality disagree are especially dangerous, because careful users are caught out as easily as careless ones. Set aside five minutes today to check yours, and while you are there, turn on automatic updates.
`);

const fernhillPasskeys = demoStory(`
Two years ago, Fernhill Bank, a regional lender with around 3,200 employees, set out to remove passwords from its internal systems. The project is now largely complete, and the bank's security team shared candid details about what worked, what did not and what it would do differently.

## **Why Fernhill moved**

The trigger was a phishing campaign that tricked eleven staff members into typing their passwords into a convincing fake login page. Multi-factor codes stopped the attackers that time, but the security team realised codes could be phished too.

**Passkeys**, cryptographic credentials stored on a device and unlocked with a fingerprint, face scan or PIN, cannot be typed into a fake website. That property made them the centrepiece of Fernhill's plan.

> "We were spending a fortune training people to spot fake login pages. Passkeys let us stop asking humans to be perfect detectors and make the fake page simply useless." — Nadia Ferreira-Holm, chief information security officer at Fernhill Bank

## **How the rollout went**

The bank moved in phases rather than flipping a switch:

1. **Pilot with IT staff.** Forty technical employees used passkeys for three months and documented every problem.
2. **Volunteers from every department.** Around 300 employees opted in, including branch staff on shared terminals.
3. **Default for new starters.** New employees were issued passkeys on day one and never received a password at all.
4. **Mandatory migration.** Remaining staff moved department by department over nine months, with drop-in help desks at each office.

## **The results**

Fernhill shared figures comparing the year before the project with the most recent year:

| Measure | Before | After |
|---|---|---|
| Password reset tickets per month | 1,140 | 85 |
| Successful phishing of credentials | 11 incidents | 0 incidents |
| Average sign-in time | 19 seconds | 6 seconds |
| Help desk hours on sign-in issues | 410 per month | 60 per month |

## **What was harder than expected**

Not everything went smoothly. The team highlighted several lessons in an [internal report it has since made public](https://example.com/fernhill/passkey-rollout-report):

- **Shared terminals** in branches needed hardware security keys on lanyards, since staff rotate through the same machine
- **Legacy applications**, including a twenty-year-old loan system, could not support passkeys and had to sit behind a new sign-in gateway
- **Lost devices** required a careful recovery process, because a weak recovery path undoes all the security gains
- **Change fatigue** was real; some staff were suspicious of biometrics until the team explained that fingerprints never leave the device

## **Advice for other organisations**

Ferreira-Holm's main advice is to design account recovery *first*. Fernhill now requires an in-person identity check or a video call with a manager before issuing a replacement credential, which is slower but closes the door attackers most often use.

She also recommends starting with new employees, who have no old habits to unlearn. For a bank that once had one of the region's busiest password reset queues, the quiet help desk is the clearest sign the project worked.
`);

const newsroomModelsDraft = demoStory(`
Small, self-hosted language models are quietly finding work in local newsrooms, according to reporting from several industry outlets. Rather than writing stories, the models are mostly being used for the unglamorous jobs that eat up reporters' time: transcribing interviews, tagging archives and summarising long public documents.

## **Where the models are being used**

Editors at three regional publications described similar uses:

- **Transcription.** Interviews and council meetings are transcribed on a machine in the office, so recordings never leave the building.
- **Archive tagging.** Decades of back issues are being labelled with people, places and topics, making them searchable for the first time.
- **Document summaries.** Planning applications and budget papers running to hundreds of pages are condensed into short briefings for reporters.

The *Tidecombe Courier*, a weekly paper serving a string of coastal villages, says its transcription workload fell from roughly ten hours a week to two after installing a model on a refurbished workstation.

> "We are four people covering eleven villages. Every hour we don't spend typing up a council meeting is an hour we can spend actually at the council meeting." — Rosalind Achterberg, editor of the Tidecombe Courier

## **Why local, not hosted**

Cost is part of the story, but editors cited source protection more often. Interview recordings can identify confidential sources, and several newsrooms said their policies forbid uploading them to outside services. A model running on hardware the newsroom owns removes that concern.

## **Guardrails newsrooms are adopting**

Editors described a consistent set of rules for using the tools:

1. No model output is published without a human reading it against the original source.
2. Summaries of public documents must link to the full document.
3. Quotes are always checked against the audio, never taken from a transcript alone.
4. Readers are told when automated tools were used in preparing a story.

A group of regional editors has drafted a [shared guidance document](https://example.com/regional-press/automation-guidelines) setting out these principles, and is inviting comment from other publications.

## **Open questions**

Not every experiment has gone well. One newsroom abandoned automated archive tagging after the model repeatedly confused two local politicians with similar names. Others worry that tools which save time today could become a justification for cutting staff tomorrow.

Editors interviewed were united on one point: the models are assistants, not reporters. Their value lies in clearing space for journalism that only people can do, such as turning up, asking questions and knowing the community.

*This draft was prepared by Byline's AI Correspondent from reporting by The Circuit Ledger and Signal & Spindle and is awaiting editorial review.*
`);

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    title: "Lumen Labs Releases a Compact Reasoning Model Built for Self-Hosting",
    excerpt:
      "Ember-7 runs on a single workstation GPU and nearly matches far larger models on planning tasks. We looked at what it gives up to get there.",
    content: lumenEmber,
    category: "AI",
    image: "AI/Technology",
    author: "Maya Okafor",
    publishedDaysAgo: 1,
    readTime: 3,
    isFeatured: true,
    isPopular: true,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Regional Hospitals Trial Ambient Speech Models to Cut Clinical Paperwork",
    excerpt:
      "Three Marrowick hospitals tested an on-premise note-taking system that halved charting time. Staff still worry about consent and rubber-stamp reviews.",
    content: hospitalScribes,
    category: "AI",
    image: "AI/Technology",
    author: "Correspondent",
    publishedDaysAgo: 6,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: true,
    sources: "The Circuit Ledger, Byte Harbor Weekly, Signal & Spindle",
  },
  {
    title: "Northwind Fold 3 Review: Thinner Hinge, Bigger Battery, One Real Catch",
    excerpt:
      "Northwind's third foldable finally closes flush and lasts a full day, but dropping the telephoto camera makes it a harder sell at this price.",
    content: northwindFold,
    category: "Mobile",
    image: "Mobile/Smartphone",
    author: "Daniel Reyes",
    publishedDaysAgo: 2,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "App Makers Are Racing to Shrink Their Downloads Again. Here's Why",
    excerpt:
      "Smaller installs mean more finished downloads where data is costly. Chatterwick and Orchard Transit explain how they cut their apps down to size.",
    content: appSizes,
    category: "Mobile",
    image: "Mobile/Smartphone",
    author: "Maya Okafor",
    publishedDaysAgo: 11,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Quillstack Raises $42 Million to Turn Company Wikis Into Trusted Answers",
    excerpt:
      "The internal knowledge startup's Series B, led by Saltgrass Ventures, will fund new connectors, stale-page detection and on-premise deployments.",
    content: quillstackRaise,
    category: "Startups",
    image: "Startup/Business",
    author: "Maya Okafor",
    publishedDaysAgo: 3,
    readTime: 3,
    isFeatured: true,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Why More Seed-Stage Founders Are Skipping the Big Launch Day",
    excerpt:
      "Instead of one splashy launch, early-stage startups are onboarding small cohorts, shipping weekly and announcing only once retention looks healthy.",
    content: softLaunches,
    category: "Startups",
    image: "Startup/Business",
    author: "Daniel Reyes",
    publishedDaysAgo: 14,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Harborline Cloud Outage Traced to a Certificate Nobody Was Watching",
    excerpt:
      "A hand-issued certificate expired overnight and took down load balancers for six hours. Harborline's candid review holds lessons for every ops team.",
    content: harborlineOutage,
    category: "Cloud",
    image: "Cloud/Data Center",
    author: "Daniel Reyes",
    publishedDaysAgo: 5,
    readTime: 3,
    isFeatured: true,
    isPopular: true,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Bramblecore Bets Ultra-Cheap Cold Storage Can Lure Archive-Heavy Teams",
    excerpt:
      "Deep Shelf stores data for under a credit per terabyte a month, if you can wait up to twelve hours to get it back. Here is who it suits.",
    content: bramblecoreStorage,
    category: "Cloud",
    image: "Cloud/Data Center",
    author: "Maya Okafor",
    publishedDaysAgo: 16,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Hands-On: The Tessellate Pad Is an E-Ink Tablet That Finally Feels Fast",
    excerpt:
      "Quick page turns, smooth scrolling and lag-free handwriting make Tessellate's 10.3-inch slate the first e-ink tablet we can recommend without caveats.",
    content: tessellatePad,
    category: "Gadgets",
    image: "Gadgets/Hardware",
    author: "Daniel Reyes",
    publishedDaysAgo: 7,
    readTime: 3,
    isFeatured: false,
    isPopular: true,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Wrenfield's Modular Earbuds Let Owners Swap the Batteries at Home",
    excerpt:
      "The Wrenfield Loop uses twist-lock battery cartridges to stretch an earbud's life to six years or more, at a small cost in size and battery life.",
    content: wrenfieldEarbuds,
    category: "Gadgets",
    image: "Gadgets/Hardware",
    author: "Correspondent",
    publishedDaysAgo: 12,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: true,
    sources: "Byte Harbor Weekly, The Gadget Almanac, The Circuit Ledger",
  },
  {
    title: "Quartzline 4.0 Rebuilds Its Build Engine and Halves Cold-Start Times",
    excerpt:
      "The open-source web framework now compiles routes on demand. We look at the benchmarks, the upgrade steps and the plugin changes to watch for.",
    content: quartzlineRelease,
    category: "Software",
    image: "Software/Code",
    author: "Maya Okafor",
    publishedDaysAgo: 8,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Feature Flags Pile Up Fast. These Teams Found Ways to Retire Them",
    excerpt:
      "Owners, expiry dates and a monthly flag amnesty helped two engineering teams cut hundreds of stale switches from their codebases in a few quarters.",
    content: featureFlags,
    category: "Software",
    image: "Software/Code",
    author: "Daniel Reyes",
    publishedDaysAgo: 17,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Patch Now: Ironleaf Router Flaw Leaves Admin Panels Open to the Web",
    excerpt:
      "A firmware bug keeps remote management reachable after reboot even when it is switched off. Here is how to check your router and fix it today.",
    content: ironleafFlaw,
    category: "Security",
    image: "Security/Protection",
    author: "Daniel Reyes",
    publishedDaysAgo: 0,
    readTime: 3,
    isFeatured: false,
    isPopular: true,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Passkeys at Work: What Fernhill Bank Learned From a Two-Year Rollout",
    excerpt:
      "Fernhill Bank replaced staff passwords with passkeys and cut reset tickets by more than 90 percent. Recovery design turned out to be the hardest part.",
    content: fernhillPasskeys,
    category: "Security",
    image: "Security/Protection",
    author: "Maya Okafor",
    publishedDaysAgo: 19,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: false,
    sources: "",
  },
  {
    title: "Local Newsrooms Put Small Self-Hosted Models to Work on the Grunt Jobs",
    excerpt:
      "Regional papers are using on-premise language models to transcribe interviews, tag archives and summarise council papers, with humans checking every line.",
    content: newsroomModelsDraft,
    category: "AI",
    image: "AI/Technology",
    author: "Correspondent",
    publishedDaysAgo: null,
    readTime: 3,
    isFeatured: false,
    isPopular: false,
    isAiGenerated: true,
    sources: "The Circuit Ledger, Signal & Spindle",
  },
];

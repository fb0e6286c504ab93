/**
 * Whether two articles tell the same story, judged from their titles and excerpts
 * (docs/decisions/008-duplicate-detection.md). Pure: no database, no clock, no provider.
 *
 * Word overlap cannot tell "Adobe agrees to buy Figma for $20 billion" from "Adobe and Figma abandon $20 billion
 * merger", nor see that "Microsoft to cut about 6,000 jobs" and "Microsoft lays off 3 percent of staff ... some six
 * thousand employees" are one story. The measure looks at four kinds of evidence instead:
 * - **who and what**: names (companies, products, people, places, laws), with a spelt-out name meeting its acronym
 *   ("Federal Trade Commission" and "FTC", "Marks & Spencer" and "M&S") and a nationality its country;
 * - **figures**: amounts, counts and shares in any spelling ("$1.2 billion" = "1.2bn dollars" = "1,200 million
 *   dollars"; "20%" = "a fifth of" = "20 per cent"), equal when one is a rounding of the other;
 * - **what happened**: event words grouped by meaning (buy = acquire = takeover; layoffs = job cuts; delay = push back);
 * - **other words**, stemmed, for the rest of the picture.
 * They add up to a score. Separately, some evidence says "different story" whatever the score: a headline reports
 * a kind of event the other article never mentions (announced vs delayed, breach vs lawsuit, fine vs appeal), two
 * versions of one product ("Python 3.13" vs "Python 3.14"), two periods ("in 2023" vs "of 2024"), or two headline
 * numbers far apart ("cuts 6,000 jobs" vs "cuts another 9,000 jobs").
 *
 * The word lists are hand-made for English tech news and can only be as complete as their authors: a retelling
 * that reports its event in words the lists lack can be taken for another story. The decision record gives the
 * measured precision and recall, including on pairs written after the lists were.
 */

export interface StoryText {
  title: string;
  excerpt: string;
}

// ---------------------------------------------------------------------------------------------------------------
// What happened: kinds of event

/** Kinds of event a headline can report. Each groups words that mean the same thing in tech news. */
export type EventKind =
  | "acquisition"
  | "called-off"
  | "approval"
  | "funding"
  | "investment"
  | "layoffs"
  | "leadership-change"
  | "results"
  | "price-change"
  | "launch"
  | "shutdown"
  | "availability"
  | "ban"
  | "research"
  | "delay"
  | "recall"
  | "outage"
  | "breach"
  | "attribution"
  | "ransom"
  | "vulnerability-fix"
  | "lawsuit"
  | "settlement"
  | "fine"
  | "appeal"
  | "ruling"
  | "investigation"
  | "rules-take-effect"
  | "rules-delay"
  | "contract"
  | "feature"
  | "accident"
  | "production"
  | "strike"
  | "milestone";

/**
 * The words that report each kind of event. A text reports the kinds whose patterns match it. Patterns allow the
 * usual inflections ("acquire", "acquires", "acquired", "acquisition") and ignore case, except where noted.
 */
const EVENT_PATTERNS: Record<EventKind, RegExp> = {
  // Case matters here, so no "i" flag: "buy" counts only with something bought named after it ("to buy Informatica",
  // "buys the startup"), not in "unable to buy online".
  acquisition:
    /\b([Aa]cquir\w*|[Aa]cquisition|([Bb]uys?|[Bb]uying|[Bb]ought) ([\p{Ll}-]+ ){0,3}?(?=\p{Lu}|(a|an|the|its|rival|startup|stake|majority)\b)|[Pp]urchas\w*|[Tt]akeover|[Bb]uy-?outs?|[Tt]ak(e|es|ing|en) (it |\w+ )?private|[Gg]o(es|ing)? private|[Tt]akes? over (?=\p{Lu}|(the|a|an|its|rival)\b)|[Ss]naps? up|[Ss]woop\w* on|[Aa]bsorb\w*|[Oo]ffload\w*|[Dd]ivest\w*|[Ss]eal(s|ed)? (the |its |a )?(deal|takeover|purchase)|[Ss]coops? up|[Pp]icks? up (?=\p{Lu})|([Tt]akeover |[Bb]uyout )?[Bb]ids? for|[Oo]ffers? for (?=\p{Lu})|[Cc]ombin(e|es|ed|ing|ation) with|[Ww]ins? control of|[Mm]erge[rds]?|[Mm]erging|[Tt]ie-up|[Ss]ale to|[Ss]old to|[Ss]ells? (its |the )?[\w\s'’-]{0,25}?to (?=\p{Lu}))/u,
  // A deal, bid, plan or lawsuit given up or stopped.
  "called-off":
    /\b(abandon\w*|collaps\w*|call(s|ed)? off|end(s|ed)? (its |the |their )?(talks|merger talks|deal|partnership|bid)\b|scrap\w*|cancel\w* (its |the |a |an |their |plans? )?([\w-]+ ){0,3}(deal|plan|plans|bid|offer|merger|takeover|acquisition|order|project|launch|game|mode|event|conference|product|contract|partnership)s?\b|shelv(e|es|ed|ing)\b|ditch\w*|pull(s|ed|ing)? out of|back(s|ed|ing)? out\b|walk(s|ed)? away|terminat\w*|withdr(aw|aws|ew|awn|awing) (its |the |their |a )?([\w-]+ )?(bid|offer|deal|plan|lawsuit|case|suit|complaint|application)|drop(s|ped)? (its |the |their )?([\w-]+ )?(lawsuit|case|suit|bid|deal|plan|offer)|block(s|ed)? (the |its |a )?([\w-]+ )?(deal|merger|takeover|acquisition))\b/i,
  approval: /\b(clear(s|ed)?|clearance|approv\w*|authori[sz](es|ed|ation)|green light|go-ahead|nod|sign(s|ed)? off)\b/i,
  // Money a company raises...
  funding:
    /\b((raises?|raised|raising|secures?|secured|lands?|landed|bags?|bagged|nets?|netted) (about |nearly |roughly |another |a fresh |fresh |new )?(us|uk)?[$€£\d][\d.,]*(\s?(k|m|mn|bn|b|million|billion|thousand)\b)?(?![\d.,\w]|[\s-]+(order|contract|deal|award|tender|sale)s?\b)|(gets?|got|receives?|received) (us|uk)?[$€£\d][\w.,]*( \w+)? (from|in funding|in investment|in new funding)\b|funding|funded|series [a-f]\b|(leads?|led|co-led|heads?|headed) (an? |the |its )?(new |fresh )?([\w$€£.,-]+ ){0,2}(round|bet)\b|rounds? (led|of)|(backs?|backed|backing) [\w\s'’-]{0,40}\b(with|in) (about |nearly |roughly )?(us|uk)?[$€£\d]|ipo)\b/i,
  // ...and money a company puts in, into another company or into plants.
  investment:
    /\b(invest(s|ed|ing|ment|ments|or|ors)?|spending|pledg\w*|commitment|(pour|pours|poured|pump|pumps|pumped|inject|injects|injected) [\w\s$€£.,-]{0,30}into)\b/i,
  layoffs:
    /\b(lay(s|ing)? off|laid off|layoffs?|job cuts?|redundanc\w*|workforce reduction|headcount|job losses|replac(e|es|ed|ing) [\w\s,'’-]{0,30}\bjobs|(lose|lost|losing) (their )?(jobs|work)\b|jobs? (to go|will go|at risk)|(lose|lost|losing) their jobs|downsiz\w*|furlough\w*|let(s|ting)? go of|(cut|cuts|cutting|slash\w*|eliminat\w*|shrinks?|cull\w*|trim\w*|reduc\w*|axe[sd]?|axing|shed|sheds|shedding)\s+([\w,.%-]+\s+){0,4}(jobs|staff|roles|positions|employees|workers|workforce))\b/i,
  "leadership-change":
    /\b(retir(es|ed|ing|ement)\b(?! (its|the|an?) )|resign\w*|quits?|step(s|ped)? down|ous(t|ts|ted)\b|out at|departs|(fires|fired|sacks|sacked) (its |the )?([\w-]+ )?(chief|ceo|boss|founder|president|chair\w*)|(chief executive|ceo|boss|founder|president|chair\w*) (leaves|exits|is leaving|to leave|will leave)|takes? the helm|promot(es|ed|ing|ion)\b|replac(es|ed|ing) (\w+ )?as (chief|ceo|boss|head)|new (boss|chief|head|leader|chair\w*)\b|at the helm|to lead|succeed(s|ed)?\b(?! in)|tapped to|taps|(names?|hires?) [\w\s'’-]{0,30}(chief executive|ceo)|(new|interim) (chief executive|ceo)|(names?|named|hires?|hired|taps?|tapped|appoints?|picks?|picked) [\w\s'’-]{0,40}\bto (run|lead|head|oversee)\b|(chief \w+|ceo|cfo|cto|president|founder|head|boss|chair\w*)['’]?s? (leaves|exits|departs|quits|is leaving|to leave|will leave)\b|takes? over as|top job|steps? back|appoint\w*|successor)\b/i,
  results:
    /\b(revenue|(?<!(driver|worker|creator|courier|rider|staff|employee|seller|host)s?['’]? )earnings|profits?|net income|turnover|profit warning|warns? on (profits?|sales|revenue|earnings)|(beats?|miss(es|ed)?|tops?|topped) (analysts['’]? |wall street['’]?s? )?(estimates|expectations|forecasts)|(sales|revenue|income) (rose|rise|rises|fell|falls?|jumps?|jumped|drops?|dropped|grew|grows|climbs?|climbed|slumps?|slumped)|(reports?|posts?|swings? to|narrow\w*|widen\w*) [\w$€£.,\s-]{0,25}\b(loss|profit)|(quarterly|annual|record) (results|sales|loss)|losse?s? of|forecast\w*|guid(es|ance))\b/i,
  "price-change":
    /\b((raises?|raised|lifts?|lifted|increases?|increased|hikes?|hiked|ups|bumps?|bumped) (us |uk )?([\w-]+ ){0,4}(prices?|fees?|subscriptions?|costs?)\b|(price|fee|subscription) (rises?|increases?|hikes?|cuts?|drops?|jumps?)|(more|less) expensive|cheaper|pricier|(to |will |begins? to |starts? )charg(e|ing) [$€£\d]|charg(e|es|ing) (users|customers|subscribers|members|drivers|players) |new fee|raises? (us |uk )?prices?|price (rise|rises|increase|increases|hike|hikes|cut|cuts)|pay ([\w$€£.]+ ){0,3}more|prices? of|cuts? (the )?prices?|(cut|cuts|lower\w*|trim\w*|slash\w*|reduc\w*|drops?|dropped) [\w\s-]{0,30}(prices?|fees?|rates?|tariffs?))\b/i,
  launch:
    /\b(launch\w*|unveil\w*|releas\w*|debut\w*|introduc\w*|arriv\w*|is out|ships|shipping|preview\w*|show(s|ed|ing)? off|switch(es|ed)? on|goes live|go live|pre-?orders? open|opens? pre-?orders)\b/i,
  // A product or service that ends: "retire its app", "shut down", "sunset", "end of life".
  shutdown:
    /\b(shut(s|ting)? (it )?down|shutdown|discontinu\w*|sunset\w*|retir(e|es|ing) (its|the|an?) |end(s|ing)? ([\w-]+ ){0,3}support|end of life|winds? down|wound down|pull(s|ed|ing)? the plug|(clos(e|es|ed|ing)|shut(s|ting)?) (down )?(its |the )?([\w-]+ ){0,3}(app|service|store|stores|offices?|plants?|factory|factories|site|studio|platform)s?\b|kill(s|ed|ing)? off|(will|to) go dark|(?<!-)\bend(s|ed|ing)? (its |the )?([\w-]+ ){0,3}(service|subscriptions?|app|product|programme|program|network)s?\b|gives? up on|phas(e|es|ed|ing) out|deprecat\w*|no longer (available|supported|be supported|sync)|(is|are) going away|switch(es|ed)? off (its |the )?([\w-]+ )?(servers?|services?|network|app)|(will|to|set to|is to|are to) stop working|stops? working (on|after|from|at the end))/i,
  // Something becomes available to buy or use: weak, as headlines choose freely between this and a launch.
  availability:
    /\b(goes on sale|go on sale|on sale (in|from|now)|now available|available (now|in|from|to)|rolls? out|rolling out|begins? service|expands? to|(can|could) now (buy|order|download|use)|(in|into) stores\b|(open|opens|opened) to (the public|everyone|all)|(start|starts|started|begin|begins|began) (getting|receiving)|(hits?|arriv\w*) (in )?(stores|shelves))\b/i,
  // A government or regulator forbids or restricts something.
  ban: /\b(bans?|banned|banning|bars?|barred|barring|blocked in|blocks? access|outlaw\w*|prohibit\w*|restrict(s|ed|ing|ions)?|curbs?|curbed|export controls?|kick(s|ed|ing)? out|(revok\w*|withdr(aw|aws|ew|awn)|pull(s|ed)?|strip(s|ped)?) (its |the |their |a )?([\w'’-]+ )?(licen[cs]es?|permits?)|(licen[cs]e|permit) (will not|won't) be renewed|(not|won't|will not) renew (its |the )?(licen[cs]e|permit))\b/i,
  // A study or paper reports a result.
  research:
    /\b(study|studies|paper in|published in|(researchers?|scientists?|academics?) (show|showed|shows|find|finds|found|say|said|report|reported|discover\w*)|finds? that|survey|(paper|study|report|trial|analysis) (shows|showed|finds|found|suggests|suggested)|(report|analysis) (finds|found|shows|showed))\b/i,
  delay:
    /\b(delay\w*|postpon\w*|push(es|ed|ing)? back|push(es|ed|ing)? [\w\s'’-]{1,60}? back (a|by|to|until|into)\b|slip(s|ped)?|reschedul\w*|(will not|won't|no longer) (ship|launch|arrive|open|start)\w* (until|this|in)|behind schedule)\b/i,
  // A product taken back or off sale: recall, suspension, halt of sales.
  recall:
    /\b(recall\w*|call(s|ed|ing)? (back|in)\b|(halts?|halted|suspend\w*|stops?|stopped|pause[sd]?) ([\w-]+ ){0,3}(sales|shipments)|delist\w*|no longer on sale|(pull(s|ed|ing)?|remov(e|es|ed|ing)) [\w\s'’-]{0,30}(from|off) (steam|the app store|app stores|the store|the play store)\b|pull(s|ed|ing)? [\w\s-]{0,30}(from|off) (sale|shelves|stores|store shelves|the market)|(replace|repair|fix)(s|es|ed|ing)? [\w\s-]{0,30}(free of charge|for free|at no cost))\b/i,
  outage:
    /\b(outages?|disruption|goes down|went down|takes? down|knocks? out|offline|lose connection|loses connection|locked out|(unable to|could not|couldn't|cannot|can't) (sign|log|connect|access|reach|load|stream|pay|book|claim|file)\b|glitch\w*|blackouts?|service interruptions?|down for|(?<!(will|to) )(go|goes|going|gone|went) dark|(knocks?|knocked|taken|takes?|goes|went|gone) offline|(sites|websites|services|servers|systems|machines|computers|pcs|apps?|networks?|regions?|platforms?) (fail|fails|failed|crash|crashed|crashes|went down|go down)\b|unreachable|grounds? (its |the )?(fleet|flights|planes|aircraft)|grounded|(system|software|computer|it|technical|power|network) (failure|fault|outage|glitch|problem|error)s?|buckl\w*|overwhelmed|stop(s|ped)? responding|unresponsive|(go|goes|gone|went) silent|disconnect\w*|stopped working|stop(s|ped)? working (for|overnight|across|at|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday))|crash(es|ed)?|stop(s|ped)? loading|fail(s|ed)? to load)\b/i,
  // "Breaching the law" is not a break-in; data "taken" or "sold" by insiders is.
  breach:
    /\b(breach(es|ed)?\b(?! of)|data breach|hack(s|ed|ers?)?\b|leak(s|ed)?\b|(stole|stolen|steal|steals|stealing) ([\w'’-]+ ){0,4}?(data|records|details|information|passwords|credentials|funds|crypto\w*|money|tokens|accounts|files|emails|cards|numbers|identities)\b|(hackers|attackers|criminals|thieves|intruders) stole|stolen (by|from) |unauthori[sz]ed (access|part(y|ies))|infiltrat\w*|exfiltrat\w*|(data|identity|credential) theft|theft of|heist|cyber ?attack\w*|attackers?|intruders?|accessed|broke into|break into|hijack\w*|seiz(e|es|ed) [\w\s-]{0,20}accounts|credential stuffing|cyber ?criminals?|hacking forum|scraped|held hostage|lock(s|ed|ing)? (up )?([\w'’-]+ ){0,2}(systems|computers|servers|files|networks?)\b|(expos(e|es|ed|ing)|left) ([\w.,'’-]+ ){0,4}(records|data|details|information|passwords|credentials|files|prescriptions)|unsecured (database|server|storage)|open to the internet|(left|were|was|lay|sat) ([\w-]+ ){0,2}open to (anyone|everyone|the internet|the public)|readable by anyone|unprotected|ddos|denial[- ]of[- ]service|(saw|see|seen|shown|showed|displayed) (other|another|one) ([\w-]+ )?(users?|customers?|people|accounts?)['’]?s? ([\w-]+ ){0,2}(data|code|details|information|messages|chats|files|records|conversations)|(give|gives|gave|giving) away [\w\s'’-]{0,20}(passwords|credentials|data|details)|hold(s|ing)? [\w\s'’]{0,20}hostage|ransomware|compromised|cyber incident|(hackers|attackers) accessed|exploit(s|ed|ing)?\b|(data|information|details|records) (was|were) (taken|stolen|exposed|accessed)|sold (account|customer|personal) (details|data|information))/i,
  // Blame laid on an actor, not on a fault: "FBI blames North Korea", not "AWS blames DNS fault".
  attribution: /\b(blames?|blamed|attribut\w*)\b[\w\s'’]{0,25}\b(hackers|group|gang|north korea|russia|china|iran|state-backed)/i,
  ransom:
    /\b(pa(id|ys?|ying) [\w\s$.,]{0,20}ransom|ransom payment|pa(id|ys?|ying) (the )?(hackers|attackers|criminals|extortionists|gang)\b)\b/i,
  "vulnerability-fix":
    /\b(patch(es|ed|ing)\b|(to|will|must|can|cannot|and) patch\b|patch(es)? (for|to fix|that fix\w*|fixing) (a |an |the )?([\w-]+ ){0,2}(flaw|bug|vulnerabilit\w*|hole|zero-day|exploit)|(security|software|emergency|urgent|firmware|critical) patch|zero-days?|vulnerabilit\w*|flaws?|bugs?|security holes?|holes?|(fix|fixes|fixed|fixing|plug|plugs|plugged|close|closes|closed) (the |a |an )?([\w-]+ ){0,3}(bug|flaw|hole|vulnerabilit\w*|weakness|loophole)s?|security weakness\w*|(security|urgent|emergency|critical) (update|fix|firmware)s?|rush(es|ed)? out (a |an )?(fix|update|patch))\b/i,
  lawsuit:
    /\b(sues?|sued|suing|(law)?suits? (over|against|by|from)|lawsuits?|class action|plaintiffs?|complaint|accus(es|ed|ing)|alleg(e|es|ed|ing)|(antitrust|legal|copyright|privacy) (case|suit|action)|court challenge|(takes?|taking|took|taken) [\w\s'’-]{0,40}to court|legal (action|challenge|battle|fight)|litigation|challeng(es|ed|ing)? [\w\s'’$.,-]{0,40}(in court|award|decision|ruling|law)|files? (a )?(protest|suit|complaint))\b/i,
  settlement: /\b(settle[sd]?|settlement|wins? [$€£\w][\w.]*\s?(bn|billion|m|million)?( dollars)? from)\b/i,
  fine: /\b(fine[sd]?|penalt(y|ies)|penalised|penalized|slapped with|orders? [\w\s-]{0,30} to pay|ordered to pay)\b/i,
  appeal: /\b(appeal(s|ed)?)\b/i,
  // "Rules" alone is usually a noun ("App Store rules"); a ruling needs a court, a verdict or a dismissal.
  ruling:
    /\b((judge|court|tribunal|jury|juries)s? (\w+s|\w+ed)|wins? [\w\s'’-]{0,30}(case|lawsuit|trial|suit)\b|court order|(cease-and-desist|antitrust|regulator's|watchdog's) order|orders? \w+ to (stop|end|halt|cease)|injunction|ruled|ruling|verdict|sided with|dismiss\w*|loses [\w\s-]{0,30}(trial|case))\b/i,
  investigation:
    /\b(investigat\w*|probe[sd]?|probing|inquiry|enquiry|looking into|(under|faces?|facing) scrutiny|asks? [\w\s-]{0,20}about)\b/i,
  "rules-take-effect": /\b(take[s]? effect|took effect|come[s]? into force|now appl(y|ies)|obligations)\b/i,
  "rules-delay": /\b(proposes? delaying|delay(ing)? parts)\b/i,
  contract:
    /\b(contracts?|partnership|partner(s|ed|ing)? with|team(s|ed|ing)? up|join(s|ed)? forces|alliance|licensing deal|orders? (about |up to |another |an? )?[\d$€£][\d.,]*|(places?|placed) (an? )?([\w-]+ )?orders?|awards?\b|awarded|tenders?\b|(wins?|won|lands?|landed) [\w\s$€£.,-]{0,30}\b(order|deal)s?\b|(picks?|picked|chooses?|chose|selects?|selected) [\w\s'’-]{0,30}\bto (build|supply|provide|deliver|run|make)\b|(signs?|signed)(?![- ](in|up|on|out)\b))\b/i,
  // A product gains a feature: "adds end-to-end encryption", "now lets users...". Not "adds 500 jobs" nor "adds subscribers".
  feature:
    /\b((adds?|added|adding)\b(?! ([\d$€£]|about|nearly|almost|more|another|over|jobs|staff|subscribers|users|customers|members|to (its|the) (board|team))\b)|new features?|now (lets|supports)|lets (users|customers|owners|people|drivers|players|subscribers)\b)/i,
  // Production starts: weak, like a launch.
  production:
    /\b((starts?|started|begins?|began|beginning|starting) (mass |volume |commercial )?(making|producing|production|manufacturing|output)|mass production|rolls? off (the )?(line|production line))\b/i,
  // A fire, an explosion or a crash that hurts people or property.
  accident:
    /\b(catch(es|ing)? fire|caught fire|fires? (at|broke out|breaks out|destroys?)|blaze|explo(de|des|ded|ding|sion|sions)|blew up|blows? up|bursts? into flames|injur(e|es|ed|ing|ies|y)|(gas|chemical|hydrogen) leak)\b/i,
  // Workers stop work: not "strikes a deal".
  strike:
    /\b(strik(e|es|ing)\b(?! (a |an |the )?([\w-]+ )?(deal|agreement|partnership|balance|chord|gold))|walk(out|-out|s out|ed out)|industrial action|stop work\b)/i,
  milestone: /\b(passes|surpass\w*|milestone|tops?|record|(reach|reaches|reached|hits?|cross|crosses|crossed) (the )?[\d$€£])\b/i,
};

/**
 * Kinds that do not tell two stories apart when only one headline has them: most stories "launch", "sign" or set
 * a "record" somewhere, and a headline's wording chooses freely among them.
 */
const WEAK_EVENTS: ReadonlySet<EventKind> = new Set(["launch", "contract", "milestone", "availability", "production"]);

/**
 * Kinds that one story often reports together, as cause and effect: an attack takes systems down, a fire forces a
 * recall. Two headlines that each report one of them may tell one story from two ends ("systems down after a
 * cyberattack", "residents can't claim benefits after council hack"), so they are not told apart for that alone.
 */
const TOLD_TOGETHER: ReadonlyArray<ReadonlySet<EventKind>> = [
  new Set(["breach", "outage", "ransom"]),
  new Set(["recall", "accident", "vulnerability-fix"]),
];

/** Kinds that are two sides of one event: the round a startup raises is an investment its backers make. */
const SAME_EVENT: ReadonlyArray<ReadonlySet<EventKind>> = [
  new Set(["funding", "investment"]),
  new Set(["launch", "availability"]),
];

/**
 * Kinds that presuppose another: a deal's approval presupposes the deal, a settlement or a ruling ends a lawsuit, so "settles authors' lawsuit" and "authors
 * win $1.5bn from Anthropic" both report the lawsuit. The follow-up itself still tells stories apart: "FTC sues
 * Amazon" does not report the settlement.
 */
const PRESUPPOSES: Partial<Record<EventKind, readonly EventKind[]>> = {
  settlement: ["lawsuit"],
  ruling: ["lawsuit"],
  approval: ["acquisition"],
  // A recall fixes a flaw: "recalls cars over faulty sensor" and "sensor flaw" report one defect.
  recall: ["vulnerability-fix", "accident"],
};

/** The kinds of event a text reports. */
export function eventKinds(text: string): Set<EventKind> {
  return new Set((Object.keys(EVENT_PATTERNS) as EventKind[]).filter((kind) => EVENT_PATTERNS[kind].test(text)));
}

/** Whether `events` include `kind` under its own name or that of the other side of the same event. */
function reportsUnderAnyName(events: ReadonlySet<EventKind>, kind: EventKind): boolean {
  return events.has(kind) || SAME_EVENT.some((group) => group.has(kind) && [...group].some((related) => events.has(related)));
}

/** Whether an article that reports `events` also reports `kind`: under its own name, a related one, or presupposed. */
function reports(events: ReadonlySet<EventKind>, kind: EventKind): boolean {
  return reportsUnderAnyName(events, kind) || [...events].some((event) => PRESUPPOSES[event]?.includes(kind));
}

/** Whether a headline that reports `events` tells `kind` too, or an event often told together with it. */
function toldWith(events: ReadonlySet<EventKind>, kind: EventKind): boolean {
  return reports(events, kind) || TOLD_TOGETHER.some((group) => group.has(kind) && [...events].some((event) => group.has(event)));
}

/** Any event word, for telling a single word apart ("Delays" starting a headline is not a name). Anchored: fast. */
const EVENT_WORD = new RegExp(
  `^(?:${Object.values(EVENT_PATTERNS)
    .map((pattern) => pattern.source)
    .join("|")})`,
  "iu",
);
const isEventWord = (word: string) => EVENT_WORD.test(word);

/**
 * A headline's main clause: what comes before "after", "amid", "following", "since" or "ahead of", which give the
 * background ("Scale AI lays off 14% of staff after Meta investment" reports layoffs, not an investment).
 */
export function mainClause(title: string): string {
  return title.split(/\b(?:after|amid|following|since|ahead of)\b/i)[0] ?? title;
}

/**
 * The event kinds of a headline's main clause, or of the whole headline when its main clause reports none: in
 * "Bank apologises after cards stopped working" or "shares sink after a profit warning" the news is in the background.
 */
function headlineEvents(title: string): Set<EventKind> {
  const main = eventKinds(mainClause(title));
  return main.size > 0 ? main : eventKinds(title);
}

/** Words that make a headline a sequel of an earlier story: "cuts another 9,000 jobs", "loses second antitrust case". */
const FOLLOW_UP = /\b(another|second|third|fresh|further|again|renewed)\b(?![- ](quarter|half|generation))/i;

// ---------------------------------------------------------------------------------------------------------------
// Who and what: names

/** Words that carry no story: function words and the filler of news writing. Never names, never compared. */
const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but nor of to in on at by for with from into onto over under about after before since until " +
    "as is are was were be been being has have had do does did will would could should may might can must shall " +
    "it its it's this that these those there their they them he she his her him we our us you your i me my " +
    "who whom whose which what when where why how not no yes all any some each every both either neither " +
    "than then so such too very just only also even still yet more most much many few less least other others another " +
    "said says say saying told according familiar people person company companies firm firms business " +
    "new first last latest next now today week weeks month months year years day days time times " +
    "about around roughly nearly almost some over up down out off per via against among across within without " +
    "one two three four five six seven eight nine ten " +
    "while during through upon because though although if unless whether"
  ).split(" "),
);

/** Names so common in tech news that sharing them says little: places, days, months, titles. They weigh a third. */
const COMMON_NAMES: ReadonlySet<string> = new Set(
  (
    "us uk eu ai ceo cfo it tech europe china japan korea taiwan india ireland france germany italy netherlands " +
    "sweden australia canada israel monday tuesday wednesday thursday friday saturday sunday " +
    "january february march april may june july august september october november december"
  ).split(" "),
);

/** A nationality names its country: "Japanese regulator" and "Japan's regulator" name the same place. */
const COUNTRY_OF: Readonly<Record<string, string>> = {
  american: "us",
  british: "uk",
  chinese: "china",
  japanese: "japan",
  korean: "korea",
  taiwanese: "taiwan",
  indian: "india",
  irish: "ireland",
  french: "france",
  german: "germany",
  italian: "italy",
  dutch: "netherlands",
  swedish: "sweden",
  australian: "australia",
  canadian: "canada",
  israeli: "israel",
  european: "europe",
};

/** Words that name a model of a product line: "iPhone Air", "Switch OLED", "Pixel 10 Pro". */
const MODEL_WORDS: ReadonlySet<string> = new Set([
  "air",
  "pro",
  "max",
  "mini",
  "ultra",
  "plus",
  "lite",
  "oled",
  "fold",
  "flip",
  "se",
]);

interface Token {
  /** As written, without surrounding punctuation or a possessive "'s". */
  text: string;
  lower: string;
  /** The first word of a title or sentence: its capital says nothing. */
  sentenceStart: boolean;
  /** A word of a headline written in Title Case: its capital says nothing either. */
  inTitleCaseTitle: boolean;
}

/** Splits a text into words, numbers (with a unit glued on: "8bn", "78%") and currency signs. Hyphens split words. */
function tokenize(text: string, titleCase: boolean): Token[] {
  const tokens: Token[] = [];
  const pattern = /[$€£&]|\d+(?:[.,]\d+)*\p{L}*%?|[\p{L}\p{N}]+(?:[&'’.][\p{L}\p{N}]+)*|[.!?:;]/gu;
  let sentenceStart = true;
  for (const [raw] of text.matchAll(pattern)) {
    if (/^[.!?:;]$/.test(raw)) {
      sentenceStart = true;
      continue;
    }
    const word = raw.replace(/['’]s$/i, "");
    tokens.push({ text: word, lower: word.toLowerCase(), sentenceStart, inTitleCaseTitle: titleCase });
    sentenceStart = false;
  }
  return tokens;
}

/** A headline in Title Case ("Apple Delays Its Smarter Siri Features") rather than sentence case. */
function isTitleCase(title: string): boolean {
  const words = title.split(/[\s-]+/).filter((word) => /^\p{L}{4,}/u.test(word));
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word));
  return words.length >= 3 && capitalised.length / words.length >= 0.8;
}

/** How a name is compared: "Microsoft's" is "microsoft", "M&S" is "ms", "AT&T" is "att", "Japanese" is "japan". */
function nameKey(word: string): string {
  const key = word
    .toLowerCase()
    .replace(/['’]s$/, "")
    .replace(/[^\p{L}\p{N}]/gu, "");
  return COUNTRY_OF[key] ?? key;
}

const isAcronym = (word: string) => /^[\p{Lu}\p{N}&.]{2,}$/u.test(word) && /\p{Lu}/u.test(word);
const hasInnerCapitalOrDigit = (word: string) => /^\p{L}.*(\p{Lu}|\p{N})/u.test(word);
const isCapitalised = (word: string) => /^\p{Lu}/u.test(word);

function isName(token: Token, lowercaseWords: ReadonlySet<string>): boolean {
  const { text, lower } = token;
  if (!/\p{L}/u.test(text) || FILLER_WORDS.has(lower)) return false;
  if (isAcronym(text) || hasInnerCapitalOrDigit(text)) return true;
  if (!isCapitalised(text)) return false;
  // A capital at a sentence start or in a Title Case headline makes a name only of a word the pair never writes small.
  if (token.sentenceStart || token.inTitleCaseTitle) return !lowercaseWords.has(lower) && !isEventWord(lower);
  return true;
}

/**
 * The model or version right after a product name: a number below 100 ("Python 3.14"), a code ("16e"), a single
 * capital letter ("iPhone X", "Model Y") or a model word ("iPhone Air").
 */
function modelAfter(next: Token | undefined): string | null {
  if (!next || next.sentenceStart) return null;
  if (/^\p{Lu}$/u.test(next.text)) return next.lower;
  if (/^\d+(\.\d+)?$/.test(next.text)) return Number(next.text) < 100 ? next.text : null;
  if (/^\d+\p{L}{1,2}$/u.test(next.text) && !SCALES[next.lower.replace(/^\d+/, "")]) return next.lower;
  return isCapitalised(next.text) && MODEL_WORDS.has(next.lower) ? next.lower : null;
}

/** A run of capitalised words ("Federal Trade Commission") and its acronym ("ftc"). */
export interface NameRun {
  acronym: string;
  names: string[];
}

/**
 * The names in a text: capitalised words that do not start a sentence, acronyms ("FTC"), product codes ("H20",
 * "iPhone"), and first words that the pair never writes in lowercase. A name followed by a model or version is
 * also kept with it ("python 3.14"). Runs of three or more capitalised words, or of two joined by "and" or "&",
 * are kept with their acronym, so that "Federal Trade Commission" can meet "FTC" and "Marks & Spencer" "M&S".
 */
function findNames(tokens: Token[], lowercaseWords: ReadonlySet<string>): Pick<StoryFeatures, "names" | "models" | "runs"> {
  const names = new Set<string>();
  const models = new Map<string, Set<string>>();
  const runs: NameRun[] = [];
  let run: string[] = [];
  let joined = false;
  const endRun = () => {
    if (run.length >= 3 || (run.length === 2 && joined)) {
      runs.push({ acronym: run.map((word) => word.charAt(0).toLowerCase()).join(""), names: run.map(nameKey) });
    }
    // A run whose words have capitals inside ("PlayStation Network") is also known by all its capitals ("PSN").
    const capitals = run.map((word) => word.replace(/[^\p{Lu}]/gu, "")).join("");
    if (run.length >= 2 && capitals.length > run.length) runs.push({ acronym: capitals.toLowerCase(), names: run.map(nameKey) });
    run = [];
    joined = false;
  };
  tokens.forEach((token, index) => {
    if (isName(token, lowercaseWords)) {
      const key = nameKey(token.text);
      if (key && !FILLER_WORDS.has(key)) names.add(key);
      if (isAcronym(token.text)) endRun();
      else run.push(token.text);
      const model = modelAfter(tokens[index + 1]);
      if (model && !COMMON_NAMES.has(key)) {
        models.set(key, (models.get(key) ?? new Set()).add(model));
        names.add(`${key} ${model}`);
      }
    } else if ((token.lower === "and" || token.lower === "&") && run.length > 0 && !token.sentenceStart) {
      // "Food and Drug Administration": the small word stays inside the run, out of the acronym.
      joined = true;
    } else if (!(token.lower === "of" && run.length > 0)) {
      // "Bank of England" goes on; anything else ends the run.
      endRun();
    }
  });
  endRun();
  return { names, models, runs };
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

/** A figure read from a text, in base units ("$8bn" is 8,000,000,000 dollars). */
export interface Figure {
  value: number;
  kind: "money" | "percent" | "quantity";
  /** "USD", "EUR", "GBP" for money when the text says; null otherwise. */
  currency: string | null;
  /** Half the step of the last digit as written, in base units: "$8bn" is exact to 500,000,000, "$8.25bn" to 5,000,000. */
  tolerance: number;
  /** Written in words or hedged ("about", "nearly", "half-billion"): a round figure, compared more loosely. */
  approximate: boolean;
  /** The words it was read from, for the evidence. */
  text: string;
}

/** ISO currency codes, read both before an amount ("EUR 80m") and after it ("18 million USD"). */
const CURRENCY_CODES: Readonly<Record<string, string>> = {
  usd: "USD",
  eur: "EUR",
  gbp: "GBP",
  jpy: "JPY",
  cny: "CNY",
  chf: "CHF",
  inr: "INR",
  krw: "KRW",
  sek: "KR",
  nok: "KR",
  dkk: "KR",
  aud: "AUD",
  cad: "CAD",
  hkd: "HKD",
  sgd: "SGD",
  nzd: "NZD",
};
/** Signs and codes written before an amount ("$", "EUR 80m"); crowns are one currency, "KR", as below. */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  $: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  "₩": "KRW",
  ...CURRENCY_CODES,
  rmb: "CNY",
  rs: "INR",
};
/** Dollars of other countries, written before the sign: "A$50m", "HK$3bn". ("US$" is the plain dollar.) */
const PREFIXED_DOLLARS: Readonly<Record<string, string>> = {
  A: "AUD",
  AU: "AUD",
  C: "CAD",
  CA: "CAD",
  HK: "HKD",
  S: "SGD",
  SG: "SGD",
  NZ: "NZD",
  NT: "TWD",
};
/** Danish, Norwegian and Swedish crowns are all "kroner" or "kronor" in English news: one currency here, "KR". */
const CURRENCY_WORDS: Readonly<Record<string, string>> = {
  dollar: "USD",
  dollars: "USD",
  euro: "EUR",
  euros: "EUR",
  pound: "GBP",
  pounds: "GBP",
  sterling: "GBP",
  yen: "JPY",
  yuan: "CNY",
  renminbi: "CNY",
  rupees: "INR",
  won: "KRW",
  francs: "CHF",
  kronor: "KR",
  krona: "KR",
  kroner: "KR",
  krone: "KR",
  ...CURRENCY_CODES,
};
const SCALES: Readonly<Record<string, number>> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  tn: 1e12,
  lakh: 1e5,
  crore: 1e7,
};
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
/** "a fifth of": shares written in words, as percentages. */
const FRACTION_WORDS: Readonly<Record<string, number>> = { half: 50, third: 100 / 3, quarter: 25, fifth: 20, tenth: 10 };
/** Words after which "a quarter" is a change by that share: "a quarter cheaper". */
const COMPARATIVES: ReadonlySet<string> = new Set(["cheaper", "dearer", "more", "less", "lower", "higher", "fewer", "off"]);
/** "two-thirds", "three quarters": several of a fraction. */
const FRACTION_PLURALS: Readonly<Record<string, number>> = { thirds: 100 / 3, quarters: 25, fifths: 20, tenths: 10 };
/** Words that make the figure after them approximate. */
const HEDGES: ReadonlySet<string> = new Set([
  "about",
  "around",
  "roughly",
  "nearly",
  "near",
  "almost",
  "some",
  "approximately",
  "than",
  "over",
  "up",
]);

/** Plain numbers in this range are years, not figures: every story of a year shares them. */
const YEARS = { from: 1990, to: 2100 } as const;
/** Plain whole numbers (no currency, scale or %) below this are not figures: "two executives", "Switch 2". */
const SMALLEST_PLAIN_FIGURE = 10;
/**
 * Two figures must also lie within this share of each other, whatever their written precision: 5%, or 10% when
 * either is approximate ("a half-billion-euro fine" for a EUR 530 million one), so "$1 billion" does not take "$1.46bn".
 */
const FIGURE_RELATIVE_TOLERANCE = { exact: 0.05, approximate: 0.1 } as const;

/** Reads the figures of a text: "$8bn", "8 billion dollars", "1,200 million", "78 per cent", "a fifth of", "one in seven". */
export function extractFigures(text: string): Figure[] {
  const words = text
    .replace(/\b([A-Z]{1,2})\$(?=\s?\d)/g, (written: string, prefix: string) =>
      prefix === "US" ? "$" : PREFIXED_DOLLARS[prefix] ? ` ${PREFIXED_DOLLARS[prefix]} ` : written,
    )
    .replace(/\bU\.?S\.? dollars\b/gi, "dollars")
    // Grouped digits keep a mark ("2_000"), so that "2,000 drivers" is not taken for the year 2000.
    .replace(/(\d),(\d{3})/g, "$1_$2")
    .replace(/(\d),(\d{3})/g, "$1_$2")
    .toLowerCase()
    .replace(/per cent/g, "percent")
    .replace(/(\d) ?(pc|pct)\b/g, "$1%")
    .replace(/([$€£¥₹₩])/g, " $1 ")
    .replace(/(\d)(%)/g, "$1 $2")
    .replace(/(\d)([a-z]+)\b/g, "$1 $2")
    .split(/[\s\-–—,;:()"']+/)
    .map((word) => word.replace(/[.!?]+$/, ""))
    .filter(Boolean);
  const figures: Figure[] = [];
  let index = 0;
  while (index < words.length) {
    const read = readFraction(words, index) ?? readFigure(words, index);
    if (read?.figure) figures.push(read.figure);
    index = read ? read.next : index + 1;
  }
  return figures;
}

/** Reads one figure at `start`: a currency sign, a number in digits or words, a scale, "%" or a currency word. */
function readFigure(words: string[], start: number): { figure: Figure | null; next: number } | null {
  let index = start;
  let currency = CURRENCY_SYMBOLS[words[index] ?? ""] ?? null;
  if (currency) index += 1;
  const number = readNumber(words, index);
  if (!number) return null;
  index = number.next;
  let { value, step } = number;
  let scaled = false;
  const scaleWord = words[index] ?? "";
  // A bare "m" or "b" after a number is a scale only next to money ("$116m"), or "m" after a whole number ("109m").
  const scale = SCALES[scaleWord];
  if (scale && !(scaleWord === "m" && !currency && value < 1) && !(scaleWord === "b" && !currency)) {
    value *= scale;
    step *= scale;
    scaled = true;
    index += 1;
  }
  let kind: Figure["kind"] = currency ? "money" : "quantity";
  if (words[index] === "%" || words[index] === "percent") {
    kind = "percent";
    index += 1;
  } else {
    const named = currency ? undefined : CURRENCY_WORDS[words[index] ?? ""];
    if (named) {
      currency = named;
      kind = "money";
      index += 1;
    }
  }
  const plain = kind === "quantity" && !scaled;
  const isYear =
    plain && Number.isInteger(value) && value >= YEARS.from && value <= YEARS.to && !number.inWords && !number.grouped;
  if (isYear || (plain && value < SMALLEST_PLAIN_FIGURE && Number.isInteger(value))) return { figure: null, next: index };
  const text = words
    .slice(start, index)
    .join(" ")
    .replace(/_/g, "")
    .replace(/([$€£¥₹₩]) /, "$1");
  const approximate = number.inWords || HEDGES.has(words[start - 1] ?? "");
  return { figure: { value, kind, currency, tolerance: step, approximate, text }, next: index };
}

/** A number in digits ("1.46", "190000000") or words ("six thousand", "two and a half", "a hundred", "half"). */
function readNumber(
  words: string[],
  start: number,
): { value: number; step: number; inWords: boolean; grouped?: boolean; next: number } | null {
  const word = words[start];
  if (word === undefined) return null;
  if (/^\d+(_\d{3})*(\.\d+)?$/.test(word)) {
    const decimals = word.split(".")[1]?.length ?? 0;
    const grouped = word.includes("_");
    return { value: Number(word.replace(/_/g, "")), step: 0.5 * 10 ** -decimals, inWords: false, grouped, next: start + 1 };
  }
  let index = start;
  let value = 0;
  /** The thousands already read ("six thousand" of "six thousand five hundred"): "hundred" multiplies what follows them. */
  let thousands = 0;
  let found = false;
  // "a million users", "a billion dollars": one of the scale.
  if (words[index] === "a" && ["thousand", "million", "billion", "trillion"].includes(words[index + 1] ?? "")) {
    return { value: 1, step: 0.5, inWords: true, next: index + 1 };
  }
  if (words[index] === "a" && (words[index + 1] === "hundred" || words[index + 1] === "half")) index += 1;
  for (let current = words[index]; current !== undefined; current = words[index]) {
    const next = words[index + 1] ?? "";
    const numberWord = NUMBER_WORDS[current];
    if (current === "half" && (found || SCALES[next])) {
      // "two and a half", or "half" before a scale ("half-billion-euro").
      value += 0.5;
      found = true;
    } else if (current === "half" && next === "a" && SCALES[words[index + 2] ?? ""]) {
      // "half a million"
      value += 0.5;
      found = true;
      index += 1;
    } else if (current === "hundred") {
      value = thousands + (value - thousands || 1) * 100;
      found = true;
    } else if (current === "thousand" && found) {
      value *= 1000;
      thousands = value;
    } else if (numberWord !== undefined) {
      value += numberWord;
      found = true;
    } else if (current === "and" && found && (next === "a" || NUMBER_WORDS[next] !== undefined)) {
      if (next === "a") index += 1;
    } else {
      break;
    }
    index += 1;
  }
  // Words are as exact as the whole number they end on, like the digits they stand for.
  return found ? { value, step: 0.5, inWords: true, next: index } : null;
}

/** "a fifth of", "one in seven": a share in words, as an approximate percentage. */
function readFraction(words: string[], start: number): { figure: Figure; next: number } | null {
  const first = words[start];
  const second = words[start + 1];
  const third = words[start + 2];
  if (first === undefined || third === undefined) return null;
  let value: number | undefined;
  if (first === "a" && second !== undefined && (third === "of" || COMPARATIVES.has(third))) {
    // "a fifth of its staff", and "a quarter cheaper": a share of the figure before.
    value = FRACTION_WORDS[second];
  } else if (third === "of" && NUMBER_WORDS[first] !== undefined && FRACTION_PLURALS[second ?? ""] !== undefined) {
    value = NUMBER_WORDS[first] * (FRACTION_PLURALS[second ?? ""] ?? 0);
  } else if (second === "in") {
    const numerator = NUMBER_WORDS[first] ?? (/^\d+$/.test(first) ? Number(first) : undefined);
    const denominator = NUMBER_WORDS[third] ?? (/^\d+$/.test(third) ? Number(third) : undefined);
    if (numerator !== undefined && denominator !== undefined && denominator > numerator && denominator <= 100) {
      value = (100 * numerator) / denominator;
    }
  }
  if (value === undefined) return null;
  const text = words.slice(start, start + 3).join(" ");
  return { figure: { value, kind: "percent", currency: null, tolerance: 0.5, approximate: true, text }, next: start + 3 };
}

/**
 * Two figures are the same when they are of one kind (and one currency, when both say), and the more precisely
 * written one rounds to the other: "$1.46bn" and "$1.5 billion", "20.1%" and "a fifth of", "$449.99" and "$450".
 */
export function sameFigure(a: Figure, b: Figure): boolean {
  if (a.kind !== b.kind) return false;
  if (a.currency && b.currency && a.currency !== b.currency) return false;
  const larger = Math.max(Math.abs(a.value), Math.abs(b.value));
  const difference = Math.abs(a.value - b.value);
  const relative = a.approximate || b.approximate ? FIGURE_RELATIVE_TOLERANCE.approximate : FIGURE_RELATIVE_TOLERANCE.exact;
  return difference <= Math.max(a.tolerance, b.tolerance) + 1e-9 * larger && difference <= relative * larger;
}

// ---------------------------------------------------------------------------------------------------------------
// Other words

/** A light stemmer: enough for "releases", "released" and "release" to meet. */
export function stem(word: string): string {
  let base = word.toLowerCase().replace(/['’]s$/, "");
  const suffix = /(ing|ed|es|s)$/.exec(base);
  if (suffix && base.length - suffix[0].length >= 3 && !base.endsWith("ss")) base = base.slice(0, -suffix[0].length);
  return base.replace(/e$/, "");
}

// ---------------------------------------------------------------------------------------------------------------
// One article, and a pair

/** Everything the measure looks at in one article. */
export interface StoryFeatures {
  names: Set<string>;
  /** Models or versions named after a product ("iphone" to {"16e"}, "python" to {"3.14"}). */
  models: Map<string, Set<string>>;
  runs: NameRun[];
  figures: Figure[];
  /** Event kinds of the whole headline. */
  titleEvents: Set<EventKind>;
  /** Event kinds of the headline's main clause: what the story reports. */
  mainEvents: Set<EventKind>;
  /** Event kinds anywhere in title or excerpt. */
  events: Set<EventKind>;
  /** Years the headline's main clause names: the story's period. */
  mainYears: Set<string>;
  /** Figures in the headline's main clause: the story's number. */
  mainFigures: Figure[];
  /** A word in the headline's main clause that marks a follow-up ("another", "second"), or null. */
  followUp: string | null;
  /** Stems of the words that are neither names, event words nor filler. */
  words: Set<string>;
  /** The story's main subject: the headline's first name that is not a common one ("klarna"), or null. */
  subject: string | null;
}

/**
 * The features of one article. `lowercaseWords` are the words written in lowercase anywhere in the pair compared,
 * which tell a capitalised first word ("Customers said...") from a name ("Coinbase said...").
 */
export function storyFeatures(story: StoryText, lowercaseWords: ReadonlySet<string> = lowercaseWordsOf(story)): StoryFeatures {
  const tokens = [...tokenize(story.title, isTitleCase(story.title)), ...tokenize(story.excerpt, false)];
  const found = findNames(tokens, lowercaseWords);
  const headline = mainClause(story.title);
  const words = tokens
    .filter((token) => /^\p{L}/u.test(token.text) && token.lower.length > 2 && !FILLER_WORDS.has(token.lower))
    .filter((token) => !found.names.has(nameKey(token.text)) && !isEventWord(token.lower))
    .map((token) => stem(token.text));
  return {
    ...found,
    figures: extractFigures(`${story.title}. ${story.excerpt}`),
    titleEvents: eventKinds(story.title),
    mainEvents: headlineEvents(story.title),
    events: eventKinds(`${story.title}. ${story.excerpt}`),
    mainYears: new Set(headline.match(/\b(19|20)\d\d\b/g) ?? []),
    mainFigures: extractFigures(headline),
    followUp: FOLLOW_UP.exec(headline)?.[0].toLowerCase() ?? null,
    words: new Set(words),
    subject: headlineSubject(story.title, found.names),
  };
}

/** The first name of a headline that is not a common one (place, month, title): who the story is about. */
function headlineSubject(title: string, names: ReadonlySet<string>): string | null {
  for (const token of tokenize(title, isTitleCase(title))) {
    const key = nameKey(token.text);
    if (names.has(key) && !COMMON_NAMES.has(key)) return key;
  }
  return null;
}

/**
 * An article read once, to be compared with many (the new article against each candidate). Its features assume
 * the other article writes none of its capitalised first words in lowercase; `comparedWith` reads it again, with
 * the pair's words, only when the other article does.
 */
export interface PreparedStory {
  story: StoryText;
  features: StoryFeatures;
  /** Words the article writes in lowercase. */
  lowercaseWords: ReadonlySet<string>;
  /** Capitalised words whose being a name depends on the other article (a sentence's first word, say). */
  undecided: ReadonlySet<string>;
}

export function prepareStory(story: StoryText): PreparedStory {
  const lowercaseWords = lowercaseWordsOf(story);
  const tokens = [...tokenize(story.title, isTitleCase(story.title)), ...tokenize(story.excerpt, false)];
  const undecided = tokens
    .filter((token) => (token.sentenceStart || token.inTitleCaseTitle) && isName(token, lowercaseWords))
    .filter((token) => !isAcronym(token.text) && !hasInnerCapitalOrDigit(token.text))
    .map((token) => token.lower);
  return { story, features: storyFeatures(story, lowercaseWords), lowercaseWords, undecided: new Set(undecided) };
}

/** An article's features as compared with another: read again with the pair's lowercase words where they matter. */
function comparedWith(side: PreparedStory, other: PreparedStory): StoryFeatures {
  if (![...side.undecided].some((word) => other.lowercaseWords.has(word))) return side.features;
  return storyFeatures(side.story, new Set([...side.lowercaseWords, ...other.lowercaseWords]));
}

const isPrepared = (story: StoryText | PreparedStory): story is PreparedStory => "features" in story;

function lowercaseWordsOf(...stories: StoryText[]): Set<string> {
  const words = new Set<string>();
  for (const { title, excerpt } of stories) {
    for (const [word] of `${title} ${excerpt}`.matchAll(/(?<![\p{L}\p{N}'’])\p{Ll}+/gu)) words.add(word);
  }
  return words;
}

/** The measure's verdict on a pair, with the evidence behind it. */
export interface StorySimilarity {
  /** 0 (nothing in common) to 1. */
  score: number;
  /** Names both articles mention. */
  sharedNames: string[];
  /** Figures both articles give, each as its article wrote it. */
  sharedFigures: Array<[string, string]>;
  /** Event kinds both headlines report. */
  sharedEvents: EventKind[];
  /** Event kinds one headline reports that the other article does not mention at all: a different story. */
  conflictingEvents: EventKind[];
  /** A product both name in different models or versions ("python 3.13 vs 3.14"): a different story. */
  conflictingModels: string[];
  /** Different years in the headlines' main clauses ("in 2023", "of 2024"): a different period, a different story. */
  conflictingYears: string[];
  /** Headline figures of one kind far from every figure of that kind in the other article ("9000", "6000"). */
  conflictingFigures: string[];
  /** The follow-up word ("another") one headline has and the other lacks, or null: it lowers the score. */
  followUp: string | null;
  /** Other words (stems) both articles use. */
  sharedWords: string[];
  /** The share of the smaller side's other words that the other side also uses, 0 to 1. */
  wordShare: number;
  /**
   * Whether the two share a main subject: one headline's first name is named by the other article (or a headline
   * names nobody, so there is nothing to hold against the pair). Without it
   * two headlines are about different companies ("Klarna files for IPO", "Figma files for IPO"): a different story.
   */
  sharedSubject: boolean;
  /** Whether one headline's main subject is named by the other article (both headlines naming someone). */
  subjectNamed: boolean;
}

/**
 * The score, out of 1:
 * - names, 0.45: the weighted share of the smaller side's names that the other also has (common names weigh a third).
 *   Who a story is about is the strongest sign; the share of the smaller side lets a short text match a longer one;
 * - figures, 0.25: one shared figure gives 0.15, two or more the full 0.25. A precise figure nearly fixes a story,
 *   but "$1 billion" recurs, so one alone is not enough;
 * - events, 0.15: both headlines report the same kind of event;
 * - words, 0.15: the share of the smaller side's other words that the other also has.
 * A follow-up word on one side only takes 0.15 off: a hint, not proof ("delays the Roadster again" can be a retelling).
 */
const WEIGHTS = { names: 0.45, figures: 0.25, events: 0.15, words: 0.15, followUp: 0.15 } as const;
/** What one shared figure earns of the figures' weight. */
const ONE_FIGURE = 0.6;
/** Headline figures further apart than this share of the larger are different numbers, not two roundings of one. */
const FIGURES_APART = 0.1;

/**
 * From this score up, two articles with no conflicting evidence tell the same story. On the labelled pairs
 * (tests/fixtures/duplicate-pairs.json) the retellings without conflicts score 0.44 to 0.9 but for five, and the
 * different stories without conflicts 0.15 to 0.42 but for two; 0.44 sits in that gap.
 */
export const SAME_STORY_THRESHOLD = 0.44;
/** Without a shared figure or headline event, the share of other words that must be shared for one story. */
const WORDS_CARRYING_A_STORY = 0.25;

/** The evidence on a pair. Either side may be prepared (`prepareStory`) when it is compared with many. */
export function storySimilarity(a: StoryText | PreparedStory, b: StoryText | PreparedStory): StorySimilarity {
  const preparedA = isPrepared(a) ? a : prepareStory(a);
  const preparedB = isPrepared(b) ? b : prepareStory(b);
  const left = comparedWith(preparedA, preparedB);
  const right = comparedWith(preparedB, preparedA);

  const leftNames = namesMeeting(left, right);
  const rightNames = namesMeeting(right, left);
  const sharedNames = [...leftNames].filter((name) => rightNames.has(name));
  const weight = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + (COMMON_NAMES.has(name) ? 1 / 3 : 1), 0);
  const smallerNames = Math.min(weight(leftNames), weight(rightNames));
  const nameScore = smallerNames === 0 ? 0 : weight(sharedNames) / smallerNames;

  const sharedFigures: Array<[string, string]> = [];
  const matched = new Set<Figure>();
  for (const figure of left.figures) {
    const match = right.figures.find((other) => !matched.has(other) && sameFigure(figure, other));
    if (match) {
      matched.add(match);
      sharedFigures.push([figure.text, match.text]);
    }
  }
  const figureScore = sharedFigures.length === 0 ? 0 : sharedFigures.length === 1 ? ONE_FIGURE : 1;

  const sharedEvents = [...left.titleEvents].filter((kind) => reportsUnderAnyName(right.titleEvents, kind));
  // A headline that reports no event the lexicon knows, in a pair that shares a figure, may tell the other's event in
  // words the lists lack ("Breakthrough Energy Ventures leads $95m bet on virtual power plants" for "Gridwise raises
  // $95 million"): its silence is not held against the pair. Without a shared figure it still is.
  const unreported = (side: StoryFeatures, other: StoryFeatures) =>
    other.titleEvents.size === 0 && sharedFigures.length > 0
      ? []
      : [...side.mainEvents].filter((kind) => !WEAK_EVENTS.has(kind) && !reports(other.events, kind));
  // Two headlines that both say what happened, and say different things, report different events, even when one
  // excerpt gives the other's event as background ("signs utility deal ... months after raising $95 million").
  const disjoint =
    left.mainEvents.size > 0 &&
    right.mainEvents.size > 0 &&
    [...left.mainEvents, ...right.mainEvents].some((kind) => !WEAK_EVENTS.has(kind)) &&
    ![...left.mainEvents].some((kind) => toldWith(right.titleEvents, kind)) &&
    ![...right.mainEvents].some((kind) => toldWith(left.titleEvents, kind));
  const conflictingEvents = [
    ...new Set([
      ...unreported(left, right),
      ...unreported(right, left),
      ...(disjoint ? [...left.mainEvents, ...right.mainEvents].filter((kind) => !WEAK_EVENTS.has(kind)) : []),
    ]),
  ];

  const conflictingModels = [...left.models].flatMap(([name, models]) => {
    const others = right.models.get(name);
    return others && ![...models].some((model) => others.has(model))
      ? [`${name} ${[...models].join("/")} vs ${[...others].join("/")}`]
      : [];
  });
  const yearsApart =
    left.mainYears.size > 0 && right.mainYears.size > 0 && ![...left.mainYears].some((year) => right.mainYears.has(year));
  const followUp = (left.followUp === null) !== (right.followUp === null) ? (left.followUp ?? right.followUp) : null;

  const subjectNamed = namesSubject(left, rightNames) || namesSubject(right, leftNames);
  const sharedWords = [...left.words].filter((word) => right.words.has(word));
  const smallerWords = Math.min(left.words.size, right.words.size);
  const wordScore = smallerWords === 0 ? 0 : sharedWords.length / smallerWords;

  const score =
    WEIGHTS.names * nameScore +
    WEIGHTS.figures * figureScore +
    WEIGHTS.events * (sharedEvents.length > 0 ? 1 : 0) +
    WEIGHTS.words * wordScore -
    (followUp ? WEIGHTS.followUp : 0);
  return {
    score: Math.round(Math.max(0, score) * 1000) / 1000,
    sharedNames,
    sharedFigures,
    sharedEvents,
    conflictingEvents,
    conflictingModels,
    conflictingYears: yearsApart ? [...left.mainYears, ...right.mainYears] : [],
    conflictingFigures: headlineFiguresApart(left, right),
    followUp,
    sharedWords,
    wordShare: Math.round(wordScore * 1000) / 1000,
    sharedSubject: left.subject === null || right.subject === null || subjectNamed,
    subjectNamed,
  };
}

/** Whether `names` (the other side's) include `side`'s subject, itself or through the acronym of its run. */
function namesSubject(side: StoryFeatures, names: ReadonlySet<string>): boolean {
  const { subject } = side;
  if (subject === null) return false;
  return names.has(subject) || side.runs.some((run) => run.names.includes(subject) && names.has(run.acronym));
}

/**
 * One side's names, with each run whose acronym the other side writes ("Federal Trade Commission" when the other
 * says "FTC") counted as that one acronym, so that a spelt-out name is not three names the other side lacks.
 */
function namesMeeting(side: StoryFeatures, other: StoryFeatures): Set<string> {
  // A name in the plural ("Toyotas", "iPhones") meets the singular the other side writes.
  const names = new Set(
    [...side.names].map((name) =>
      name.endsWith("s") && !other.names.has(name) && other.names.has(name.slice(0, -1)) ? name.slice(0, -1) : name,
    ),
  );
  for (const run of side.runs) {
    if (!other.names.has(run.acronym) || side.names.has(run.acronym)) continue;
    for (const name of run.names) if (!other.names.has(name)) names.delete(name);
    names.add(run.acronym);
  }
  return names;
}

/**
 * Headlines that lead with numbers of one kind far apart ("cuts 6,000 jobs", "cuts another 9,000 jobs") report
 * different news, when neither headline's number of that kind is near (within 10%) any number of that kind in the
 * other article. Nearby numbers ("60%" and "61%" for one result rounded two ways) are not held against a pair.
 */
function headlineFiguresApart(left: StoryFeatures, right: StoryFeatures): string[] {
  const kindOf = (figure: Figure) => `${figure.kind} ${figure.currency ?? ""}`;
  const near = (figure: Figure, other: Figure) =>
    kindOf(figure) === kindOf(other) &&
    Math.abs(figure.value - other.value) <= FIGURES_APART * Math.max(Math.abs(figure.value), Math.abs(other.value));
  const apart: string[] = [];
  for (const kind of new Set(left.mainFigures.map(kindOf))) {
    const leftHeadline = left.mainFigures.filter((figure) => kindOf(figure) === kind);
    const rightHeadline = right.mainFigures.filter((figure) => kindOf(figure) === kind);
    if (rightHeadline.length === 0) continue;
    const leftFound = leftHeadline.some((figure) => right.figures.some((other) => near(figure, other)));
    const rightFound = rightHeadline.some((figure) => left.figures.some((other) => near(figure, other)));
    if (!leftFound && !rightFound) apart.push(...[...leftHeadline, ...rightHeadline].map((figure) => figure.text));
  }
  return apart;
}

/** Whether the evidence says the two articles report different events, whatever else they share. */
export function tellsApart(similarity: StorySimilarity): boolean {
  return (
    similarity.conflictingEvents.length > 0 ||
    similarity.conflictingModels.length > 0 ||
    similarity.conflictingYears.length > 0 ||
    similarity.conflictingFigures.length > 0 ||
    !similarity.sharedSubject
  );
}

/**
 * Whether something besides names is shared: a figure, a kind of event or two other words. Names alone make the
 * same company, not the same story ("OpenAI prices GPT-5 for enterprise" is not "OpenAI ships GPT-5").
 */
function sharesMoreThanNames(similarity: StorySimilarity): boolean {
  return similarity.sharedFigures.length > 0 || similarity.sharedEvents.length > 0 || similarity.sharedWords.length >= 2;
}

/**
 * Whether two articles tell the same story: nothing tells them apart, they share more than names, and the score
 * reaches the threshold.
 */
export function isSameStory(a: StoryText | PreparedStory, b: StoryText | PreparedStory): boolean {
  return storyRelation(a, b) === "same";
}

/**
 * How a new article relates to an existing one:
 * - **same**: the same story retold (nothing tells them apart, more than names shared, the score reaches the threshold);
 * - **follow-up**: not the same story, but the same main subject named in both, with more in common than that one
 *   name (another name, a figure, a kind of event or two other words)
 *   ("Kestrel launches the Trail X" and, later, "Kestrel halts Trail X sales"): news about it, welcome, offered as related;
 * - **different**: anything else.
 */
export type StoryRelation = "same" | "follow-up" | "different";

export function storyRelation(a: StoryText | PreparedStory, b: StoryText | PreparedStory): StoryRelation {
  return storyVerdict(a, b).relation;
}

/** Scores around the threshold where the measure is least sure: a close call either way. */
export const UNCERTAIN_BAND = { from: 0.3, to: 0.6 } as const;

/**
 * The relation with whether the measure is unsure of it, which is when a configured model may be asked:
 * nothing tells the pair apart and the score is in `UNCERTAIN_BAND`, or only an event kind tells it apart while the
 * subject, names and score say the same story.
 */
export function storyVerdict(
  a: StoryText | PreparedStory,
  b: StoryText | PreparedStory,
): { relation: StoryRelation; uncertain: boolean } {
  const similarity = storySimilarity(a, b);
  const relation = relationOf(similarity);
  const more = sharesMoreThanNames(similarity);
  const closeCall =
    !tellsApart(similarity) && more && similarity.score >= UNCERTAIN_BAND.from && similarity.score < UNCERTAIN_BAND.to;
  const eventAlone =
    similarity.conflictingEvents.length > 0 &&
    similarity.conflictingModels.length === 0 &&
    similarity.conflictingYears.length === 0 &&
    similarity.conflictingFigures.length === 0 &&
    similarity.subjectNamed &&
    more &&
    similarity.score >= SAME_STORY_THRESHOLD;
  return { relation, uncertain: closeCall || eventAlone };
}

/**
 * Whether the pair shares evidence of one event, not only of one company: a figure, a kind of event both headlines
 * report, or a third of the other words. Two headlines that name the same company and report no event the lexicon
 * knows ("Skyhaven to let passengers use free Wi-Fi", "Skyhaven pilots warn of walkout") share names and a word or
 * two; that is a subject, not a story.
 */
function sharesTheEvent(similarity: StorySimilarity): boolean {
  return (
    similarity.sharedFigures.length > 0 || similarity.sharedEvents.length > 0 || similarity.wordShare >= WORDS_CARRYING_A_STORY
  );
}

function relationOf(similarity: StorySimilarity): StoryRelation {
  if (
    !tellsApart(similarity) &&
    sharesMoreThanNames(similarity) &&
    sharesTheEvent(similarity) &&
    similarity.score >= SAME_STORY_THRESHOLD
  )
    return "same";
  const namesInCommon = similarity.sharedNames.filter((name) => !COMMON_NAMES.has(name)).length;
  return similarity.subjectNamed && (sharesMoreThanNames(similarity) || namesInCommon >= 2) ? "follow-up" : "different";
}

/**
 * The names to look for a retelling by, most telling first: the headline's, then the excerpt's, without common
 * names and without names shorter than 3 characters (which a trigram index cannot serve), at most `limit`.
 * Names are given as the database's keyword text spells them: lowercase letters and digits ("att" for "AT&T").
 */
export function searchNames(story: StoryText, limit: number): string[] {
  const lowercaseWords = lowercaseWordsOf(story);
  const inTitle = findNames(tokenize(story.title, isTitleCase(story.title)), lowercaseWords).names;
  const { names } = storyFeatures(story, lowercaseWords);
  return [...new Set([...inTitle, ...names])]
    .filter((name) => /^[\p{L}\p{N}]{3,}$/u.test(name) && !COMMON_NAMES.has(name))
    .slice(0, limit);
}

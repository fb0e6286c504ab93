import { describe, expect, it } from "vitest";
import {
  eventKinds,
  extractFigures,
  isSameStory,
  mainClause,
  sameFigure,
  searchNames,
  storySimilarity,
  tellsApart,
  type Figure,
} from "./story-similarity.server";

/** The one figure a text gives. */
function figureOf(text: string): Figure {
  const figures = extractFigures(text);
  expect(figures).toHaveLength(1);
  return figures[0]!;
}

describe("extractFigures", () => {
  it("reads an amount the same in every spelling: symbol or word, scale word or abbreviation, grouped digits", () => {
    const spellings = ["$1.2 billion", "$1.2bn", "1.2bn dollars", "1,200 million dollars", "$1,200,000,000"];
    for (const spelling of spellings) {
      expect(figureOf(`a deal worth ${spelling} in cash`)).toMatchObject({ value: 1.2e9, kind: "money", currency: "USD" });
    }
  });

  it("reads numbers written in words, and marks them approximate", () => {
    expect(figureOf("some six thousand employees")).toMatchObject({ value: 6000, kind: "quantity", approximate: true });
    expect(figureOf("down for two and a half hours")).toMatchObject({ value: 2.5, approximate: true });
    expect(figureOf("a half-billion-euro penalty")).toMatchObject({ value: 5e8, kind: "money", currency: "EUR" });
    expect(figureOf("the extra hundred billion dollars")).toMatchObject({ value: 1e11, currency: "USD" });
  });

  it("reads shares as percentages: %, percent, per cent, a fifth of, one in seven", () => {
    expect(figureOf("cut 3% of staff")).toMatchObject({ value: 3, kind: "percent", approximate: false });
    expect(figureOf("cut 3 percent of staff")).toMatchObject({ value: 3, kind: "percent" });
    expect(figureOf("rose 78 per cent")).toMatchObject({ value: 78, kind: "percent" });
    expect(figureOf("lay off a fifth of its workforce")).toMatchObject({ value: 20, kind: "percent", approximate: true });
    expect(figureOf("one in seven employees")).toMatchObject({ kind: "percent", approximate: true });
    expect(figureOf("one in seven employees").value).toBeCloseTo(14.29, 2);
  });

  it("marks a hedged figure approximate", () => {
    expect(figureOf("about 200 employees")).toMatchObject({ value: 200, approximate: true });
    expect(figureOf("exactly 200 employees")).toMatchObject({ value: 200, approximate: false });
  });

  it("leaves out years and small plain numbers, which every story has", () => {
    expect(extractFigures("In 2023 two executives and 3 engineers left; Switch 2 ships")).toEqual([]);
    expect(extractFigures("19 reports of fires")).toMatchObject([{ value: 19, kind: "quantity" }]);
  });

  it("keeps a bare m or b as a scale only where it must be one", () => {
    expect(figureOf("109m subscribers")).toMatchObject({ value: 109e6 });
    expect(figureOf("$116m deal")).toMatchObject({ value: 116e6, currency: "USD" });
    expect(figureOf("a 50b chip")).toMatchObject({ value: 50, kind: "quantity" });
  });

  it("reads currency codes, other countries' dollars, currency words and 'pc'", () => {
    for (const spelling of ["US$18m", "USD 18 million", "18 million US dollars", "$18M", "18m dollars"]) {
      expect(figureOf(`a round of ${spelling} this week`)).toMatchObject({ value: 18e6, kind: "money", currency: "USD" });
    }
    expect(figureOf("EUR 80 million")).toMatchObject({ value: 80e6, currency: "EUR" });
    expect(figureOf("A$50 million")).toMatchObject({ value: 50e6, currency: "AUD" });
    expect(figureOf("HK$3bn")).toMatchObject({ value: 3e9, currency: "HKD" });
    expect(figureOf("a fine of 2.4 million kroner")).toMatchObject({ value: 2.4e6, kind: "money", currency: "KR" });
    expect(figureOf("1.5 trillion yen")).toMatchObject({ value: 1.5e12, currency: "JPY" });
    expect(figureOf("Rs 500 crore")).toMatchObject({ value: 5e9, currency: "INR" });
    expect(figureOf("up 35pc")).toMatchObject({ value: 35, kind: "percent" });
    expect(figureOf("priced at ₹3,000")).toMatchObject({ value: 3000, kind: "money", currency: "INR" });
  });

  it("does not take grouped digits for a year: '2,000 drivers' is a count, 'in 2000' a year", () => {
    expect(figureOf("replace 2,000 drivers' jobs")).toMatchObject({ value: 2000, kind: "quantity" });
    expect(extractFigures("founded in 2000")).toEqual([]);
    expect(sameFigure(figureOf("2,000 drivers"), figureOf("2K drivers"))).toBe(true);
  });

  it("reads 'a quarter cheaper' as a share, like 'a quarter of'", () => {
    expect(figureOf("becomes a quarter cheaper")).toMatchObject({ value: 25, kind: "percent" });
    expect(sameFigure(figureOf("cuts rates by 25%"), figureOf("a quarter cheaper"))).toBe(true);
  });

  it("reads 'a million', 'half a million' and several of a fraction ('two-thirds of')", () => {
    expect(figureOf("a million users")).toMatchObject({ value: 1e6, approximate: true });
    expect(figureOf("half a million users")).toMatchObject({ value: 5e5, approximate: true });
    expect(figureOf("three quarters of staff")).toMatchObject({ value: 75, kind: "percent" });
    expect(figureOf("two-thirds of staff").value).toBeCloseTo(66.67, 2);
  });

  it("gives the evidence as written", () => {
    expect(extractFigures("for $8bn, or $25 a share").map((figure) => figure.text)).toEqual(["$8 bn", "$25"]);
  });
});

describe("sameFigure", () => {
  const same = (a: string, b: string) => sameFigure(figureOf(a), figureOf(b));

  it("takes a rounding for the figure it rounds", () => {
    expect(same("$1.46bn", "$1.5 billion")).toBe(true);
    expect(same("$449.99", "$450")).toBe(true);
    expect(same("a 20.1% share", "a fifth of shipments")).toBe(true);
    expect(same("14% of staff", "one in seven staff")).toBe(true);
    expect(same("a €530 million fine", "a half-billion-euro fine")).toBe(true);
  });

  it("keeps apart figures that no rounding joins", () => {
    expect(same("$1 billion", "$1.46bn")).toBe(false);
    expect(same("6,000 jobs", "9,000 jobs")).toBe(false);
    expect(same("Python 3.13", "Python 3.14")).toBe(false);
    expect(same("60% growth", "61% growth")).toBe(false);
  });

  it("keeps apart currencies, and amounts from shares", () => {
    expect(same("€500 million", "$500 million")).toBe(false);
    expect(same("$20 of it", "20% of it")).toBe(false);
    expect(same("500 million euros", "€500m")).toBe(true);
    expect(same("US$18m", "$18 million")).toBe(true);
    expect(same("40K owners", "40,000 owners")).toBe(true);
    expect(same("35 percent", "35%")).toBe(true);
    expect(same("549 dollars", "$549")).toBe(true);
    expect(same("A$50 million", "$50 million")).toBe(false);
  });
});

describe("eventKinds", () => {
  it("groups the words that report one kind of event", () => {
    for (const text of ["Salesforce agrees to buy Informatica", "Informatica to be acquired", "the all-share takeover"]) {
      expect(eventKinds(text)).toContain("acquisition");
    }
    for (const text of ["Apple delays Siri", "Apple pushes back Siri", "demo postponed", "the display slips to next year"]) {
      expect(eventKinds(text)).toContain("delay");
    }
    for (const text of ["Microsoft lays off 3 percent", "to cut about 6,000 jobs", "job cuts", "cut about 5% of its workforce"]) {
      expect(eventKinds(text)).toContain("layoffs");
    }
  });

  it("knows the other words newsrooms use for each kind", () => {
    const kinds: Array<[string, string]> = [
      ["General Catalyst backs Larkspur with US$18m", "funding"],
      ["Larkspur lands $45m as Atomico leads new round", "funding"],
      ["Cobalt Peak takes Arvenna private", "acquisition"],
      ["the board accepted a buyout", "acquisition"],
      ["Pinegate to shed 12% of its staff", "layoffs"],
      ["Streamly subscribers will pay two dollars more", "price-change"],
      ["Notely to charge $6 a month for summaries", "price-change"],
      ["Orbisoft will retire its Notely app", "shutdown"],
      ["Orbisoft to close its Notely app", "shutdown"],
      ["websites go dark for hours", "outage"],
      ["the provider's servers crashed", "outage"],
      ["Kestrel rushes out a fix for a doorbell bug", "vulnerability-fix"],
      ["an update plugs a security hole", "vulnerability-fix"],
      ["Sennet exposed 1.4 million patient records", "breach"],
      ["Norlund's systems held hostage", "breach"],
      ["dealers will replace the part free of charge", "recall"],
      ["Airbus teams up with Graviton", "contract"],
      ["Rival takes the contract to court", "lawsuit"],
      ["Kestrel adds end-to-end encryption to its doorbells", "feature"],
      ["Tesla owners start getting FSD 13", "availability"],
      ["Madrid kicks out Kiteline's scooters", "ban"],
      ["the city withdrew the company's licence", "ban"],
      ["Kora ring spots heartbeat, paper shows", "research"],
      ["Northwind Air grounds its fleet", "outage"],
      ["check-in computers crash", "outage"],
      ["servers buckle under demand", "outage"],
      ["customers' cards stopped working overnight", "outage"],
      ["users saw other customers' private code", "breach"],
      ["Lumen Rail orders 30 trains", "contract"],
      ["a profit warning", "results"],
      ["Kora's ring gets FDA clearance", "approval"],
      ["Breakthrough Energy Ventures leads $95m bet on Gridwise", "funding"],
      ["CVs of 600K people were left open to anyone", "breach"],
      ["a DDoS attack took the site down", "breach"],
      ["Novacharge cuts fast-charging rates by 25%", "price-change"],
      ["smart speakers stop responding", "outage"],
      ["speakers go silent worldwide", "outage"],
      ["customers unable to book ferries", "outage"],
      ["Kinetic Foods ends its US meal kit subscriptions", "shutdown"],
      ["Cartwheel ordered to pay A$12 million", "fine"],
      ["2K drivers face losing work to autonomous lorries", "layoffs"],
      ["Tallgrass's grid battery catches fire", "accident"],
      ["Skyhaven pilots warn of strike over rosters", "strike"],
      ["Poor yields push Orchid's 3-nanometre smartphone processor back a year", "delay"],
      ["Brightfield AI's chief scientist leaves to start a rival lab", "leadership-change"],
      ["Fintrack names a former Goldman banker to run its mortgage business", "leadership-change"],
      ["Valve delists Ironveil", "recall"],
      ["Ironveil pulled from Steam", "recall"],
      ["Verity pays hackers $4 million to unlock its systems", "ransom"],
      ["criminals lock the insurer's systems", "breach"],
      ["Drift Social shuts its short-video app Clipt", "shutdown"],
      ["Clipt will go dark on March 31", "shutdown"],
      ["Ostrava's plant starts making green steel", "production"],
      ["a robot injures a worker", "accident"],
    ];
    for (const [text, kind] of kinds) expect([...eventKinds(text)], text).toContain(kind);
  });

  it("does not take a skin patch for a software patch, a sign-in for a signature, or a driver's pay for results", () => {
    expect(eventKinds("Larkspur raises $18m for its sleep apnea patch")).not.toContain("vulnerability-fix");
    expect(eventKinds("Microsoft patches a zero-day")).toContain("vulnerability-fix");
    expect(eventKinds("Sennet adds two-factor sign-in")).not.toContain("contract");
    expect(eventKinds("Ridefy penalised for opaque driver earnings")).not.toContain("results");
    expect(eventKinds("Broadcom closes $69bn VMware deal")).not.toContain("funding");
    expect(eventKinds("Uber adds 2 million subscribers")).not.toContain("feature");
    expect(eventKinds("Alstom lands €900m order for trains")).not.toContain("funding");
    expect(eventKinds("Hundreds of flights cancelled")).not.toContain("called-off");
    expect(eventKinds("the app stopped working at every airport")).not.toContain("shutdown");
    expect(eventKinds("the app will stop working on June 30")).toContain("shutdown");
    expect(eventKinds("Tesla debuts FSD with end-to-end neural network control")).not.toContain("shutdown");
    expect(eventKinds("Orbisoft strikes a deal with Airbus")).not.toContain("strike");
    expect(eventKinds("Ironveil pulled from Steam over stolen art claims")).not.toContain("breach");
    expect(eventKinds("hackers stole call records")).toContain("breach");
    expect(eventKinds("Clipt will go dark on March 31")).not.toContain("outage");
    expect(eventKinds("websites went dark for hours")).toContain("outage");
  });

  it("does not take a shopper's purchase, a breach of the law or a rulebook for the event", () => {
    expect(eventKinds("M&S shoppers unable to buy online")).not.toContain("acquisition");
    expect(eventKinds("EU fines X for breaching the Digital Services Act")).not.toContain("breach");
    expect(eventKinds("over App Store rules")).not.toContain("ruling");
    expect(eventKinds("Judge rules Google monopolised search")).toContain("ruling");
    expect(eventKinds("AWS blames DNS fault in Virginia")).not.toContain("attribution");
    expect(eventKinds("FBI blames North Korea's Lazarus hackers")).toContain("attribution");
  });
});

describe("storySimilarity: a headline whose main clause reports nothing", () => {
  it("takes the news from its background: 'apologises after cards stopped working' reports the outage", () => {
    const outage = {
      title: "Ravelin Bank's card payments fail for 14 hours in its worst outage",
      excerpt: "Customers could not pay by card from Friday evening until Saturday morning, the bank said.",
    };
    const apology = {
      title: "Ravelin Bank apologises after customers' cards stopped working overnight",
      excerpt: "Shoppers were turned away at tills for 14 hours from Friday evening, which the bank blamed on a power failure.",
    };
    expect(storySimilarity(outage, apology).conflictingEvents).toEqual([]);
    expect(isSameStory(apology, outage)).toBe(true);
  });
});

describe("storySimilarity: the evidence of one event", () => {
  it("two headlines that report different events are told apart, though one excerpt gives the other as background", () => {
    const funding = {
      title: "Gridwise raises $95 million to expand its virtual power plant software",
      excerpt:
        "The Denver company's software pools home batteries to sell power to the grid; the round was led by a climate fund.",
    };
    const contract = {
      title: "Gridwise signs Texas utility deal to pool 50,000 home batteries",
      excerpt:
        "The Denver startup will run a virtual power plant for the utility, months after raising $95 million from investors.",
    };
    expect(storySimilarity(funding, contract).conflictingEvents).toContain("funding");
    expect(isSameStory(contract, funding)).toBe(false);
  });

  it("a headline that reports no known event is not held against a pair that shares a figure", () => {
    const round = {
      title: "Larkspur Health raises $18 million to bring its apnea monitor to clinics",
      excerpt: "The Boston startup's Series A will pay for a trial of its wearable monitor in 30 sleep clinics next year.",
    };
    const investor = {
      title: "General Catalyst puts US$18m behind Larkspur's sleep apnea wearable",
      excerpt:
        "The venture firm's Series A money goes to the Boston company, whose wearable monitor will be tried in 30 clinics.",
    };
    const similarity = storySimilarity(investor, round);
    expect(similarity.sharedFigures).toEqual([
      ["$18 m", "$18 million"],
      ["30", "30"],
    ]);
    expect(similarity.conflictingEvents).toEqual([]);
    expect(isSameStory(investor, round)).toBe(true);

    const noFigure = {
      title: "General Catalyst puts money behind Larkspur's sleep apnea wearable",
      excerpt: "The venture firm's money goes to the Boston company, whose wearable monitor tracks breathing during sleep.",
    };
    expect(storySimilarity(noFigure, round).conflictingEvents).toEqual(["funding"]);
  });

  it("but an attack and the systems it took down are one story told from two ends", () => {
    const attack = {
      title: "Harrowgate Council's systems down for a week after a cyberattack",
      excerpt:
        "The English council cannot process benefit claims or planning applications since criminals broke into its network.",
    };
    const residents = {
      title: "A week on, Harrowgate residents still can't claim benefits after council hack",
      excerpt: "Hackers got into the local authority's computers last Monday, and services such as planning remain offline.",
    };
    expect(storySimilarity(residents, attack).conflictingEvents).toEqual([]);
    expect(isSameStory(residents, attack)).toBe(true);
  });

  it("names and a word or two in common are a subject, not a story, when no event or figure is shared", () => {
    const wifi = {
      title: "Skyhaven Airlines to let passengers use Starlink Wi-Fi free on all flights",
      excerpt:
        "The carrier will fit its whole fleet with the satellite internet service by next year, and passengers will not pay.",
    };
    const rosters = {
      title: "Skyhaven Airlines pilots ask for new rosters and more pay on long routes",
      excerpt: "The carrier's pilots say schedules leave them exhausted and want the airline to change them before the summer.",
    };
    const similarity = storySimilarity(rosters, wifi);
    expect(similarity.sharedNames).toEqual(["skyhaven", "airlines"]);
    expect(similarity.wordShare).toBeLessThan(0.25);
    expect(isSameStory(rosters, wifi)).toBe(false);
  });
});

describe("mainClause", () => {
  it("leaves out the background a headline gives after 'after', 'amid', 'since', 'following', 'ahead of'", () => {
    expect(mainClause("Scale AI lays off 14% of staff after Meta investment")).toBe("Scale AI lays off 14% of staff ");
    expect(mainClause("Samsung loses top spot to Apple for first time since 2010")).toBe(
      "Samsung loses top spot to Apple for first time ",
    );
    expect(mainClause("Apple previews a more personal Siri")).toBe("Apple previews a more personal Siri");
  });
});

describe("storySimilarity: the evidence", () => {
  const salesforce = {
    title: "Salesforce agrees to buy Informatica for about $8 billion in cash deal",
    excerpt:
      "The CRM giant will pay $25 a share for the data management firm, its biggest purchase since Slack, with the deal expected to close early next year.",
  };
  const informatica = {
    title: "Informatica to be acquired by Salesforce in $8bn bet on AI data tools",
    excerpt:
      "Informatica shareholders get $25 per share under the agreement, which values the company at roughly eight billion dollars including debt.",
  };

  it("names the names, figures, event kinds and words both articles share", () => {
    const similarity = storySimilarity(salesforce, informatica);

    expect(similarity.sharedNames).toEqual(["salesforce", "informatica"]);
    expect(similarity.sharedFigures).toEqual([
      ["$8 billion", "$8 bn"],
      ["$25", "$25"],
    ]);
    expect(similarity.sharedEvents).toEqual(["acquisition"]);
    expect(similarity.sharedWords).toEqual(["billion", "shar", "data"]);
    expect(tellsApart(similarity)).toBe(false);
    expect(similarity.score).toBeGreaterThan(0.8);
    expect(isSameStory(salesforce, informatica)).toBe(true);
  });

  it("is symmetric in its verdict", () => {
    expect(isSameStory(informatica, salesforce)).toBe(true);
  });

  it("matches a name spelt out with its acronym, and a nationality with its country", () => {
    const ftc = storySimilarity(
      { title: "FTC sues Amazon over Prime", excerpt: "The agency says cancelling was too hard." },
      { title: "Amazon accused by US regulator over Prime", excerpt: "The Federal Trade Commission complaint names executives." },
    );
    expect(ftc.sharedNames).toEqual(["ftc", "amazon", "prime"]);

    const retailer = storySimilarity(
      { title: "Marks & Spencer halts online orders", excerpt: "The retailer paused orders." },
      { title: "M&S shoppers unable to order online", excerpt: "The retailer's website stopped." },
    );
    expect(retailer.sharedNames).toEqual(["ms"]);

    const regulator = storySimilarity(
      { title: "Japan's regulator orders Google to stop deals", excerpt: "The order covers Android." },
      { title: "Google hit with Japanese order over Android", excerpt: "The watchdog acted." },
    );
    expect(regulator.sharedNames).toEqual(["japan", "google", "android"]);

    const network = storySimilarity(
      { title: "PlayStation Network suffers day-long outage", excerpt: "Sony's online service went down." },
      { title: "PS5 players locked out as PSN goes dark", excerpt: "Sony apologised to its members." },
    );
    expect(network.sharedNames).toContain("psn");
    expect(network.sharedSubject).toBe(true);
  });

  it("reads a Title Case headline like a sentence-case one", () => {
    const sentenceCase = {
      title: "Apple delays its smarter Siri features until next year, citing quality",
      excerpt: "The personalised assistant needs more time, the company said, pushing parts of the upgrade beyond iOS 18.",
    };
    const titleCase = {
      title: "Apple Delays Its Smarter Siri Features Until Next Year, Citing Quality",
      excerpt: "The personalised assistant needs more time, the company said, pushing parts of the upgrade beyond iOS 18.",
    };
    expect(storySimilarity(sentenceCase, titleCase).sharedNames).toEqual(["apple", "siri", "ios", "ios 18"]);
    expect(isSameStory(sentenceCase, titleCase)).toBe(true);
  });
});

describe("storySimilarity: what tells two stories apart", () => {
  it("a kind of event one headline reports and the other article never mentions", () => {
    const agreed = {
      title: "Adobe agrees to buy Figma for $20 billion in cash and stock deal",
      excerpt: "The design software giant will pay about half in cash for the collaborative design startup, pending approval.",
    };
    const abandoned = {
      title: "Adobe and Figma abandon $20 billion merger citing regulatory hurdles",
      excerpt: "The companies ended the deal after EU and UK competition authorities raised concerns.",
    };
    const similarity = storySimilarity(agreed, abandoned);

    expect(similarity.sharedNames).toEqual(["adobe", "figma"]);
    expect(similarity.sharedFigures).toEqual([["$20 billion", "$20 billion"]]);
    expect(similarity.conflictingEvents).toEqual(["called-off"]);
    expect(isSameStory(agreed, abandoned)).toBe(false);
  });

  it("but not a background event, nor one the other article reports under another name", () => {
    const layoffs = {
      title: "Scale AI lays off 14% of staff, or 200 employees, after Meta investment",
      excerpt: "The data-labelling startup let go of 500 contractors, saying it grew its generative AI unit too quickly.",
    };
    const retold = {
      title: "Scale AI cuts about 200 full-time jobs weeks after Meta's $14bn deal",
      excerpt:
        "Interim CEO Jason Droege told staff the company over-expanded its generative AI business; around one in seven employees are affected.",
    };
    expect(storySimilarity(layoffs, retold).conflictingEvents).toEqual([]);
    expect(isSameStory(layoffs, retold)).toBe(true);
  });

  it("two versions or models of one product", () => {
    const similarity = storySimilarity(
      {
        title: "Python 3.14 released with free-threaded build now officially supported",
        excerpt: "The new version lets the interpreter run without the global interpreter lock.",
      },
      {
        title: "Python 3.13 released with experimental free-threaded mode and a new REPL",
        excerpt: "The interpreter can optionally run without the global interpreter lock for the first time.",
      },
    );
    expect(similarity.conflictingModels).toEqual(["python 3.14 vs 3.13"]);
    expect(tellsApart(similarity)).toBe(true);
  });

  it("two years in the headlines", () => {
    const similarity = storySimilarity(
      { title: "Apple overtakes Samsung as biggest smartphone seller in 2023", excerpt: "IDC data show Apple shipped the most." },
      {
        title: "Samsung regains lead in smartphone shipments in first quarter of 2024",
        excerpt: "IDC says Samsung shipped the most.",
      },
    );
    expect(similarity.conflictingYears).toEqual(["2023", "2024"]);
  });

  it("headline numbers far apart, when neither article gives the other's", () => {
    const similarity = storySimilarity(
      { title: "Ford recalls 850,000 vehicles in the US over faulty fuel pumps", excerpt: "The engine can stall while driving." },
      { title: "Ford recalls 1.9 million Explorers over trim that can fly off", excerpt: "Adhesive holding the trim may fail." },
    );
    expect(similarity.conflictingFigures).toEqual(["850000", "1.9 million"]);
    expect(similarity.conflictingEvents).toEqual([]);
    expect(tellsApart(similarity)).toBe(true);
  });

  it("a follow-up word on one side only lowers the score", () => {
    const first = {
      title: "Microsoft to cut about 6,000 jobs, roughly 3% of its global workforce",
      excerpt: "The layoffs hit every level and region, with engineering and product roles in Redmond among the hardest hit.",
    };
    const second = {
      title: "Microsoft cuts another 9,000 jobs, hitting Xbox teams",
      excerpt: "The latest layoffs, about 4% of staff, come two months after an earlier round of 6,000.",
    };
    const similarity = storySimilarity(first, second);

    expect(similarity.followUp).toBe("another");
    expect(similarity.conflictingFigures).toEqual([]);
    expect(tellsApart(similarity)).toBe(false);
    expect(similarity.score).toBeLessThan(0.44);
    const withoutFollowUp = { ...second, title: "Microsoft cuts some 9,000 jobs, hitting Xbox teams" };
    expect(storySimilarity(first, withoutFollowUp).score).toBeCloseTo(similarity.score + 0.15, 3);
  });

  it("nothing but names: the same company is not yet the same story", () => {
    const release = {
      title: "GPT-5 is here: OpenAI ships stronger reasoning",
      excerpt: "Coding benchmarks show GPT-5 ahead of earlier models.",
    };
    const pricing = {
      title: "OpenAI prices GPT-5 for enterprise customers",
      excerpt: "Enterprise plans start at a fixed monthly fee per seat.",
    };
    const similarity = storySimilarity(release, pricing);

    expect(similarity.sharedNames).toEqual(["gpt", "gpt 5", "openai"]);
    expect(similarity.sharedFigures).toEqual([]);
    expect(similarity.sharedEvents).toEqual([]);
    expect(similarity.sharedWords).toEqual([]);
    expect(isSameStory(release, pricing)).toBe(false);
  });
});

describe("searchNames", () => {
  it("gives the headline's names first, as the keyword text spells them, without common and short names", () => {
    expect(
      searchNames(
        {
          title: "AT&T confirms data of 73 million US customers leaked on a hacking forum",
          excerpt: "The carrier reset passcodes after a dataset with Social Security numbers appeared on BreachForums.",
        },
        4,
      ),
    ).toEqual(["att", "social", "security", "breachforums"]);
  });

  it("stops at the limit", () => {
    expect(searchNames({ title: "Apple, Google, Microsoft and Amazon meet", excerpt: "Nvidia joined." }, 2)).toEqual([
      "apple",
      "google",
    ]);
  });
});

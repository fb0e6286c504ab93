import { describe, expect, it } from "vitest";
import { ORBIT_HALTED, ORBIT_LAUNCH, ORBIT_RETOLD } from "../../../tests/support/story-pairs";
import {
  extractFigures,
  sameFigure,
  searchNames,
  stem,
  storyFeatures,
  storySimilarity,
  storyVerdict,
} from "./story-similarity.server";

/*
 * Story similarity's rules with the exact value each gives (found by `npm run test:mutation`: each case fails when
 * one of these rules is changed). The pairs are those of the duplicate check's tests.
 */

const REPAIR_SHOP = {
  title: "Brightvale opens a repair shop for its older e-readers",
  excerpt: "Owners can bring their devices in.",
};
const JUDGE_SIDES_WITH_META = {
  title: "Judge sides with Meta in authors' AI copyright case over Llama training",
  excerpt:
    "A federal judge in San Francisco ruled the authors failed to show that Meta's use of their books harmed the market for their work.",
};
const META_WINS = {
  title: "Meta wins copyright case brought by authors including Sarah Silverman",
  excerpt:
    "The court found the writers had not proved that training Llama on their books hurt sales, handing the Facebook owner a victory.",
};

describe("storyVerdict: the relation, and whether the measure is unsure of it", () => {
  it("is sure of a retelling that shares the figure, the event and the words", () => {
    expect(storyVerdict(ORBIT_LAUNCH, ORBIT_RETOLD)).toEqual({ relation: "same", uncertain: false });
    expect(storyVerdict(ORBIT_RETOLD, ORBIT_LAUNCH)).toEqual({ relation: "same", uncertain: false });
  });

  it("is unsure of a follow-up told apart only by its event, with the subject, names and score of one story", () => {
    expect(storyVerdict(ORBIT_LAUNCH, ORBIT_HALTED)).toEqual({ relation: "follow-up", uncertain: true });
    expect(storyVerdict(ORBIT_HALTED, ORBIT_RETOLD)).toEqual({ relation: "follow-up", uncertain: true });
  });

  it("is unsure of a pair that nothing tells apart whose score is in the uncertain band", () => {
    expect(storyVerdict(JUDGE_SIDES_WITH_META, META_WINS)).toEqual({ relation: "follow-up", uncertain: true });
  });

  it("is sure that a story sharing only its company and one word is a different one", () => {
    expect(storyVerdict(ORBIT_LAUNCH, REPAIR_SHOP)).toEqual({ relation: "different", uncertain: false });
  });
});

describe("storySimilarity: years and subjects that do not tell a retelling apart", () => {
  const withYear = (title: string) => ({ ...ORBIT_RETOLD, title });

  it("a year in one headline only, or one year the two headlines share", () => {
    const forNextYear = {
      ...ORBIT_LAUNCH,
      title: "Brightvale launches the Orbit 2 e-reader for 2026 with a colour screen at $249",
    };
    expect(storySimilarity(forNextYear, ORBIT_RETOLD).conflictingYears).toEqual([]);
    expect(storyVerdict(forNextYear, ORBIT_RETOLD)).toEqual({ relation: "same", uncertain: false });
    const twoYears = withYear("Brightvale's Orbit 2 colour e-reader for 2025 and 2026 arrives at 249 dollars");
    const oneYear = withYear("Orbit 2 colour e-reader from Brightvale arrives in 2026 at 249 dollars");
    for (const [a, b] of [
      [twoYears, oneYear],
      [oneYear, twoYears],
    ] as const) {
      expect(storySimilarity(a, b).conflictingYears).toEqual([]);
      expect(storyVerdict(a, b)).toEqual({ relation: "same", uncertain: false });
    }
  });

  it("a headline that names no subject, beside one that does", () => {
    const unnamed = {
      title: "Hackers leak data of 73 million phone customers on a forum",
      excerpt: "The records include Social Security numbers and passcodes.",
    };
    const named = {
      title: "AT&T confirms data of 73 million customers leaked on a hacking forum",
      excerpt: "The carrier reset passcodes after a dataset with Social Security numbers appeared on BreachForums.",
    };
    for (const [a, b] of [
      [unnamed, named],
      [named, unnamed],
    ] as const) {
      expect(storySimilarity(a, b)).toMatchObject({ sharedSubject: true, subjectNamed: false, score: 0.85 });
      expect(storyVerdict(a, b)).toEqual({ relation: "same", uncertain: false });
    }
  });
});

describe("stem", () => {
  it("lets a word's forms meet: -s, -es, -ed, -ing, a final e and a possessive go", () => {
    expect(["releases", "released", "release", "Release's"].map(stem)).toEqual(["releas", "releas", "releas", "releas"]);
    expect(stem("Apple's")).toBe("appl");
    expect(stem("takes")).toBe("tak");
    expect(stem("shipping")).toBe("shipp");
  });

  it("keeps a stem of at least three letters, a double s, and endings that are not at the end", () => {
    expect(stem("uses")).toBe("uses");
    expect(stem("boss")).toBe("boss");
    expect(stem("singer")).toBe("singer");
    expect(stem("Eleven")).toBe("eleven");
    expect(stem("O'Sullivan")).toBe("o'sullivan");
  });
});

describe("extractFigures, exactly", () => {
  it("reads 'a hundred', 'a thousand', 'half a million' and 'a half million' as approximate counts", () => {
    const read = (text: string) =>
      extractFigures(text).map(({ value, kind, approximate, text: written }) => ({ value, kind, approximate, written }));
    expect(read("a hundred jobs")).toEqual([{ value: 100, kind: "quantity", approximate: true, written: "a hundred" }]);
    expect(read("a thousand jobs")).toEqual([{ value: 1000, kind: "quantity", approximate: true, written: "a thousand" }]);
    expect(read("half a million users")).toEqual([
      { value: 500_000, kind: "quantity", approximate: true, written: "half a million" },
    ]);
    expect(read("a half million users")).toEqual([
      { value: 500_000, kind: "quantity", approximate: true, written: "a half million" },
    ]);
    expect(read("one hundred and fifty jobs")).toEqual([
      { value: 150, kind: "quantity", approximate: true, written: "one hundred and fifty" },
    ]);
    expect(read("3 in 10 users")).toEqual([{ value: 30, kind: "percent", approximate: true, written: "3 in 10" }]);
  });
});

describe("shares and figures at their bounds", () => {
  const read = (text: string) => extractFigures(text).map(({ value, kind, text: written }) => ({ value, kind, written }));

  it("reads 'n in m' as a share only when m is larger than n and at most 100", () => {
    expect(read("1 in 100 users")).toEqual([{ value: 1, kind: "percent", written: "1 in 100" }]);
    expect(read("two in three users")).toEqual([{ value: 200 / 3, kind: "percent", written: "two in three" }]);
    expect(read("1 in 101 users")).toEqual([{ value: 101, kind: "quantity", written: "101" }]);
    expect(read("5 in 5 users")).toEqual([]);
  });

  it("takes a figure exactly half a unit of its last digit away for the same one, and no further", () => {
    const one = (text: string) => extractFigures(text)[0]!;
    expect(sameFigure(one("$1.5 billion"), one("$1.55 billion"))).toBe(true);
    expect(sameFigure(one("$1.55 billion"), one("$1.5 billion"))).toBe(true);
    expect(sameFigure(one("$1.5 billion"), one("$1.56 billion"))).toBe(false);
  });
});

describe("names in the plural", () => {
  it("meet the same name in the singular", () => {
    const plural = { title: "Pixels from Google get a faster chip", excerpt: "The phones go on sale next week." };
    const singular = { title: "Google's Pixel 10 arrives with a faster chip", excerpt: "The Pixel goes on sale next week." };
    expect(storySimilarity(plural, singular).sharedNames).toEqual(["pixel", "google"]);
    expect(storySimilarity(singular, plural).sharedNames).toEqual(["google", "pixel"]);
  });
});

describe("storyFeatures: names, models, runs, subject and other words, exactly", () => {
  const features = (title: string, excerpt = "") => {
    const found = storyFeatures({ title, excerpt });
    return {
      names: [...found.names],
      models: Object.fromEntries([...found.models].map(([name, models]) => [name, [...models]])),
      runs: found.runs,
      subject: found.subject,
      words: [...found.words],
    };
  };

  it("keeps a product's model after its name: a code, a capital letter, a model word, a version below 100", () => {
    expect(features("Apple unveils the iPhone 16e for less", "The iPhone X is older.")).toEqual({
      names: ["apple", "iphone", "iphone 16e", "iphone x", "x"],
      models: { iphone: ["16e", "x"] },
      runs: [],
      subject: "apple",
      words: ["older"],
    });
    expect(features("Apple launches iPhone Air", "The iPhone Air is thin.")).toMatchObject({
      names: ["apple", "iphone", "iphone air", "air"],
      models: { iphone: ["air"] },
    });
    expect(features("Python 3.14 arrives with 2 new features")).toMatchObject({
      names: ["python", "python 3.14"],
      models: { python: ["3.14"] },
      words: ["featur"],
    });
    expect(features("Nvidia sells 250 H20 chips")).toEqual({
      names: ["nvidia", "h20"],
      models: {},
      runs: [],
      subject: "nvidia",
      words: ["sell", "chip"],
    });
  });

  it("reads the capitals of a Title Case headline as saying nothing, and keeps its run of names", () => {
    expect(features("Apple Delays Its Smarter Siri Features Until Next Year")).toEqual({
      names: ["apple", "smarter", "siri", "features"],
      models: {},
      runs: [{ acronym: "ssf", names: ["smarter", "siri", "features"] }],
      subject: "apple",
      words: [],
    });
    expect(features("Apple delays its smarter Siri features until next year")).toEqual({
      names: ["apple", "siri"],
      models: {},
      runs: [],
      subject: "apple",
      words: ["smarter", "featur"],
    });
  });

  it("knows a run by its initials, by the capitals inside it, and through 'and' or '&'", () => {
    expect(features("Sony says the PlayStation Network is back").runs).toEqual([
      { acronym: "psn", names: ["playstation", "network"] },
    ]);
    expect(features("Marks & Spencer says cyberattack cost £300m", "M&S said.")).toMatchObject({
      names: ["marks", "spencer", "ms"],
      runs: [{ acronym: "ms", names: ["marks", "spencer"] }],
    });
    expect(features("Google and Meta face the Food and Drug Administration").runs).toEqual([
      { acronym: "gm", names: ["google", "meta"] },
      { acronym: "fda", names: ["food", "drug", "administration"] },
    ]);
  });

  it("takes a capitalised first word for a name only when the pair never writes it small", () => {
    expect(features("Widget maker says growth slowed", "Maker said growth slowed at Widget.")).toEqual({
      names: ["widget"],
      models: {},
      runs: [],
      subject: "widget",
      words: ["maker", "growth", "slow"],
    });
  });
});

describe("searchNames, exactly", () => {
  it("gives each name once, and leaves out names shorter than three letters", () => {
    expect(searchNames({ title: "HP and Apple meet Apple fans", excerpt: "HP said Apple would." }, 5)).toEqual(["apple"]);
    expect(searchNames({ title: "Apple sues Google", excerpt: "Google and Apple argued." }, 5)).toEqual(["apple", "google"]);
  });
});

// Pairs from story-similarity.server.test.ts, with every field of the evidence as the measure gives it today.
describe("storySimilarity: the whole evidence, exactly, both ways round", () => {
  const PAIRS = {
    adobe: [
      {
        title: "Adobe agrees to buy Figma for $20 billion in cash and stock deal",
        excerpt: "The design software giant will pay about half in cash for the collaborative design startup, pending approval.",
      },
      {
        title: "Adobe and Figma abandon $20 billion merger citing regulatory hurdles",
        excerpt: "The companies ended the deal after EU and UK competition authorities raised concerns.",
      },
    ],
    scale: [
      {
        title: "Scale AI lays off 14% of staff, or 200 employees, after Meta investment",
        excerpt: "The data-labelling startup let go of 500 contractors, saying it grew its generative AI unit too quickly.",
      },
      {
        title: "Scale AI cuts about 200 full-time jobs weeks after Meta's $14bn deal",
        excerpt:
          "Interim CEO Jason Droege told staff the company over-expanded its generative AI business; around one in seven employees are affected.",
      },
    ],
    python: [
      {
        title: "Python 3.14 released with free-threaded build now officially supported",
        excerpt: "The new version lets the interpreter run without the global interpreter lock.",
      },
      {
        title: "Python 3.13 released with experimental free-threaded mode and a new REPL",
        excerpt: "The interpreter can optionally run without the global interpreter lock for the first time.",
      },
    ],
    years: [
      {
        title: "Apple overtakes Samsung as biggest smartphone seller in 2023",
        excerpt: "IDC data show Apple shipped the most.",
      },
      {
        title: "Samsung regains lead in smartphone shipments in first quarter of 2024",
        excerpt: "IDC says Samsung shipped the most.",
      },
    ],
    ford: [
      {
        title: "Ford recalls 850,000 vehicles in the US over faulty fuel pumps",
        excerpt: "The engine can stall while driving.",
      },
      {
        title: "Ford recalls 1.9 million Explorers over trim that can fly off",
        excerpt: "Adhesive holding the trim may fail.",
      },
    ],
    microsoft: [
      {
        title: "Microsoft to cut about 6,000 jobs, roughly 3% of its global workforce",
        excerpt: "The layoffs hit every level and region, with engineering and product roles in Redmond among the hardest hit.",
      },
      {
        title: "Microsoft cuts another 9,000 jobs, hitting Xbox teams",
        excerpt: "The latest layoffs, about 4% of staff, come two months after an earlier round of 6,000.",
      },
    ],
  } as const;
  const EXPECTED = {
    adobe: [
      {
        score: 0.78,
        sharedNames: ["adobe", "figma"],
        sharedFigures: [["$20 billion", "$20 billion"]],
        sharedEvents: ["acquisition"],
        conflictingEvents: ["called-off"],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["billion", "deal"],
        wordShare: 0.2,
        sharedSubject: true,
        subjectNamed: true,
      },
      {
        score: 0.78,
        sharedNames: ["adobe", "figma"],
        sharedFigures: [["$20 billion", "$20 billion"]],
        sharedEvents: ["acquisition"],
        conflictingEvents: ["called-off"],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["billion", "deal"],
        wordShare: 0.2,
        sharedSubject: true,
        subjectNamed: true,
      },
    ],
    scale: [
      {
        score: 0.9,
        sharedNames: ["scale", "ai", "meta"],
        sharedFigures: [
          ["14 %", "one in seven"],
          ["200", "200"],
        ],
        sharedEvents: ["layoffs"],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["staff", "employ", "generativ"],
        wordShare: 0.333,
        sharedSubject: true,
        subjectNamed: true,
      },
      {
        score: 0.9,
        sharedNames: ["scale", "ai", "meta"],
        sharedFigures: [
          ["200", "200"],
          ["one in seven", "14 %"],
        ],
        sharedEvents: ["layoffs"],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["staff", "generativ", "employ"],
        wordShare: 0.333,
        sharedSubject: true,
        subjectNamed: true,
      },
    ],
    python: [
      {
        score: 0.475,
        sharedNames: ["python"],
        sharedFigures: [],
        sharedEvents: ["launch"],
        conflictingEvents: [],
        conflictingModels: ["python 3.14 vs 3.13"],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["fre", "thread", "interpreter", "run", "global", "lock"],
        wordShare: 0.667,
        sharedSubject: true,
        subjectNamed: true,
      },
      {
        score: 0.475,
        sharedNames: ["python"],
        sharedFigures: [],
        sharedEvents: ["launch"],
        conflictingEvents: [],
        conflictingModels: ["python 3.13 vs 3.14"],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["fre", "thread", "interpreter", "run", "global", "lock"],
        wordShare: 0.667,
        sharedSubject: true,
        subjectNamed: true,
      },
    ],
    years: [
      {
        score: 0.5,
        sharedNames: ["samsung", "idc"],
        sharedFigures: [],
        sharedEvents: [],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: ["2023", "2024"],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["smartphon", "shipp"],
        wordShare: 0.333,
        sharedSubject: true,
        subjectNamed: true,
      },
      {
        score: 0.5,
        sharedNames: ["samsung", "idc"],
        sharedFigures: [],
        sharedEvents: [],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: ["2024", "2023"],
        conflictingFigures: [],
        followUp: null,
        sharedWords: ["smartphon", "shipp"],
        wordShare: 0.333,
        sharedSubject: true,
        subjectNamed: true,
      },
    ],
    ford: [
      {
        score: 0.6,
        sharedNames: ["ford"],
        sharedFigures: [],
        sharedEvents: ["recall"],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: ["850000", "1.9 million"],
        followUp: null,
        sharedWords: [],
        wordShare: 0,
        sharedSubject: true,
        subjectNamed: true,
      },
      {
        score: 0.6,
        sharedNames: ["ford"],
        sharedFigures: [],
        sharedEvents: ["recall"],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: ["1.9 million", "850000"],
        followUp: null,
        sharedWords: [],
        wordShare: 0,
        sharedSubject: true,
        subjectNamed: true,
      },
    ],
    microsoft: [
      {
        score: 0.413,
        sharedNames: ["microsoft"],
        sharedFigures: [["6000", "6000"]],
        sharedEvents: ["layoffs"],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: "another",
        sharedWords: ["cut", "job"],
        wordShare: 0.25,
        sharedSubject: true,
        subjectNamed: true,
      },
      {
        score: 0.413,
        sharedNames: ["microsoft"],
        sharedFigures: [["6000", "6000"]],
        sharedEvents: ["layoffs"],
        conflictingEvents: [],
        conflictingModels: [],
        conflictingYears: [],
        conflictingFigures: [],
        followUp: "another",
        sharedWords: ["cut", "job"],
        wordShare: 0.25,
        sharedSubject: true,
        subjectNamed: true,
      },
    ],
  };
  for (const name of Object.keys(PAIRS) as (keyof typeof PAIRS)[]) {
    it(name, () => {
      const [a, b] = PAIRS[name];
      expect(storySimilarity(a, b)).toEqual(EXPECTED[name][0]);
      expect(storySimilarity(b, a)).toEqual(EXPECTED[name][1]);
    });
  }
});

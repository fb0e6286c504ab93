import { describe, expect, it } from "vitest";
import {
  extractFigures,
  prepareStory,
  sameFigure,
  searchNames,
  storyFeatures,
  storySimilarity,
  storyVerdict,
} from "./story-similarity.server";
import { bothWays } from "../../../tests/support/story-pairs";

/*
 * Story similarity's rules at their edges, with the exact evidence each gives (found by `npm run test:mutation`:
 * each case fails when the rule it names is changed, and none of the labelled pairs reaches that edge).
 */

const names = (title: string, excerpt = "") => [...storyFeatures({ title, excerpt }).names];
const models = (title: string, excerpt = "") =>
  Object.fromEntries([...storyFeatures({ title, excerpt }).models].map(([name, found]) => [name, [...found]]));

describe("names: Title Case, possessives and models", () => {
  it("reads a headline as Title Case from three long words on, four in five of them capitalised", () => {
    // Title Case: the capitals of "Delays" say nothing, and an event word is not a name.
    expect(names("Apple Delays Siri")).toEqual(["apple", "siri"]);
    expect(names("Apple Delays Smarter Siri until 2026")).toEqual(["apple", "smarter", "siri"]);
    // Small words written small, as most Title Case styles do, do not count against it.
    expect(names("Apple Delays the Launch of Its Smarter Siri Features to Next Year")).toEqual([
      "apple",
      "smarter",
      "siri",
      "features",
    ]);
    // A quoted word is not one of the long words that are counted (it starts with a quote mark): it cannot tip a
    // Title Case headline into sentence case.
    expect(names("Apple Delays “Smarter” Siri")).toEqual(["apple", "smarter", "siri"]);
    // Two long words are too few to tell Title Case from names: each capital is read as a name.
    expect(names("Arm Delays Chips")).toEqual(["arm", "delays", "chips"]);
  });

  it("takes a possessive off the end of a name only", () => {
    expect(names("O'Sullivan's bakery opens in Cork")).toEqual(["osullivan", "cork"]);
  });

  it("keeps no model for a number of 100 or more, nor for an amount, after a name", () => {
    expect(models("Nasdaq 100 falls 2% as chip stocks slide")).toEqual({});
    expect(models("SoftBank leads OpenAI 40bn round")).toEqual({});
    expect(names("SoftBank leads OpenAI 40bn round")).toEqual(["softbank", "openai"]);
  });

  it("gives each side's models of a product in the evidence, joined by a slash", () => {
    expect(
      storySimilarity(
        { title: "Apple compares the iPhone 16e and iPhone X", excerpt: "" },
        { title: "Apple compares the iPhone 15 and iPhone 14", excerpt: "" },
      ).conflictingModels,
    ).toEqual(["iphone 16e/x vs 15/14"]);
  });
});

describe("figures at their edges", () => {
  const read = (text: string) =>
    extractFigures(text).map(({ value, kind, currency, approximate, text: written }) => ({
      value,
      kind,
      currency,
      approximate,
      written,
    }));
  const one = (text: string) => extractFigures(text)[0]!;

  it("reads 'six thousand five hundred' as 6,500: 'hundred' multiplies only what follows the thousands", () => {
    expect(read("six thousand five hundred jobs")).toEqual([
      { value: 6_500, kind: "quantity", currency: null, approximate: true, written: "six thousand five hundred" },
    ]);
    expect(read("two hundred thousand users")).toEqual([
      { value: 200_000, kind: "quantity", currency: null, approximate: true, written: "two hundred thousand" },
    ]);
  });

  it("reads other dollars with a space before the amount, and a hedge before US$", () => {
    expect(read("an A$ 50m deal")).toEqual([
      { value: 50_000_000, kind: "money", currency: "AUD", approximate: false, written: "aud 50 m" },
    ]);
    expect(read("about US$5bn")).toEqual([{ value: 5e9, kind: "money", currency: "USD", approximate: true, written: "$5 bn" }]);
  });

  it("reads across runs of spaces and after trailing dots", () => {
    expect(read("cuts a  fifth of staff")).toEqual([
      { value: 20, kind: "percent", currency: null, approximate: true, written: "a fifth of" },
    ]);
    expect(read("It raised $5bn...")).toEqual([
      { value: 5e9, kind: "money", currency: "USD", approximate: false, written: "$5 bn" },
    ]);
  });

  it("takes a bare m for millions after a whole number or money, not after a plain fraction", () => {
    expect(read("a 0.4m rise")).toEqual([{ value: 0.4, kind: "quantity", currency: null, approximate: false, written: "0.4" }]);
    expect(read("1m users")).toEqual([
      { value: 1_000_000, kind: "quantity", currency: null, approximate: false, written: "1 m" },
    ]);
    expect(read("$0.5m grant")).toEqual([
      { value: 500_000, kind: "money", currency: "USD", approximate: false, written: "$0.5 m" },
    ]);
  });

  it("leaves out the years from 1990 to 2100, and no others", () => {
    expect(read("since 1990, by 2100")).toEqual([]);
    expect(read("in 1989")).toEqual([{ value: 1989, kind: "quantity", currency: null, approximate: false, written: "1989" }]);
  });

  it("reads number words as written: 'a trillion', 'a ten-year deal', 'twenty and rising', 'both quarters of'", () => {
    expect(read("a trillion dollars")).toEqual([
      { value: 1e12, kind: "money", currency: "USD", approximate: true, written: "a trillion dollars" },
    ]);
    expect(read("signs a ten-year deal")).toEqual([
      { value: 10, kind: "quantity", currency: null, approximate: true, written: "ten" },
    ]);
    expect(read("twenty and rising")).toEqual([
      { value: 20, kind: "quantity", currency: null, approximate: true, written: "twenty" },
    ]);
    expect(read("in both quarters of the year")).toEqual([]);
    expect(read("12 in 100 users")).toEqual([
      { value: 12, kind: "percent", currency: null, approximate: true, written: "12 in 100" },
    ]);
  });

  it("takes a rounding within 5% of the larger figure, 10% only when one is approximate, and zero for zero", () => {
    expect(sameFigure(one("$2bn"), one("$2.104bn"))).toBe(true);
    expect(sameFigure(one("$950m"), one("$1bn"))).toBe(true);
    expect(sameFigure(one("$1bn"), one("$950m"))).toBe(true);
    expect(sameFigure(one("$2bn"), one("$2.15bn"))).toBe(false);
    expect(sameFigure(one("about $2bn"), one("$2.15bn"))).toBe(true);
    expect(sameFigure(one("0%"), one("0 percent"))).toBe(true);
  });
});

describe("searchNames at its edges", () => {
  it("keeps a product code with digits, and no name with a model after it", () => {
    expect(searchNames({ title: "Nvidia sells H20 chips to China", excerpt: "" }, 5)).toEqual(["nvidia", "h20"]);
    expect(searchNames({ title: "Apple unveils the iPhone 16e", excerpt: "" }, 5)).toEqual(["apple", "iphone"]);
  });
});

describe("headline figures far apart", () => {
  it("are within 10% of each other at most to be one number", () => {
    const cuts = (count: number) => ({ title: `Kestrel cuts ${count} jobs at its Leeds plant`, excerpt: "" });
    expect(storySimilarity(cuts(90), cuts(100)).conflictingFigures).toEqual([]);
    expect(storySimilarity(cuts(100), cuts(90)).conflictingFigures).toEqual([]);
    expect(storySimilarity(cuts(89), cuts(100)).conflictingFigures).toEqual(["89", "100"]);
  });

  it("are not held against a pair when one of a headline's figures is in the other article", () => {
    const both = { title: "Kestrel cuts 6,000 jobs and 120 contractors", excerpt: "The carmaker is shrinking its factories." };
    const one = { title: "Kestrel lays off 3,000 workers", excerpt: "The carmaker also let go 120 contractors." };
    expect(storySimilarity(both, one).conflictingFigures).toEqual([]);
    expect(storySimilarity(one, both).conflictingFigures).toEqual([]);
  });

  it("are compared within one currency: an amount in euros is not the headline's dollars", () => {
    const raised = { title: "Brightvale raises $100m for its e-readers", excerpt: "The round values the company at $2bn." };
    const raisedMore = { title: "Brightvale raises $300m for its e-readers", excerpt: "It also took €100m in loans last year." };
    expect(storySimilarity(raised, raisedMore).conflictingFigures).toEqual(["$100 m", "$300 m"]);
  });
});

describe("events, subjects and follow-ups at their edges", () => {
  it("an attack and the outage it caused, each headline's event in the other's excerpt, are one story", () => {
    const attack = {
      title: "Harrowgate Council hit by ransomware attack",
      excerpt: "Criminals locked the council's systems, and its website went offline.",
    };
    const outage = {
      title: "Harrowgate Council's website goes offline",
      excerpt: "The council blamed a ransomware attack by criminals.",
    };
    for (const [a, b] of bothWays(attack, outage)) {
      expect(storySimilarity(a, b).conflictingEvents).toEqual([]);
      expect(storyVerdict(a, b)).toEqual({ relation: "same", uncertain: true });
    }
  });

  it("is sure of a follow-up that a model or a year tells apart as well as its event", () => {
    const recall = {
      title: "Kestrel recalls the Trail 2 e-bike over a brake fault",
      excerpt: "Owners of the Kestrel e-bike can get the brakes fixed for free.",
    };
    const newModel = {
      title: "Kestrel unveils the Trail 3 e-bike with new brakes",
      excerpt: "Owners of the Kestrel e-bike get brakes that are fixed for free.",
    };
    const recallOfYear = {
      title: "Kestrel recalls 2024 Trail e-bikes over a brake fault",
      excerpt: "Kestrel said owners of the Trail e-bikes can get brakes fixed for free.",
    };
    const newYear = {
      title: "Kestrel unveils 2025 Trail e-bikes with better brakes",
      excerpt: "Kestrel said the Trail e-bikes get brakes fixed after last year's recall.",
    };
    expect(storySimilarity(recall, newModel)).toMatchObject({
      score: 0.488,
      conflictingEvents: ["recall"],
      conflictingModels: ["trail 2 vs 3"],
      subjectNamed: true,
    });
    expect(storySimilarity(recallOfYear, newYear)).toMatchObject({
      score: 0.57,
      conflictingEvents: ["recall"],
      conflictingYears: ["2024", "2025"],
      subjectNamed: true,
    });
    for (const [a, b] of [...bothWays(recall, newModel), ...bothWays(recallOfYear, newYear)]) {
      expect(storyVerdict(a, b)).toEqual({ relation: "follow-up", uncertain: false });
    }
  });

  it("does not take a regulator both articles name for the subject of both", () => {
    const apple = { title: "Apple fined by the Federal Trade Commission", excerpt: "The fine is over app store rules." };
    const google = { title: "Google fined by the FTC over ads", excerpt: "The regulator said the ads misled buyers." };
    for (const [a, b] of bothWays(apple, google)) {
      expect(storySimilarity(a, b)).toMatchObject({ sharedSubject: false, subjectNamed: false });
      expect(storyVerdict(a, b)).toEqual({ relation: "different", uncertain: false });
    }
  });

  it("takes nothing off for a follow-up word that both headlines have", () => {
    const cuts = { title: "Kestrel cuts another 500 jobs", excerpt: "" };
    const axes = { title: "Kestrel axes another 500 jobs at its plants", excerpt: "" };
    expect(storySimilarity(cuts, axes)).toMatchObject({ followUp: null });
    expect(storySimilarity(cuts, { ...axes, title: "Kestrel axes 500 jobs at its plants" })).toMatchObject({
      followUp: "another",
    });
  });

  it("scores a pair whose one side has no other words by its names, figures and events alone", () => {
    const short = { title: "Apple sues Google", excerpt: "" };
    const long = { title: "Apple sues Google over search deals", excerpt: "The lawsuit was filed in California." };
    // All names shared (0.45) and the lawsuit both headlines report (0.15); no other words to share.
    expect(storySimilarity(short, long)).toMatchObject({ score: 0.6, wordShare: 0, sharedWords: [] });
  });
});

describe("prepared stories", () => {
  it("give the same evidence as the stories themselves, on either side", () => {
    const attack = { title: "Harrowgate Council hit by ransomware attack", excerpt: "Criminals locked the council's systems." };
    const outage = { title: "Harrowgate Council's website goes offline", excerpt: "The council blamed a ransomware attack." };
    const expected = storySimilarity(attack, outage);
    expect(storySimilarity(prepareStory(attack), outage)).toEqual(expected);
    expect(storySimilarity(attack, prepareStory(outage))).toEqual(expected);
  });
});

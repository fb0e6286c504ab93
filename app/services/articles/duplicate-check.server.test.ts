import { describe, expect, it } from "vitest";
import { z } from "zod";
import setAsidePairs from "../../../tests/fixtures/duplicate-pairs-holdout.json";
import labelledPairs from "../../../tests/fixtures/duplicate-pairs.json";
import {
  articleKeywords,
  duplicateReason,
  extractKeywords,
  sharedKeywordsIfDuplicate,
  titlePrefix,
} from "./duplicate-check.server";

/** `count` distinct keywords that pass every filter: "word01", "word02", ... */
const words = (count: number, prefix = "word") =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index + 1).padStart(2, "0")}`);

describe("extractKeywords", () => {
  it("lowercases every word", () => {
    expect(extractKeywords("Quantum CHIPS Arrive")).toEqual(["quantum", "chips", "arrive"]);
  });

  it("keeps a word that is already lowercase as it is, and treats two casings as one word", () => {
    expect(extractKeywords("robots Robots ROBOTS robots")).toEqual(["robots"]);
  });

  it("strips punctuation out of and around words", () => {
    expect(extractKeywords('Apple\'s "iPhone", finally! (Really?) Cloud-native.')).toEqual([
      "apples",
      "iphone",
      "finally",
      "really",
      "cloudnative",
    ]);
  });

  it("keeps letters of any alphabet and digits, which are not punctuation", () => {
    expect(extractKeywords("Café Zürich 2025 résumé")).toEqual(["café", "zürich", "2025", "résumé"]);
  });

  it("drops words of 2 characters or fewer, also when punctuation made them that short", () => {
    expect(extractKeywords("AI is on a GPU, U.S. I'm")).toEqual(["gpu"]);
  });

  it("keeps words of exactly 3 characters", () => {
    expect(extractKeywords("GPU CPU RAM")).toEqual(["gpu", "cpu", "ram"]);
  });

  it("drops common stop words", () => {
    expect(extractKeywords("The chips and the boards with their makers")).toEqual(["chips", "boards", "makers"]);
  });

  it("keeps words that only contain a stop word", () => {
    expect(extractKeywords("theory android without withdrawn")).toEqual(["theory", "android", "withdrawn"]);
  });

  it("keeps at most 10 keywords per text: the 11th is dropped", () => {
    expect(extractKeywords(words(11).join(" "))).toEqual(words(10));
  });

  it("keeps all 10 keywords of a text that has exactly 10", () => {
    expect(extractKeywords(words(10).join(" "))).toEqual(words(10));
  });

  it("keeps each word once, counting the 10 after repeats are removed", () => {
    const [first, second, ...rest] = words(10);
    const text = [first, first, second, first, second, ...rest].join(" ");
    expect(extractKeywords(text)).toEqual(words(10));
  });

  it("splits on any whitespace and finds nothing in an empty or blank text", () => {
    expect(extractKeywords("  Rust\n\tcompiler  ")).toEqual(["rust", "compiler"]);
    expect(extractKeywords("")).toEqual([]);
    expect(extractKeywords("   ")).toEqual([]);
    expect(extractKeywords("!!! ... ---")).toEqual([]);
  });
});

describe("articleKeywords", () => {
  it("takes the title's keywords, then the excerpt's, each word once", () => {
    expect(articleKeywords({ title: "Rust compiler released", excerpt: "The new Rust compiler is faster." })).toEqual([
      "rust",
      "compiler",
      "released",
      "faster",
    ]);
  });

  it("caps title and excerpt at 10 keywords each, so an article has up to 20", () => {
    const keywords = articleKeywords({ title: words(11, "title").join(" "), excerpt: words(11, "summary").join(" ") });
    expect(keywords).toEqual([...words(10, "title"), ...words(10, "summary")]);
  });
});

describe("titlePrefix", () => {
  it("is the first 30 characters of the title", () => {
    const title = "Quantum computing breakthrough at MIT labs";
    expect(titlePrefix(title)).toBe("Quantum computing breakthrough");
    expect(titlePrefix(title)).toHaveLength(30);
  });

  it("is the whole title when it is shorter than 30 characters", () => {
    expect(titlePrefix("GPU prices fall")).toBe("GPU prices fall");
  });

  it("ignores whitespace around the title", () => {
    expect(titlePrefix("   Quantum computing breakthrough at MIT labs")).toBe("Quantum computing breakthrough");
    expect(titlePrefix("   ")).toBe("");
  });
});

describe("sharedKeywordsIfDuplicate", () => {
  it("is not a duplicate when exactly 0.6 of the new keywords are shared (6 of 10)", () => {
    const fresh = words(10);
    const candidate = [...fresh.slice(0, 6), "other01", "other02"];
    expect(sharedKeywordsIfDuplicate(fresh, candidate)).toBeNull();
  });

  it("is not a duplicate when exactly 0.6 are shared with the minimum count (3 of 5)", () => {
    expect(sharedKeywordsIfDuplicate(words(5), words(3))).toBeNull();
  });

  it("is a duplicate just above 0.6 (5 of 8 shared), and gives the shared keywords", () => {
    const fresh = words(8);
    const candidate = ["other01", ...fresh.slice(3)];
    expect(sharedKeywordsIfDuplicate(fresh, candidate)).toEqual(fresh.slice(3));
  });

  it("is not a duplicate with only 2 shared keywords, even when that is all of them (ratio 1.0)", () => {
    expect(sharedKeywordsIfDuplicate(["openai", "gpt5"], ["openai", "gpt5", "model"])).toBeNull();
  });

  it("is a duplicate with 3 shared keywords at ratio 1.0", () => {
    expect(sharedKeywordsIfDuplicate(["openai", "gpt5", "model"], ["model", "openai", "gpt5", "launch"])).toEqual([
      "openai",
      "gpt5",
      "model",
    ]);
  });

  it("measures the share against the new article's keywords, so a candidate with many more words still matches", () => {
    const fresh = words(4);
    expect(sharedKeywordsIfDuplicate(fresh, [...words(20, "extra"), ...fresh])).toEqual(fresh);
    // The other way round, the 4 shared keywords are a small share of the new article's 24.
    expect(sharedKeywordsIfDuplicate([...words(20, "extra"), ...fresh], fresh)).toBeNull();
  });

  it("is never a duplicate when either side has no keywords", () => {
    expect(sharedKeywordsIfDuplicate([], words(5))).toBeNull();
    expect(sharedKeywordsIfDuplicate(words(5), [])).toBeNull();
    expect(sharedKeywordsIfDuplicate([], [])).toBeNull();
  });
});

describe("duplicateReason", () => {
  const original = {
    title: "Adobe agrees to buy Figma for $20 billion in cash and stock deal",
    excerpt: "The design software giant will pay about half in cash for the collaborative design startup, its largest deal ever.",
  };

  it("gives the spec's title rule first, then its keyword rule, then the story measure", () => {
    expect(duplicateReason({ title: "ADOBE AGREES TO BUY FIGMA FOR $20 BILLION", excerpt: "Other words." }, original)).toBe(
      "title",
    );
    expect(
      duplicateReason(
        {
          title: "Figma bought by Adobe: design startup deal in cash and stock",
          excerpt: "Adobe will pay half in cash, its largest deal ever, for the collaborative design software startup.",
        },
        original,
      ),
    ).toBe("keywords");
    expect(
      duplicateReason(
        {
          title: "Figma to be acquired by Adobe in a $20bn takeover",
          excerpt:
            "The collaborative design company accepted an offer split between cash and shares, valuing it at twenty billion dollars.",
        },
        original,
      ),
    ).toBe("story");
  });

  it("allows a different story about the same companies", () => {
    const abandoned = {
      title: "Adobe and Figma abandon $20 billion merger citing regulatory hurdles",
      excerpt: "The companies ended the deal after EU and UK competition authorities raised concerns.",
    };
    expect(duplicateReason(abandoned, original)).toBeNull();
  });
});

const Story = z.object({ title: z.string(), excerpt: z.string() });
const LabelledPair = z.object({
  a: Story,
  b: Story,
  same: z.boolean(),
  note: z.string().min(1),
  batch: z.number().int(),
  /** The hard cases: the same subject with another event, or the same event in other words. */
  hard: z.enum(["other-event", "other-words"]).optional(),
});

/**
 * The labelled set: pairs of a published article `a` and a new one `b`, labelled the same story retold or a different
 * story about the same company or topic. Two parts (docs/decisions/014): the tuning part
 * (tests/fixtures/duplicate-pairs.json, batches 1 to 4, 6, 7, 10, 11, 13, 15 and 17) that the word lists were built and
 * tuned on, and the set-aside part (tests/fixtures/duplicate-pairs-holdout.json, batches 5, 8, 9, 12, 14, 16 and 18),
 * each batch written and committed before the next round of tuning and never tuned on. Only the set-aside part says
 * how the check does on text it has not seen.
 */
describe("the labelled set of same-story and different-story pairs", () => {
  const tuning = z.array(LabelledPair).parse(labelledPairs);
  const setAside = z.array(LabelledPair).parse(setAsidePairs);
  const pairs = [...tuning, ...setAside];

  it("has at least 300 pairs, a fifth set aside, a third hard cases of each kind, sized like real headlines", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(300);
    expect(setAside.length).toBeGreaterThanOrEqual(pairs.length / 5);
    const newPairs = pairs.filter((pair) => pair.batch >= 5);
    for (const kind of ["other-event", "other-words"] as const) {
      expect(newPairs.filter((pair) => pair.hard === kind).length).toBeGreaterThanOrEqual(newPairs.length / 3);
    }
    expect(setAside.filter((pair) => pair.hard === "other-event").length).toBeGreaterThanOrEqual(setAside.length / 3);
    expect(setAside.filter((pair) => pair.hard === "other-words").length).toBeGreaterThanOrEqual(setAside.length / 3);
    const same = pairs.filter((pair) => pair.same).length;
    expect(same / pairs.length).toBeGreaterThan(0.4);
    expect(same / pairs.length).toBeLessThan(0.6);
    for (const story of pairs.flatMap((pair) => [pair.a, pair.b])) {
      expect(story.title.length, story.title).toBeGreaterThanOrEqual(60);
      expect(story.title.length, story.title).toBeLessThanOrEqual(80);
      expect(story.excerpt.length, story.excerpt).toBeGreaterThanOrEqual(120);
      expect(story.excerpt.length, story.excerpt).toBeLessThanOrEqual(150);
    }
  });

  /** Precision and recall of a verdict over some pairs, `b` being the new article checked against `a`. */
  function measure(subset: typeof pairs, isDuplicate: (pair: (typeof pairs)[number]) => boolean) {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    for (const pair of subset) {
      const found = isDuplicate(pair);
      if (found && pair.same) truePositives += 1;
      else if (found) falsePositives += 1;
      else if (pair.same) falseNegatives += 1;
    }
    // With nothing found, precision is undefined: NaN, printed as "n/a" and failing any bound.
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    return { pairs: subset.length, truePositives, falsePositives, falseNegatives, precision, recall };
  }

  const specRule = (pair: (typeof pairs)[number]) => {
    const reason = duplicateReason(pair.b, pair.a);
    return reason === "title" || reason === "keywords";
  };
  const fullCheck = (pair: (typeof pairs)[number]) => duplicateReason(pair.b, pair.a) !== null;

  /**
   * The duplicate check asks for precision 0.95 and recall 0.90 on the set-aside part, without a provider: measured 0.965 / 0.917
   * on its 120 pairs (decision 014). The margin is thin (one more false alarm there costs 0.015 of precision), so a
   * change that makes unseen text worse fails here.
   */
  it("reaches precision 0.95 and recall 0.90 on the set-aside part, and prints every part and batch", () => {
    const rows: Record<string, ReturnType<typeof measure> & { check: string }> = {};
    const batches = [...new Set(pairs.map((pair) => pair.batch))].sort((left, right) => left - right);
    for (const [check, verdict] of [
      ["spec rule alone", specRule],
      ["spec rule or story measure", fullCheck],
    ] as const) {
      rows[`${check}, set-aside part`] = { check, ...measure(setAside, verdict) };
      rows[`${check}, tuning part`] = { check, ...measure(tuning, verdict) };
      rows[`${check}, all pairs`] = { check, ...measure(pairs, verdict) };
      for (const batch of batches) {
        rows[`${check}, batch ${batch}`] = {
          check,
          ...measure(
            pairs.filter((pair) => pair.batch === batch),
            verdict,
          ),
        };
      }
    }
    const format = (value: number) => (Number.isNaN(value) ? "  n/a" : value.toFixed(3));
    console.log(
      "Duplicate detection on the labelled set\n" +
        Object.entries(rows)
          .map(
            ([name, row]) =>
              `${name.padEnd(44)} pairs ${String(row.pairs).padStart(3)}  precision ${format(row.precision)}  recall ${format(row.recall)}` +
              `  (found ${row.truePositives} of ${row.truePositives + row.falseNegatives}, ${row.falsePositives} wrongly)`,
          )
          .join("\n"),
    );

    const unseen = rows["spec rule or story measure, set-aside part"]!;
    const targetMet = unseen.precision >= 0.95 && unseen.recall >= 0.9;
    console.log(`The target (precision 0.95, recall 0.90 on the set-aside part): ${targetMet ? "met" : "not met"}`);
    expect(unseen.precision).toBeGreaterThanOrEqual(0.95);
    expect(unseen.recall).toBeGreaterThanOrEqual(0.9);
    // Scoring ~400 pairs twice with every check takes about a second, several on a busy machine: a measurement,
    // not a speed test, so it gets room.
  }, 60_000);
});

import { describe, expect, it } from "vitest";
import { COAUTHOR_TEXTS, coauthorChoice } from "./article";

/** The problems of a refused choice, as [select name, sentence]. */
function problems(fields: Record<string, string>, leadAuthorId = 1): [unknown, string][] {
  const parsed = coauthorChoice(leadAuthorId).safeParse(fields);
  return parsed.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];
}

describe("the co-author selects", () => {
  it("give the chosen authors in the order of the selects, None skipped", () => {
    expect(coauthorChoice(1).parse({ coauthor1: "3", coauthor2: "", coauthor3: "2", coauthor4: "" })).toEqual([3, 2]);
    expect(coauthorChoice(1).parse({ coauthor2: "5", coauthor1: "4" })).toEqual([4, 5]);
    expect(coauthorChoice(1).parse({})).toEqual([]);
    expect(coauthorChoice(null).parse({ coauthor1: "1" }), "without a known lead, anyone may be chosen").toEqual([1]);
  });

  it("read four selects only", () => {
    expect(coauthorChoice(1).parse({ coauthor1: "2", coauthor2: "3", coauthor3: "4", coauthor4: "5", coauthor5: "6" })).toEqual([
      2, 3, 4, 5,
    ]);
  });

  it("refuse the same person twice, at the second select", () => {
    expect(problems({ coauthor1: "3", coauthor2: "", coauthor3: "3" })).toEqual([["coauthor3", COAUTHOR_TEXTS.duplicate]]);
  });

  it("refuse the lead author", () => {
    expect(problems({ coauthor1: "1" })).toEqual([["coauthor1", COAUTHOR_TEXTS.lead]]);
  });

  it("refuse what is not an author id with a sentence", () => {
    for (const value of ["abc", "-2", "0", "1.5", "99999999999"])
      expect(problems({ coauthor2: value }), value).toEqual([["coauthor2", COAUTHOR_TEXTS.unknown]]);
  });
});

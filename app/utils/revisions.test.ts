import { describe, expect, it } from "vitest";
import { diffBody, diffRevisions, revisionAuthor, type RevisionFields } from "./revisions";

const base: RevisionFields = {
  title: "Chip makers race to 2 nm",
  excerpt: "Three foundries promise the next node.",
  content: "Foundries are spending billions on the next node.",
  category: "Gadgets",
  image: "/images/stock/ai-technology.svg",
  sources: "The Verge",
  tags: "Chips",
};

describe("diffRevisions", () => {
  it("says nothing differs between equal revisions", () => {
    expect(diffRevisions(base, { ...base })).toEqual({ fields: [], body: null, same: true });
  });

  it("lists only the changed short fields, old and new, in the editor's order", () => {
    const diff = diffRevisions(base, {
      ...base,
      sources: "The Verge, Wired",
      title: "Chip makers reach 2 nm",
      category: "AI",
      tags: "Chips, TSMC",
    });
    expect(diff.same).toBe(false);
    expect(diff.body).toBeNull();
    expect(diff.fields).toEqual([
      { field: "title", label: "Title", before: "Chip makers race to 2 nm", after: "Chip makers reach 2 nm" },
      { field: "category", label: "Category", before: "Gadgets", after: "AI" },
      { field: "sources", label: "Sources", before: "The Verge", after: "The Verge, Wired" },
      { field: "tags", label: "Tags", before: "Chips", after: "Chips, TSMC" },
    ]);
  });

  it("compares the body word by word", () => {
    const diff = diffRevisions(base, { ...base, content: "Foundries are quietly spending billions on the node." });
    expect(diff.fields).toEqual([]);
    expect(diff.body).toEqual([
      { change: "same", text: "Foundries are " },
      { change: "inserted", text: "quietly " },
      { change: "same", text: "spending billions on the " },
      { change: "deleted", text: "next " },
      { change: "same", text: "node." },
    ]);
  });
});

describe("diffBody", () => {
  it("shows a replaced word as a deletion and an insertion, and keeps line breaks", () => {
    const parts = diffBody("## Intro\n\nThe quick fox.", "## Intro\n\nThe slow fox.");
    expect(parts.filter((part) => part.change !== "same")).toEqual([
      { change: "deleted", text: "quick" },
      { change: "inserted", text: "slow" },
    ]);
    expect(
      parts
        .filter((part) => part.change !== "deleted")
        .map((part) => part.text)
        .join(""),
    ).toBe("## Intro\n\nThe slow fox.");
    expect(
      parts
        .filter((part) => part.change !== "inserted")
        .map((part) => part.text)
        .join(""),
    ).toBe("## Intro\n\nThe quick fox.");
  });

  it("handles an empty side as all inserted or all deleted", () => {
    expect(diffBody("", "New text.")).toEqual([{ change: "inserted", text: "New text." }]);
    expect(diffBody("Old text.", "")).toEqual([{ change: "deleted", text: "Old text." }]);
  });
});

describe("revisionAuthor", () => {
  it("names the person, or the part of Byline that made the revision", () => {
    expect(revisionAuthor({ kind: "edited", editorName: "Alice Moreau" })).toBe("Alice Moreau");
    expect(revisionAuthor({ kind: "ai_original", editorName: null })).toBe("AI draft");
    expect(revisionAuthor({ kind: "imported", editorName: null })).toBe("Import");
    expect(revisionAuthor({ kind: "edited", editorName: null })).toBe("Byline");
  });
});

import { describe, expect, it } from "vitest";
import { articlePath, lastModifiedAt, parseArticleId, updatedAfterPublishing, UPDATED_AFTER_MS } from "./articles";

describe("parseArticleId", () => {
  it.each([
    ["12", 12],
    ["1", 1],
    ["2147483647", 2_147_483_647],
  ])("reads %j as article %i", (value, id) => {
    expect(parseArticleId(value)).toBe(id);
  });

  // One spelling per article: anything but its plain base-10 number is not found (a page address has one spelling).
  it.each(["abc", "", "0", "0x1A", "-3", "2147483648", "99999999999", "Infinity", "NaN", "12abc", "12.9", "1e3", "007", " 42"])(
    "finds no article id in %j",
    (value) => {
      expect(parseArticleId(value)).toBeNull();
    },
  );

  it("finds no article id when the URL has none", () => {
    expect(parseArticleId(undefined)).toBeNull();
  });
});

describe("articlePath", () => {
  it("is the article page's URL, which parses back to the same id", () => {
    expect(articlePath(42)).toBe("/article/42");
    expect(parseArticleId(articlePath(42).split("/").at(-1))).toBe(42);
  });
});

describe("lastModifiedAt", () => {
  const published = new Date("2026-11-20T09:00:00Z");

  it("is the last edit when it came after the publication", () => {
    const edited = new Date("2026-11-21T10:30:00Z");
    expect(lastModifiedAt({ updatedAt: edited, publishedAt: published })).toEqual(edited);
  });

  it("is never before the publication: a scheduled article goes out after its last edit", () => {
    expect(lastModifiedAt({ updatedAt: new Date("2026-11-19T17:00:00Z"), publishedAt: published })).toEqual(published);
  });

  it("is the last edit for a draft, and reads times sent as text", () => {
    expect(lastModifiedAt({ updatedAt: "2026-11-19T17:00:00.000Z", publishedAt: null })).toEqual(
      new Date("2026-11-19T17:00:00Z"),
    );
    expect(lastModifiedAt({ updatedAt: "2026-11-19T17:00:00.000Z", publishedAt: "2026-11-20T09:00:00.000Z" })).toEqual(published);
  });
});

describe("updatedAfterPublishing", () => {
  const published = new Date("2026-11-20T09:00:00Z");

  it("is the very value of dateModified when the article changed more than a minute after publishing", () => {
    const updatedAt = new Date("2026-11-22T23:30:00Z");
    expect(updatedAfterPublishing({ updatedAt, publishedAt: published })).toEqual(
      lastModifiedAt({ updatedAt, publishedAt: published }),
    );
    expect(updatedAfterPublishing({ updatedAt: updatedAt.toISOString(), publishedAt: published.toISOString() })).toEqual(
      updatedAt,
    );
  });

  it("is null for a draft, an article never changed since publishing, or a change that went with the publishing", () => {
    expect(updatedAfterPublishing({ updatedAt: published, publishedAt: null })).toBeNull();
    expect(updatedAfterPublishing({ updatedAt: published, publishedAt: published })).toBeNull();
    // A scheduled article goes out after its last edit: that is not an update.
    expect(updatedAfterPublishing({ updatedAt: new Date("2026-11-19T09:00:00Z"), publishedAt: published })).toBeNull();
    expect(
      updatedAfterPublishing({ updatedAt: new Date(published.getTime() + UPDATED_AFTER_MS), publishedAt: published }),
    ).toBeNull();
    expect(
      updatedAfterPublishing({ updatedAt: new Date(published.getTime() + UPDATED_AFTER_MS + 1), publishedAt: published }),
    ).not.toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { ExportArticle, ExportHeader, ExportNewsletterIssue, ExportSubscriber, type ExportEntryInput } from "./newsroom-export";

const article = (extra: Partial<ExportEntryInput<"articles">> = {}): ExportEntryInput<"articles"> => ({
  id: 12,
  title: "A story",
  excerpt: "An excerpt.",
  content: "Body.",
  category: "AI",
  image: "/images/stock/ai-technology.svg",
  status: "published",
  author_id: 1,
  coauthor_ids: [2, 3],
  published_at: "2026-11-01T09:00:00.000Z",
  created_at: "2026-10-31T08:00:00.000Z",
  updated_at: "2026-11-02T08:00:00.000Z",
  read_time: 5,
  is_featured: false,
  is_popular: false,
  is_ai_generated: false,
  sources: "",
  source_links: [],
  review_note: "",
  reviewer_id: null,
  approved_by: 1,
  approved_at: "2026-11-01T09:00:00.000Z",
  ai_original: null,
  ai_rewritten_percent: null,
  related_ids: [],
  old_addresses: [{ system: "ghost", source_id: "abc", old_path: "/a-story" }],
  revisions: [
    {
      id: 40,
      kind: "edited",
      editor_id: 1,
      restored_from: null,
      title: "A story",
      excerpt: "An excerpt.",
      content: "Body.",
      category: "AI",
      image: "",
      sources: "",
      source_links: [],
      created_at: "2026-11-02T08:00:00.000Z",
      updated_at: "2026-11-02T08:00:00.000Z",
    },
  ],
  corrections: [{ id: 3, kind: "correction", note: "A name was wrong.", created_by: null, created_at: "2026-11-02T08:00:00Z" }],
  ...extra,
});

const reasons = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("the export document's schema", () => {
  it("reads the header of this version and refuses another version", () => {
    expect(ExportHeader.parse({ format: "byline-export", version: 1, exported_at: "2026-11-26T05:00:00.000Z" })).toEqual({
      format: "byline-export",
      version: 1,
      exported_at: new Date("2026-11-26T05:00:00.000Z"),
    });
    expect(ExportHeader.safeParse({ format: "byline-export", version: 2, exported_at: "2026-11-26T05:00:00.000Z" }).success).toBe(
      false,
    );
    expect(ExportHeader.safeParse({ format: "ghost", version: 1, exported_at: "2026-11-26T05:00:00.000Z" }).success).toBe(false);
  });

  it("reads an article with its revisions and corrections, times as Dates", () => {
    const parsed = ExportArticle.parse(article());
    expect(parsed.published_at).toEqual(new Date("2026-11-01T09:00:00.000Z"));
    expect(parsed.revisions[0]?.created_at).toEqual(new Date("2026-11-02T08:00:00.000Z"));
    expect(parsed.corrections[0]?.note).toBe("A name was wrong.");
  });

  it("keeps a draft without a publication time and a scheduled article with one", () => {
    expect(
      ExportArticle.safeParse(article({ status: "draft", published_at: null, approved_by: null, approved_at: null })).success,
    ).toBe(true);
    expect(ExportArticle.safeParse(article({ status: "scheduled", published_at: "2026-12-01T07:00:00+01:00" })).success).toBe(
      true,
    );
  });

  it("refuses a state that contradicts the publication time, unknown fields, a time without zone and a repeated co-author", () => {
    expect(reasons(ExportArticle.safeParse(article({ status: "draft" })))).toEqual([
      "published_at: published_at must be set exactly when the status is published or scheduled",
    ]);
    expect(reasons(ExportArticle.safeParse(article({ status: "scheduled", published_at: null })))).toHaveLength(1);
    expect(ExportArticle.safeParse({ ...article(), publised_at: "2026-11-01T09:00:00Z" }).success).toBe(false);
    expect(reasons(ExportArticle.safeParse(article({ created_at: "2026-10-31 08:00" })))[0]).toMatch(/^created_at: /);
    expect(reasons(ExportArticle.safeParse(article({ coauthor_ids: [1] })))[0]).toMatch(/^coauthor_ids: /);
    expect(reasons(ExportArticle.safeParse(article({ coauthor_ids: [2, 2] })))[0]).toMatch(/^coauthor_ids: /);
    expect(ExportArticle.safeParse(article({ title: "Nul\u0000" })).success).toBe(false);
    expect(ExportArticle.safeParse(article({ read_time: 16 })).success).toBe(false);
  });

  it("refuses what the database cannot hold: an id past an integer column, a time in year 0", () => {
    expect(ExportArticle.safeParse(article({ id: 2_147_483_647 })).success).toBe(true);
    expect(reasons(ExportArticle.safeParse(article({ id: 2_147_483_648 })))).toEqual([
      "id: is larger than the database holds (2,147,483,647)",
    ]);
    expect(reasons(ExportArticle.safeParse(article({ author_id: 3_000_000_000 })))[0]).toMatch(/^author_id: /);
    expect(reasons(ExportArticle.safeParse(article({ created_at: "0000-01-01T00:00:00Z" })))).toEqual([
      "created_at: is not a time between the years 1 and 9999",
    ]);
  });

  it("reads subscribers in every status, addresses lower-cased, and refuses an address that names several mailboxes", () => {
    for (const status of ["active", "pending", "unsubscribed"] as const)
      expect(
        ExportSubscriber.parse({
          email: "Reader@Example.com",
          status,
          created_at: "2026-09-01T00:00:00Z",
          updated_at: "2026-09-02T00:00:00Z",
        }),
      ).toEqual({
        email: "reader@example.com",
        status,
        created_at: new Date("2026-09-01T00:00:00Z"),
        updated_at: new Date("2026-09-02T00:00:00Z"),
      });
    expect(
      ExportSubscriber.safeParse({
        email: "1,victim@example.com",
        status: "active",
        created_at: "2026-09-01T00:00:00Z",
        updated_at: "2026-09-01T00:00:00Z",
      }).success,
    ).toBe(false);
    expect(
      ExportSubscriber.safeParse({
        email: "a@example.com",
        status: "bounced",
        created_at: "2026-09-01T00:00:00Z",
        updated_at: "2026-09-01T00:00:00Z",
      }).success,
    ).toBe(false);
  });

  it("reads a newsletter issue with its deliveries", () => {
    const issue = ExportNewsletterIssue.parse({
      id: 4,
      status: "sent",
      subject: "This week",
      html: "<p>Hi</p>",
      text: "Hi",
      article_ids: [12],
      model: null,
      week_key: "2026-W45",
      correction_id: null,
      created_by: null,
      error: null,
      created_at: "2026-11-08T09:00:00Z",
      send_started_at: "2026-11-08T09:00:01Z",
      finished_at: null,
      deliveries: [{ email: "reader@example.com", status: "sent", attempts: 1, sent_at: "2026-11-08T09:00:30Z" }],
    });
    expect(issue.deliveries[0]?.sent_at).toEqual(new Date("2026-11-08T09:00:30Z"));
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { articles, authors } from "../../db/schema";
import { createArticleService } from "./articles.server";

const database = withTestDatabase();

describe("listLatestPublished", () => {
  beforeEach(() => resetDatabase(database.db));

  it("lists published articles newest first with their author, leaving drafts out", async () => {
    const [author] = await database.db
      .insert(authors)
      .values({ name: "Daniel Reyes", avatar: "/images/avatars/daniel-reyes.svg", role: "Tech Correspondent" })
      .returning();
    const base = { excerpt: "e", content: "c", category: "AI" as const, authorId: author!.id };
    await database.db.insert(articles).values([
      { ...base, title: "Older", publishedAt: new Date("2025-01-01T00:00:00Z") },
      { ...base, title: "Draft", publishedAt: null },
      { ...base, title: "Newer", publishedAt: new Date("2025-02-01T00:00:00Z") },
    ]);
    const service = createArticleService({ db: database.db });

    const listed = await service.listLatestPublished(10);
    expect(listed.map((article) => article.title)).toEqual(["Newer", "Older"]);
    expect(listed[0]?.author).toEqual({
      name: "Daniel Reyes",
      avatar: "/images/avatars/daniel-reyes.svg",
      role: "Tech Correspondent",
    });
    expect(await service.listLatestPublished(1)).toHaveLength(1);
  });
});

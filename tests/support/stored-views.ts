import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";

/**
 * Article views as stored, summed over days, by article id: read from the embedded database in `dataDir` once its
 * server has stopped (which writes the counter's buffer; the embedded database has one user at a time).
 */
export async function storedViews(dataDir: string): Promise<Record<number, number>> {
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    const { rows } = await database.db.execute<{ article_id: number; views: number }>(
      sql`select article_id, sum(views)::int as views from article_daily_views group by article_id`,
    );
    return Object.fromEntries(rows.map((row) => [Number(row.article_id), Number(row.views)]));
  } finally {
    await database.close();
  }
}

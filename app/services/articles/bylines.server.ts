import { and, eq, inArray, notExists, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors } from "../../db/schema";

/**
 * An author profile that no staff account signs with. Imports and AI drafts find their author by name, so they attach
 * articles only to such profiles: a staff member who renamed their profile after an imported or automated byline must
 * not come to own, edit and unpublish those articles.
 */
export function withoutAccount(): SQL {
  return notExists(sql`(select 1 from ${admins} where ${admins.authorId} = ${authors.id})`);
}

/** Of the given names, those that are the byline of a staff account. */
export async function staffBylines(db: Pick<Database, "select">, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: authors.name })
    .from(authors)
    .innerJoin(admins, eq(admins.authorId, authors.id))
    .where(inArray(authors.name, [...names]));
  return new Set(rows.map((row) => row.name));
}

/** The id of the profile named `name` that no account signs with, or null when there is none. */
export async function accountlessAuthorId(db: Pick<Database, "select">, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: authors.id })
    .from(authors)
    .where(and(eq(authors.name, name), withoutAccount()))
    .limit(1);
  return row?.id ?? null;
}

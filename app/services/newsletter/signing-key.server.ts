import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { appSecrets } from "../../db/schema";

/**
 * A signing key kept in the app_secrets row `name`: made on first use (whichever instance comes first wins),
 * then read by every instance, so links signed by one are accepted by all and survive restarts. The returned
 * function loads it once and retries after a failure.
 */
export function storedSigningKey(db: Database, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;

  async function load(): Promise<Buffer> {
    await db
      .insert(appSecrets)
      .values({ name, value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
    if (!row) throw new Error(`The signing key ${name} could not be stored.`);
    return Buffer.from(row.value, "base64url");
  }

  return () => {
    key ??= load().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}

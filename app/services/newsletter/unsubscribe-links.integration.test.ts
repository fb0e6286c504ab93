import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { appSecrets } from "../../db/schema";
import { createUnsubscribeLinks } from "./unsubscribe-links.server";

/**
 * The personal unsubscribe link's token, exactly: the subscriber's id in base 36, a dot, and the first 16 bytes
 * of HMAC-SHA256("unsubscribe:<id>") under the key kept in app_secrets, in base64url without padding.
 */

const database = withTestDatabase();
const SITE_URL = "https://news.byline.test";

beforeEach(async () => {
  await resetDatabase(database.db);
});

function links() {
  return createUnsubscribeLinks({ db: database.db, siteUrl: SITE_URL });
}

async function storedKey(): Promise<Buffer> {
  const [row] = await database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, "unsubscribe-link-key"));
  return Buffer.from(row!.value, "base64url");
}

function expectedSignature(key: Buffer, subscriberId: number): string {
  return createHmac("sha256", key).update(`unsubscribe:${subscriberId}`).digest().subarray(0, 16).toString("base64url");
}

describe("unsubscribe links", () => {
  it("writes the id in base 36 and 16 bytes of the HMAC under the stored key", async () => {
    const token = await links().tokenFor(1_000);
    const key = await storedKey();
    expect(key).toHaveLength(32);
    expect(token).toBe(`rs.${expectedSignature(key, 1_000)}`);
    expect(token.split(".")[1]).toHaveLength(22);
  });

  it("makes absolute links under the site's address", async () => {
    const service = links();
    const makeLink = await service.linkMaker();
    expect(makeLink(35)).toBe(`${SITE_URL}/unsubscribe/${await service.tokenFor(35)}`);
    expect(makeLink(35)).toMatch(/^https:\/\/news\.byline\.test\/unsubscribe\/z\.[A-Za-z0-9_-]{22}$/);
  });

  it("reads back the subscriber of a genuine token, the largest eight-digit id included", async () => {
    const service = links();
    expect(await service.verify(await service.tokenFor(1))).toBe(1);
    const largest = Number.parseInt("zzzzzzzz", 36);
    expect(await service.verify(await service.tokenFor(largest))).toBe(largest);
  });

  it("turns away a token for id 0, a nine-digit id, capitals, or another spelling of the same signature", async () => {
    const service = links();
    await service.tokenFor(1);
    const key = await storedKey();
    expect(await service.verify(`0.${expectedSignature(key, 0)}`)).toBeNull();
    const nineDigits = Number.parseInt("100000000", 36);
    expect(await service.verify(`100000000.${expectedSignature(key, nineDigits)}`)).toBeNull();
    expect(await service.verify(`Z.${expectedSignature(key, 35)}`)).toBeNull();
    expect(await service.verify(`z.${expectedSignature(key, 35)}`)).toBe(35);

    // The last character carries 2 bits of signature and 4 bits that must be zero: flipping one of those
    // decodes to the same bytes, but is not the spelling we write.
    const signature = expectedSignature(key, 35);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signature.at(-1)!);
    const respelled = `${signature.slice(0, -1)}${alphabet[last + 1]}`;
    expect(Buffer.from(respelled, "base64url")).toEqual(Buffer.from(signature, "base64url"));
    expect(await service.verify(`z.${respelled}`)).toBeNull();
  });

  it("turns away a token signed with another key", async () => {
    const service = links();
    await service.tokenFor(7);
    const otherKey = Buffer.alloc(32, 1);
    expect(await service.verify(`7.${expectedSignature(otherKey, 7)}`)).toBeNull();
    expect(await service.verify(`7.${expectedSignature(await storedKey(), 7)}`)).toBe(7);
  });

  it("turns away a genuine token with anything before or after it", async () => {
    const service = links();
    const token = await service.tokenFor(7);
    expect(await service.verify(token)).toBe(7);
    for (const garbled of [`-${token}`, `.${token}`, `${token}x`, `${token}-`, `${token}.`]) {
      expect(await service.verify(garbled), garbled).toBeNull();
    }
  });
});

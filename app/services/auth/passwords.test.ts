import { describe, expect, it } from "vitest";
import { WEAK_PASSWORD_MESSAGE } from "../../validation/admin";
import { hashNewPassword, hashPassword, verifyPassword } from "./passwords.server";

describe("password hashing", () => {
  it("stores a salted scrypt hash that verifies only the right password", async () => {
    const hash = await hashPassword("a long passphrase");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain("a long passphrase");
    expect(await verifyPassword("a long passphrase", hash)).toBe(true);
    expect(await verifyPassword("a long passphrasE", hash)).toBe(false);
    expect(await hashPassword("a long passphrase")).not.toBe(hash);
  });

  it("verifies a 128-character password only whole (ASVS 2.1.3: nothing is cut off)", async () => {
    const long = `${"correct horse battery staple ".repeat(4)}1234567890ab`.slice(0, 128);
    const hash = await hashPassword(long);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(`${long.slice(0, 127)}X`, hash)).toBe(false);
    expect(await verifyPassword(long.slice(0, 72), hash)).toBe(false);
  });

  it("never matches a malformed stored hash", async () => {
    expect(await verifyPassword("anything", "")).toBe(false);
    expect(await verifyPassword("anything", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$10$abc$def$ghi$jkl")).toBe(false);
  });

  // A hash stored by this version (N=2^15, r=8, p=1): what every existing admin row holds. A change to the
  // parameters scrypt is given would still verify its own new hashes, but no longer these.
  const STORED =
    "scrypt$32768$8$1$tPLJst_kDV9sRJXyQf-j3A$mkmRu6vdKHnTkuQttaWKCCb38S3Bmg8ccjh6OHvvGdx6mcBEX6ZtKv1rY3bX_PRxOArtqu6ScVSVOodciio1nw";

  it("verifies a hash stored earlier, and refuses it with a hash part cut short", async () => {
    expect(await verifyPassword("correct horse battery staple", STORED)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", STORED)).toBe(false);
    expect(await verifyPassword("correct horse battery staple", STORED.slice(0, -4))).toBe(false);
  });
});

describe("a new password", () => {
  it("is refused when it is too easy to guess: a leaked one, a keyboard row, a repetition, the person's own name (ASVS 2.1.7)", async () => {
    for (const weak of ["qwertyuiopasdf", "passwordpassword", "123412341234", "aaaaaaaaaaaa", "1qaz2wsx3edc"]) {
      await expect(hashNewPassword(weak), weak).rejects.toMatchObject({ code: "WEAK_PASSWORD", message: WEAK_PASSWORD_MESSAGE });
    }
    await expect(hashNewPassword("margaretwilson", ["margaretwilson"])).rejects.toMatchObject({ code: "WEAK_PASSWORD" });
  });

  it("is hashed when it is not", async () => {
    const hash = await hashNewPassword("correct horse battery staple", ["maya"]);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
  });
});

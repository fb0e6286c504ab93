import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.server";

describe("password hashing", () => {
  it("stores a salted scrypt hash that verifies only the right password", async () => {
    const hash = await hashPassword("a long passphrase");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain("a long passphrase");
    expect(await verifyPassword("a long passphrase", hash)).toBe(true);
    expect(await verifyPassword("a long passphrasE", hash)).toBe(false);
    expect(await hashPassword("a long passphrase")).not.toBe(hash);
  });

  it("never matches a malformed stored hash", async () => {
    expect(await verifyPassword("anything", "")).toBe(false);
    expect(await verifyPassword("anything", "plain-text-password")).toBe(false);
    expect(await verifyPassword("anything", "bcrypt$10$abc$def$ghi$jkl")).toBe(false);
  });
});

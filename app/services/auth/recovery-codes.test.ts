import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCode,
  normaliseRecoveryCode,
  recoveryCodeMatches,
} from "./recovery-codes.server";

describe("recovery codes", () => {
  it("are four groups of four characters that cannot be mistaken for one another, each different", () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("are stored as a salted hash that never contains the code, and match however they are typed", () => {
    const code = newRecoveryCode();
    const stored = hashRecoveryCode(code);
    expect(stored).not.toContain(normaliseRecoveryCode(code));
    expect(stored).not.toBe(hashRecoveryCode(code));
    expect(recoveryCodeMatches(code, stored)).toBe(true);
    expect(recoveryCodeMatches(` ${code.toUpperCase().replaceAll("-", " ")} `, stored)).toBe(true);
    expect(recoveryCodeMatches(newRecoveryCode(), stored)).toBe(false);
    expect(recoveryCodeMatches(code, "not a stored hash")).toBe(false);
  });

  it("are told apart from an app's six digits by their shape", () => {
    expect(looksLikeRecoveryCode(newRecoveryCode())).toBe(true);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
    expect(looksLikeRecoveryCode("")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  groupedSecret,
  hotp,
  matchingStep,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from "./totp.server";

// RFC 6238, appendix B: the SHA-1 seed is the ASCII "12345678901234567890", codes of 8 digits, 30-second steps.
const RFC_SEED = Buffer.from("12345678901234567890", "ascii");
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("gives RFC 6238's SHA-1 test vector at %i seconds", (seconds, code) => {
    expect(hotp(RFC_SEED, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it("gives RFC 4226's HOTP values for the first counters, six digits", () => {
    expect([0, 1, 2, 3, 9].map((counter) => hotp(RFC_SEED, counter))).toEqual(["755224", "287082", "359152", "969429", "520489"]);
  });

  it("reads and writes base32 as apps do, ignoring spaces, dashes and case", () => {
    const secret = base32Encode(RFC_SEED);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode(groupedSecret(secret).toLowerCase()).equals(RFC_SEED)).toBe(true);
    expect(groupedSecret(secret)).toBe("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
    expect(() => base32Decode("not base32!")).toThrow();
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it("accepts the code of the current step and of one step either side, and nothing further", () => {
    const secret = base32Encode(RFC_SEED);
    const now = new Date(1111111111 * 1000);
    const step = totpStep(now);
    const codeAt = (offset: number) => hotp(RFC_SEED, step + offset);
    expect(matchingStep(secret, codeAt(0), now)).toBe(step);
    expect(matchingStep(secret, codeAt(-1), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(1), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(-2), now)).toBeNull();
    expect(matchingStep(secret, codeAt(2), now)).toBeNull();
    expect(totpCode(secret, now)).toBe(codeAt(0));
  });

  it("takes a code typed with a space, and refuses anything that is not six digits", () => {
    const secret = base32Encode(RFC_SEED);
    const now = new Date(59_000);
    const code = totpCode(secret, now);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
    for (const typed of ["", "12345", "1234567", "abcdef", `${code}0`]) expect(matchingStep(secret, typed, now)).toBeNull();
  });

  it("writes the otpauth address authenticator apps scan", () => {
    expect(otpauthUri({ issuer: "Byline News", account: "chief@x", secret: "ABCD" })).toBe(
      "otpauth://totp/Byline%20News:chief%40x?secret=ABCD&issuer=Byline+News&algorithm=SHA1&digits=6&period=30",
    );
  });
});

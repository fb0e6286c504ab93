import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AdminPassword, AdminUsername, LOGIN_MESSAGES, LoginForm, minutesLeft, waitMessage } from "./admin";

/** The first message a schema gives for a value, as the form or the CLI would show it. */
function firstMessage(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`${JSON.stringify(value)} was accepted.`);
  return parsed.error.issues[0]?.message;
}

describe("LoginForm", () => {
  it.each(["", "   "])("asks for the username when it is %j", (username) => {
    expect(firstMessage(LoginForm, { username, password: "anything" })).toBe("Please enter your username");
  });

  it("asks for the password when it is empty", () => {
    expect(firstMessage(LoginForm, { username: "editor", password: "" })).toBe("Please enter your password");
  });

  it("answers an overlong username or password with the generic invalid text", () => {
    expect(firstMessage(LoginForm, { username: "a".repeat(101), password: "anything" })).toBe("Invalid username or password");
    expect(firstMessage(LoginForm, { username: "editor", password: "a".repeat(1001) })).toBe("Invalid username or password");
  });

  it("trims the username but keeps the password exactly as typed", () => {
    expect(LoginForm.parse({ username: "  Editor ", password: " pass word " })).toEqual({
      username: "Editor",
      password: " pass word ",
    });
  });
});

describe("AdminUsername", () => {
  it.each(["ed", "Editor", "jane.doe", "j_doe-2", "desk@example.com", "a".repeat(50)])("accepts %j", (name) => {
    expect(AdminUsername.parse(name)).toBe(name);
  });

  it("trims the name", () => {
    expect(AdminUsername.parse("  Editor\n")).toBe("Editor");
  });

  it.each(["", "e", " e ", "a".repeat(51)])("refuses %j as the wrong length", (name) => {
    expect(firstMessage(AdminUsername, name)).toBe("must be 2 to 50 characters");
  });

  it.each(["jane doe", "editor!", "éditeur", "a/b", "<script>"])("refuses %j for its characters", (name) => {
    expect(firstMessage(AdminUsername, name)).toBe("may use only letters, digits and . _ @ -");
  });
});

describe("AdminPassword", () => {
  it("accepts 12 to 128 characters of anything, spaces and emoji included (ASVS 2.1.1, 2.1.2, 2.1.4)", () => {
    expect(AdminPassword.parse("012345678901")).toBe("012345678901");
    expect(AdminPassword.parse("  spaced  out  ")).toBe("  spaced  out  ");
    expect(AdminPassword.parse("Grüße 🦊 aus Köln")).toBe("Grüße 🦊 aus Köln");
    expect(AdminPassword.parse("x".repeat(128))).toHaveLength(128);
  });

  it("refuses a password under 12 characters, counting a run of spaces as one, or over 128", () => {
    expect(firstMessage(AdminPassword, "01234567890")).toBe("must be at least 12 characters");
    expect(firstMessage(AdminPassword, "short     pw")).toBe("must be at least 12 characters");
    expect(firstMessage(AdminPassword, "x".repeat(129))).toBe("must be at most 128 characters");
  });
});

describe("sign-in messages", () => {
  it("uses the spec's wording", () => {
    expect(LOGIN_MESSAGES).toEqual({
      invalid: "Invalid username or password",
      failed: "Authentication failed",
      suspended: "This account is suspended. Ask an administrator to reactivate it.",
      limited: "Too many sign-in attempts from your network. Try again in N minutes.",
      locked: "Account temporarily locked. Try again in N minutes.",
    });
  });

  it("says how many minutes are left, rounded up", () => {
    expect(waitMessage(LOGIN_MESSAGES.locked, 15 * 60_000)).toBe("Account temporarily locked. Try again in 15 minutes.");
    expect(waitMessage(LOGIN_MESSAGES.locked, 14 * 60_000 + 1)).toBe("Account temporarily locked. Try again in 15 minutes.");
    expect(waitMessage(LOGIN_MESSAGES.limited, 61_000)).toBe(
      "Too many sign-in attempts from your network. Try again in 2 minutes.",
    );
  });

  it('says "1 minute", never "0 minutes" or "1 minutes"', () => {
    expect(waitMessage(LOGIN_MESSAGES.locked, 60_000)).toBe("Account temporarily locked. Try again in 1 minute.");
    expect(waitMessage(LOGIN_MESSAGES.locked, 1)).toBe("Account temporarily locked. Try again in 1 minute.");
    expect(waitMessage(LOGIN_MESSAGES.locked, 0)).toBe("Account temporarily locked. Try again in 1 minute.");
  });

  it("counts minutes left the same way", () => {
    expect([0, 1, 60_000, 60_001, 900_000].map(minutesLeft)).toEqual([1, 1, 1, 2, 15]);
  });
});

import { describe, expect, it } from "vitest";
import { EMAIL_PATTERN, isPlainMailbox, normalizedEmail } from "./email";
import { NewsletterSignup } from "./newsletter";

describe("the address rule: one plain mailbox", () => {
  it.each([
    "reader@example.com",
    "first.last+news@mail.example.co.uk",
    "o'brien@example.ie",
    "user_name-1@sub.example.org",
    "Reader@Example.COM",
    "jürgen@exämple.de",
  ])("accepts %j", (email) => {
    expect(isPlainMailbox(email)).toBe(true);
    expect(NewsletterSignup.safeParse({ email }).success).toBe(true);
  });

  it.each([
    ["a comma list", "1,victim@example.com"],
    ["a comma list of two", "me@example.com,victim@example.com"],
    ["a semicolon list", "me@example.com;victim@example.com"],
    ["a colon", "x:victim@example.com"],
    ["a group", "x:victim@example.com;"],
    ["an angle-bracket address", "<victim@example.com>"],
    ["a display name", "Victim <victim@example.com>"],
    ["a quoted local part", '"victim"@example.com'],
    ["a comment", "victim(comment)@example.com"],
    ["a domain literal", "victim@[127.0.0.1]"],
    ["a backslash", "vic\\tim@example.com"],
    ["a space", "vic tim@example.com"],
    ["a tab", "victim@example.com\tx"],
    ["a line break", "victim@example.com\nBcc: other@example.com"],
    ["a NUL", "victim\u0000@example.com"],
    ["a DEL", "victim\u007f@example.com"],
    ["a C1 control", "victim\u0085@example.com"],
    ["a no-break space", "victim\u00a0@example.com"],
    ["two @", "a@b@example.com"],
    ["no dot in the domain", "victim@localhost"],
    ["no local part", "@example.com"],
    ["255 characters", `${"a".repeat(243)}@example.com`],
  ])("refuses %s: %j", (_label, email) => {
    expect(isPlainMailbox(email)).toBe(false);
    const parsed = NewsletterSignup.safeParse({ email });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });

  it("accepts exactly 254 characters", () => {
    const email = `${"a".repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    expect(isPlainMailbox(email)).toBe(true);
  });

  it("is one pattern the browser can run (a plain RegExp)", () => {
    expect(EMAIL_PATTERN).toBeInstanceOf(RegExp);
    expect(EMAIL_PATTERN.flags).toBe("u");
  });

  it("compares addresses case-insensitively: the stored form is trimmed and lower-cased", () => {
    expect(normalizedEmail("  Reader@Example.COM ")).toBe("reader@example.com");
    expect(normalizedEmail("READER@example.com")).toBe(normalizedEmail("reader@EXAMPLE.com"));
  });
});

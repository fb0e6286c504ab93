import { describe, expect, it } from "vitest";
import { isNewsletterOutcome, NEWSLETTER_MESSAGES, NewsletterSignup, newsletterOutcomeOf } from "./newsletter";

/** What the form would show for an input: the first message, and the outcome the block displays. */
function rejection(email: unknown) {
  const parsed = NewsletterSignup.safeParse({ email });
  if (parsed.success) throw new Error(`${JSON.stringify(email)} was accepted.`);
  return { message: parsed.error.issues[0]?.message, outcome: newsletterOutcomeOf(parsed.error) };
}

describe("NewsletterSignup", () => {
  it.each(["", "   ", "\t\n"])("asks for an address when the field is %j", (email) => {
    expect(rejection(email)).toEqual({ message: "Please enter your email address", outcome: "required" });
  });

  it.each(["a@b", "a b@c.d", "@x.y", "reader@", "reader.example.com", "a@b@c.d", "a@b.", "a@.c d"])(
    "rejects %j as not a valid address",
    (email) => {
      expect(rejection(email)).toEqual({ message: "Please enter a valid email address", outcome: "invalid" });
    },
  );

  it("rejects an address longer than 254 characters", () => {
    expect(rejection(`${"a".repeat(250)}@b.co`)).toEqual({ message: "Please enter a valid email address", outcome: "invalid" });
  });

  it("treats a missing field as invalid input rather than accepting it", () => {
    expect(rejection(undefined).outcome).toBe("invalid");
  });

  it("accepts a well-formed address and trims it, leaving its case alone", () => {
    expect(NewsletterSignup.parse({ email: "Reader@Example.com " })).toEqual({ email: "Reader@Example.com" });
    expect(NewsletterSignup.parse({ email: "first.last+news@mail.example.co.uk" })).toEqual({
      email: "first.last+news@mail.example.co.uk",
    });
  });
});

describe("newsletter messages", () => {
  it("uses the spec's wording", () => {
    expect(NEWSLETTER_MESSAGES).toMatchObject({
      subscribed: "Thanks for subscribing!",
      required: "Please enter your email address",
      invalid: "Please enter a valid email address",
      failed: "Failed to subscribe. Please try again later.",
    });
  });

  it("recognises only known outcomes from the URL", () => {
    for (const outcome of Object.keys(NEWSLETTER_MESSAGES)) expect(isNewsletterOutcome(outcome)).toBe(true);
    expect(isNewsletterOutcome(null)).toBe(false);
    expect(isNewsletterOutcome("")).toBe(false);
    expect(isNewsletterOutcome("toString")).toBe(false);
    expect(isNewsletterOutcome("Subscribed")).toBe(false);
  });
});

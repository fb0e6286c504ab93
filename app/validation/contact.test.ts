import { describe, expect, it } from "vitest";
import {
  checkContactMessage,
  CONTACT_INVALID_EMAIL_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_SUBJECTS,
  ContactMessage,
} from "./contact";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Story Tip", message: "A lead about a new chip." };

describe("ContactMessage", () => {
  it("accepts a complete message and trims every field", () => {
    const result = ContactMessage.parse({ name: "  Ada  ", email: " ada@example.com ", subject: "Feedback", message: " Hi \n" });
    expect(result).toEqual({ name: "Ada", email: "ada@example.com", subject: "Feedback", message: "Hi" });
  });

  it("offers the spec's seven subjects in order", () => {
    expect(CONTACT_SUBJECTS).toEqual([
      "General Inquiry",
      "Story Tip",
      "Press Inquiry",
      "Technical Issue",
      "Partnership Opportunity",
      "Feedback",
      "Other",
    ]);
    for (const subject of CONTACT_SUBJECTS) expect(ContactMessage.safeParse({ ...valid, subject }).success).toBe(true);
  });

  it.each(["name", "email", "subject", "message"] as const)("requires %s", (field) => {
    expect(checkContactMessage({ ...valid, [field]: "   " })).toEqual({
      ok: false,
      message: CONTACT_REQUIRED_MESSAGE,
      fields: [field],
    });
  });

  it("treats a missing or non-text field as empty", () => {
    expect(checkContactMessage({ ...valid, message: null })).toEqual({
      ok: false,
      message: CONTACT_REQUIRED_MESSAGE,
      fields: ["message"],
    });
  });

  it("names every empty field", () => {
    const check = checkContactMessage({ name: "", email: "", subject: "General Inquiry", message: "" });
    expect(check).toEqual({ ok: false, message: CONTACT_REQUIRED_MESSAGE, fields: ["name", "email", "message"] });
  });

  it("refuses a subject that is not on the list as missing", () => {
    expect(checkContactMessage({ ...valid, subject: "Lottery win" })).toEqual({
      ok: false,
      message: CONTACT_REQUIRED_MESSAGE,
      fields: ["subject"],
    });
  });

  it("reports missing fields before a malformed e-mail address", () => {
    expect(checkContactMessage({ ...valid, email: "nope", message: "" })).toMatchObject({ message: CONTACT_REQUIRED_MESSAGE });
  });

  it.each(["ada", "ada@example", "@example.com", "ada@.com", "ada lovelace@example.com", "ada@exam ple.com", "ada@@example.com"])(
    "refuses the e-mail address %j",
    (email) => {
      expect(checkContactMessage({ ...valid, email })).toEqual({
        ok: false,
        message: CONTACT_INVALID_EMAIL_MESSAGE,
        fields: ["email"],
      });
    },
  );

  it.each(["a@b.co", "first.last+news@sub.example.org"])("accepts the e-mail address %j", (email) => {
    expect(checkContactMessage({ ...valid, email })).toEqual({ ok: true, value: { ...valid, email } });
  });
});

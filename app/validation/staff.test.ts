import { describe, expect, it } from "vitest";
import { InvitationForm, ProfileForm, firstProblem } from "./staff";

const RESERVED = '"Staff" and "Correspondent" sign the articles that no staff member wrote. Please choose another name.';

const profile = (displayName: string) => ({ displayName, roleLine: "", bio: "", avatar: "", links: "" });

describe("the display name", () => {
  it.each(["Correspondent", " correspondent ", "Staff", "STAFF"])("refuses %j in a profile with a plain sentence", (name) => {
    const parsed = ProfileForm.safeParse(profile(name));
    expect(parsed.success).toBe(false);
    expect(firstProblem(parsed.error!)).toBe(RESERVED);
  });

  it("refuses it in an invitation too", () => {
    const parsed = InvitationForm.safeParse({ name: "Correspondent", email: "c@example.com", role: "author" });
    expect(parsed.success).toBe(false);
    expect(firstProblem(parsed.error!)).toBe(RESERVED);
  });

  it("accepts names that only contain those words", () => {
    expect(ProfileForm.safeParse(profile("Staff Writer Maya")).success).toBe(true);
    expect(ProfileForm.safeParse(profile("Tech Correspondent")).success).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { describeEventDetail, securityEventLabel } from "./security-events";

describe("security events in words", () => {
  it("names each kind, and an unknown one as it is", () => {
    expect(securityEventLabel("second-step-failed")).toBe("Second step failed");
    expect(securityEventLabel("something-new")).toBe("something-new");
  });

  it("says a role change from role to role, and other details as name and value", () => {
    expect(describeEventDetail("role-changed", { from: "author", to: "editor" })).toBe("Author to Editor");
    expect(describeEventDetail("invitation-sent", { email: "ann@example.com", role: "contributor" })).toBe(
      "email: ann@example.com; role: Contributor",
    );
    expect(describeEventDetail("sign-in", {})).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { normaliseOldPath } from "./old-addresses";

describe("normaliseOldPath", () => {
  it("drops the trailing slash of a path but keeps the root and the query", () => {
    expect(normaliseOldPath("/my-post/")).toBe("/my-post");
    expect(normaliseOldPath("/2025/03/my-post//")).toBe("/2025/03/my-post");
    expect(normaliseOldPath("/my-post")).toBe("/my-post");
    expect(normaliseOldPath("/")).toBe("/");
    expect(normaliseOldPath("/?p=42")).toBe("/?p=42");
  });
});

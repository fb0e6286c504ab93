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

  it("reads a slug the same whether its non-ASCII letters are escaped in lower or upper case, or not at all", () => {
    expect(normaliseOldPath("/caf%c3%a9/")).toBe("/café");
    expect(normaliseOldPath("/caf%C3%A9")).toBe("/café");
    expect(normaliseOldPath("/café")).toBe("/café");
    expect(normaliseOldPath("/bad%E0%A4%A")).toBe("/bad%E0%A4%A");
  });
});

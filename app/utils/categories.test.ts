import { describe, expect, it } from "vitest";
import { categoryFromSlug, categorySlug, isCategory } from "./categories";

describe("categories", () => {
  it("matches slugs case-insensitively and keeps an unknown slug as given", () => {
    expect(categoryFromSlug("ai")).toBe("AI");
    expect(categoryFromSlug("STARTUPS")).toBe("Startups");
    expect(categoryFromSlug("sEcUrItY")).toBe("Security");
    expect(categoryFromSlug("robots")).toBe("robots");
    expect(categoryFromSlug("Robots")).toBe("Robots");
    expect(categorySlug("Security")).toBe("security");
    expect(isCategory("Cloud")).toBe(true);
    expect(isCategory("cloud")).toBe(false);
  });
});

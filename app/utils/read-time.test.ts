import { describe, expect, it } from "vitest";
import {
  countWords,
  DEFAULT_READ_TIME,
  formatReadTime,
  GENERATED_READ_TIME_MAX,
  GENERATED_READ_TIME_MIN,
  generatedReadTime,
  READ_TIME_WORDS_PER_MINUTE,
  readingMinutes,
} from "./read-time";

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

describe("countWords", () => {
  it("counts words, not markdown punctuation", () => {
    expect(countWords("## **A heading**\n\n- one item\n\n---\n\n> It's 2025.")).toBe(6);
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\t ")).toBe(0);
  });
});

describe("generatedReadTime", () => {
  it("is words / 200 rounded up", () => {
    expect(READ_TIME_WORDS_PER_MINUTE).toBe(200);
    expect(generatedReadTime(words(800))).toBe(4);
    expect(generatedReadTime(words(801))).toBe(5);
    expect(generatedReadTime(words(1200))).toBe(6);
  });

  it("is clamped to 3..6 minutes", () => {
    expect([GENERATED_READ_TIME_MIN, GENERATED_READ_TIME_MAX]).toEqual([3, 6]);
    expect(generatedReadTime("")).toBe(3);
    expect(generatedReadTime(words(150))).toBe(3);
    expect(generatedReadTime(words(401))).toBe(3);
    expect(generatedReadTime(words(1201))).toBe(6);
    expect(generatedReadTime(words(5000))).toBe(6);
  });
});

describe("readingMinutes", () => {
  it("is words / 200 rounded up, within the 1..15 minutes an editor may set", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(3000)).toBe(15);
    expect(readingMinutes(3001)).toBe(15);
    expect(readingMinutes(401, 3, 6)).toBe(3);
  });
});

describe("formatReadTime", () => {
  it('writes "N min read"', () => {
    expect(formatReadTime(4)).toBe("4 min read");
    expect(formatReadTime(15)).toBe("15 min read");
  });

  it("shows the default of 5 when the value is missing", () => {
    expect(DEFAULT_READ_TIME).toBe(5);
    expect(formatReadTime(null)).toBe("5 min read");
    expect(formatReadTime(undefined)).toBe("5 min read");
    expect(formatReadTime(Number.NaN)).toBe("5 min read");
    expect(formatReadTime(0)).toBe("5 min read");
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../domain/sections";
import {
  CATEGORY_STOCK_IMAGE,
  emailSafeImageUrl,
  IMAGE_KEYWORDS,
  imageForArticle,
  STOCK_IMAGES,
  stockImageUrl,
} from "./stock-images";

const article = (title: string, excerpt = "A short summary of the week.", category = "Software") => ({
  title,
  excerpt,
  category,
});

describe("stockImageUrl", () => {
  it("serves each of the 15 covers from the site itself", () => {
    expect(STOCK_IMAGES).toHaveLength(15);
    expect(stockImageUrl("VR/AR")).toBe("/images/stock/vr-ar.svg");
  });
});

describe("emailSafeImageUrl", () => {
  it("sends the PNG copy of a stock cover, on the site or with its origin", () => {
    expect(emailSafeImageUrl("/images/stock/vr-ar.svg")).toBe("/images/stock/email/vr-ar.png");
    expect(emailSafeImageUrl("https://news.example.com/images/stock/ai-technology.svg")).toBe(
      "https://news.example.com/images/stock/email/ai-technology.png",
    );
    expect(emailSafeImageUrl("http://localhost:3000/images/stock/general-tech.svg")).toBe(
      "http://localhost:3000/images/stock/email/general-tech.png",
    );
  });

  it("leaves every other image alone", () => {
    for (const url of [
      "https://news.example.com/uploads/2026/11/cover.jpg",
      "https://cdn.example.org/images/stock/ai-technology.png",
      "/images/stock/email/vr-ar.png",
      "/images/stock/not-a-stock-cover.svg",
      "/uploads/images/stock/vr-ar.svg",
      "https://news.example.com/images/stock/vr-ar.svg?v=2",
      "",
    ]) {
      expect(emailSafeImageUrl(url)).toBe(url);
    }
  });

  it("has a PNG copy of every stock cover, 600x338 and small enough for mail", () => {
    for (const label of STOCK_IMAGES.map((image) => image.label)) {
      const png = readFileSync(new URL(`../../public${emailSafeImageUrl(stockImageUrl(label))}`, import.meta.url));
      expect(png.subarray(1, 4).toString("ascii"), label).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], label).toEqual([600, 338]);
      expect(png.length, label).toBeLessThan(80 * 1024);
    }
  });
});

describe("imageForArticle", () => {
  it("checks the spec's keywords in the spec's order, each mapped to a cover", () => {
    expect(IMAGE_KEYWORDS.map(({ keyword, label }) => [keyword, label])).toEqual([
      ["AI", "AI/Technology"],
      ["Apple", "Apple Products"],
      ["Google", "Google/Android"],
      ["Microsoft", "Microsoft/Windows"],
      ["Tesla", "Tesla/Electric Vehicle"],
      ["Meta", "Social Media"],
      ["security", "Security/Protection"],
      ["cloud", "Cloud/Data Center"],
      ["startups", "Startup/Business"],
      ["mobile", "Mobile/Smartphone"],
      ["gadgets", "Gadgets/Hardware"],
      ["software", "Software/Code"],
      ["crypto", "Cryptocurrency"],
      ["VR", "VR/AR"],
    ]);
  });

  it.each([
    ["New AI model tops the benchmarks", "AI/Technology"],
    ["OpenAI opens its reasoning model to every developer", "AI/Technology"],
    ["ChatGPT learns to book restaurant tables", "AI/Technology"],
    ["Apple ships a thinner laptop", "Apple Products"],
    ["The iPhone gets satellite texting", "Apple Products"],
    ["Google rewrites its search results page", "Google/Android"],
    ["Android 17 lands on older phones", "Google/Android"],
    ["Microsoft reorganises its gaming unit", "Microsoft/Windows"],
    ["Tesla recalls 2 million cars", "Tesla/Electric Vehicle"],
    ["Electric vehicle sales slow in Europe", "Tesla/Electric Vehicle"],
    ["Meta opens its messaging to rivals", "Social Media"],
    ["Ransomware gang hits a hospital chain", "Security/Protection"],
    ["Security flaw found in popular router", "Security/Protection"],
    ["Cloud prices rise for the first time", "Cloud/Data Center"],
    ["Startups face a tougher funding market", "Startup/Business"],
    ["Mobile carriers merge in Germany", "Mobile/Smartphone"],
    ["The best gadgets of the summer", "Gadgets/Hardware"],
    ["Software engineers debate the new language", "Software/Code"],
    ["Bitcoin passes a new high", "Cryptocurrency"],
    ["Crypto exchange files for bankruptcy", "Cryptocurrency"],
    ["VR headsets get lighter", "VR/AR"],
    ["Augmented reality glasses enter the market", "VR/AR"],
  ])("%s gets the %s cover", (title, label) => {
    expect(imageForArticle(article(title, "Nothing more to say here."))).toBe(stockImageUrl(label as never));
  });

  it("takes the first keyword in the spec's order, not the first in the text", () => {
    expect(imageForArticle(article("Security researchers find a flaw in Apple's AI"))).toBe(stockImageUrl("AI/Technology"));
    expect(imageForArticle(article("Cloud outage hits Microsoft customers"))).toBe(stockImageUrl("Microsoft/Windows"));
  });

  it("matches names and acronyms as whole words with their capitals", () => {
    // "said", "maintain", "apple pie", "metadata", "windows" and "AIR" are not the keywords.
    expect(
      imageForArticle(article("He said the maintainers like apple pie", "Metadata about windows and AIR quality.", "Gadgets")),
    ).toBe(stockImageUrl("Gadgets/Hardware"));
    expect(imageForArticle(article("Ai Weiwei opens a show", "An artist's retrospective.", "Startups"))).toBe(
      stockImageUrl("Startup/Business"),
    );
    expect(imageForArticle(article("Why AI-powered search is everywhere"))).toBe(stockImageUrl("AI/Technology"));
    expect(imageForArticle(article("Chatbots get memory", "Artificial intelligence assistants now remember."))).toBe(
      stockImageUrl("AI/Technology"),
    );
    expect(imageForArticle(article("SECURITY update for routers", "Patch now.", "Mobile"))).toBe(
      stockImageUrl("Security/Protection"),
    );
  });

  it("reads the content only when the title and excerpt name no keyword", () => {
    const content = "Tesla and Google are both mentioned here, and so is AI.";
    expect(imageForArticle({ ...article("Chip makers race to 2 nm", "Foundries spend billions."), content })).toBe(
      stockImageUrl("AI/Technology"),
    );
    expect(imageForArticle({ ...article("Google changes its ad rules", "Advertisers react."), content })).toBe(
      stockImageUrl("Google/Android"),
    );
  });

  it("falls back to the category's cover, then to the Software cover", () => {
    for (const category of CATEGORIES) {
      expect(imageForArticle(article("Chip makers race to 2 nm", "Foundries spend billions.", category))).toBe(
        stockImageUrl(CATEGORY_STOCK_IMAGE[category]),
      );
    }
    expect(imageForArticle(article("Chip makers race to 2 nm", "Foundries spend billions.", "Sports"))).toBe(
      stockImageUrl("Software/Code"),
    );
  });
});

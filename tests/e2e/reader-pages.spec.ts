import sharp from "sharp";
import type { Page } from "@playwright/test";
import { CATEGORIES } from "../../app/domain/sections";
import { accessibilityViolations, expect, test } from "./fixtures";
import {
  articlePath,
  authorOf,
  categoryPath,
  coverPath,
  socialCardPath,
  draft,
  htmlClasses,
  imageAttributes,
  NOT_FOUND_CONSOLE_ERROR,
  possibleDates,
  published,
  publishedIn,
  relatedTo,
  seeded,
  siteOrigin,
} from "./support";

/** An AI-assisted story with sources, and a hand-written one without. */
const generated = seeded.find((article) => article.isAiGenerated && article.publishedDaysAgo !== null && article.sources)!;
const handWritten = seeded.find((article) => !article.isAiGenerated && article.publishedDaysAgo !== null && !article.sources)!;

/** The page's main story (the related cards are <article>s too, outside it). */
function mainArticle(page: Page) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
}

function cardTitles(page: Page, region: string) {
  return page.getByRole("region", { name: region }).getByRole("heading", { level: 3 });
}

test.describe("category pages", () => {
  for (const category of CATEGORIES) {
    test(`${categoryPath(category)} lists its published stories newest first, without drafts`, async ({ page }) => {
      const expected = publishedIn(category);
      expect(expected.length, "the demo data has stories in every category").toBeGreaterThan(0);
      const response = await page.goto(categoryPath(category));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${category} News | Byline`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${category} News`);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
        ...expected.map((article) => article.title),
        "Stay in the loop",
      ]);
      for (const article of expected) {
        await expect(page.getByRole("link", { name: article.title })).toHaveAttribute("href", articlePath(article));
      }
      await expect(page.getByRole("heading", { name: "No articles found" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    });
  }

  test("a category's draft is never listed", async ({ page }) => {
    await page.goto(categoryPath(draft.category));
    await expect(page.getByRole("heading", { level: 2, name: publishedIn(draft.category)[0]!.title })).toBeVisible();
    await expect(page.getByText(draft.title)).toHaveCount(0);
  });

  test("shows a subtitle under the heading and the newsletter block", async ({ page }) => {
    await page.goto("/category/ai");
    await expect(page.getByText("Models, research, tools and the companies building artificial intelligence.")).toBeVisible();
    const newsletter = page.getByRole("region", { name: "Stay in the loop" });
    await expect(newsletter).toHaveAttribute("id", "newsletter");
    await expect(newsletter.getByLabel("Email address")).toBeVisible();
  });

  test("the slug matches case-insensitively", async ({ page }) => {
    const response = await page.goto("/category/AI");
    expect(response?.status()).toBe(200);
    // One address per page: the capitals are sent to the lower-case address (308).
    await expect(page).toHaveURL(/\/category\/ai$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI News");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      ...publishedIn("AI").map((article) => article.title),
      "Stay in the loop",
    ]);

    await page.goto("/category/StartUps");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Startups News");
    await expect(page.getByRole("link", { name: publishedIn("Startups")[0]!.title })).toBeVisible();
  });

  test("?page=1 and a malformed ?page= show the first page", async ({ page }) => {
    const first = publishedIn("Cloud")[0]!;
    await page.goto("/category/cloud?page=1");
    await expect(page.getByRole("link", { name: first.title })).toBeVisible();
    await page.goto("/category/cloud?page=abc");
    await expect(page.getByRole("link", { name: first.title })).toBeVisible();
  });

  test("every story card has a cover with width and height; the first loads at once, the others lazily", async ({ page }) => {
    await page.goto("/category/security");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(publishedIn("Security").length);
    const images = await imageAttributes(page);
    expect(images).toHaveLength(publishedIn("Security").length);
    for (const [index, image] of images.entries()) {
      // The first card's cover is the page's first image, above the fold (decision 025).
      expect(image).toMatchObject({
        width: expect.stringMatching(/^\d+$/),
        height: expect.stringMatching(/^\d+$/),
        loading: index === 0 ? "eager" : "lazy",
        fetchPriority: index === 0 ? "high" : null,
      });
    }
  });
});

test.describe("category pages: unknown category", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_ERROR] });

  test("an unknown slug answers 404 with the empty state, named as given", async ({ page }) => {
    const response = await page.goto("/category/robots");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Robots News");
    await expect(page.getByRole("heading", { level: 2, name: "No articles found" })).toBeVisible();
    await expect(page.getByText("We couldn't find any articles in the Robots category.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  });
});

test.describe("article page", () => {
  test(`shows the whole story: ${generated.title}`, async ({ page }) => {
    const response = await page.goto(articlePath(generated));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${generated.title} | Byline`);
    const story = mainArticle(page);
    const author = authorOf(generated);

    await expect(story.getByRole("link", { name: `Back to ${generated.category}` })).toHaveAttribute(
      "href",
      categoryPath(generated.category),
    );
    await expect(story.getByText(generated.category, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(generated.title);
    await expect(story.getByText(generated.excerpt)).toBeVisible();
    await expect(story.getByText(author.name, { exact: true })).toBeVisible();
    await expect(story.getByText(author.role, { exact: true })).toBeVisible();
    await expect(story.getByText(`${generated.readTime} min read`)).toBeVisible();
    await expect(story.getByRole("button", { name: "Share" })).toBeVisible();

    const date = await story.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).textContent();
    expect(possibleDates(generated)).toContain(date);

    const images = story.locator("img");
    await expect(images.first()).toHaveAttribute("src", author.avatar);
    await expect(images.nth(1)).toHaveAttribute("src", coverPath(generated));
  });

  test("renders the markdown body, two ad slots and the sources line", async ({ page }) => {
    await page.goto(articlePath(generated));
    const story = mainArticle(page);
    // The first "## " heading of the body becomes an h2.
    const firstHeading = /^## \*{0,2}(.+?)\*{0,2}$/m.exec(generated.content)![1]!;
    await expect(story.getByRole("heading", { level: 2, name: firstHeading })).toBeVisible();
    await expect(story.getByText("Demo content: this story is fictional")).toBeVisible();
    await expect(story.getByText("Advertisement", { exact: true })).toHaveCount(2);

    const sources = story.getByRole("complementary", { name: "Sources" });
    await expect(sources).toHaveText(`This article is based on information from: ${generated.sources}`);
  });

  test("an AI-generated story carries the AI-assisted label; a hand-written one neither it nor a sources line", async ({
    page,
  }) => {
    await page.goto(articlePath(generated));
    await expect(mainArticle(page).getByText("AI-assisted", { exact: true })).toBeVisible();

    await page.goto(articlePath(handWritten));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(handWritten.title);
    await expect(mainArticle(page).getByText("AI-assisted", { exact: true })).toHaveCount(0);
    await expect(page.getByText("This article is based on information from:")).toHaveCount(0);
  });

  for (const article of [generated, handWritten, published.at(-1)!]) {
    test(`"You might also like" shows 3 other published stories, same category first (article ${article.id}, ${article.category})`, async ({
      page,
    }) => {
      await page.goto(articlePath(article));
      const related = relatedTo(article);
      await expect(cardTitles(page, "You might also like")).toHaveText(related.map((other) => other.title));
      await expect(
        page.getByRole("region", { name: "You might also like" }).getByRole("link", { name: article.title }),
      ).toHaveCount(0);
      for (const other of related) {
        await expect(page.getByRole("link", { name: other.title })).toHaveAttribute("href", articlePath(other));
      }
    });
  }

  test("carries NewsArticle structured data and social meta tags", async ({ page }) => {
    await page.goto(articlePath(handWritten));
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as Record<
      string,
      unknown
    >;
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: handWritten.title,
      description: handWritten.excerpt,
      articleSection: handWritten.category,
      author: [{ "@type": "Person", name: handWritten.author }],
    });

    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${handWritten.title} | Byline`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(new URL(ogImage!).pathname, "og:image is an absolute URL of the cover's social card").toBe(
      socialCardPath(handWritten),
    );
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical!).pathname).toBe(articlePath(handWritten));
  });

  test("link previews get a raster of at least 1200x630 with its size and alt text, never the SVG cover", async ({
    page,
    request,
  }) => {
    await page.goto(articlePath(handWritten));
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute("content");
    const ogImage = (await meta('property="og:image"')) ?? "";
    expect(ogImage).toMatch(/\.(?:jpe?g|png|webp)$/);
    expect(await meta('name="twitter:image"')).toBe(ogImage);
    expect(await meta('property="og:image:width"')).toBe("1200");
    expect(await meta('property="og:image:height"')).toBe("630");
    expect(await meta('property="og:image:alt"')).toBe(handWritten.title);
    expect(await meta('name="twitter:image:alt"')).toBe(handWritten.title);
    const card = await request.get(new URL(ogImage).pathname);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toMatch(/^image\/(?:jpeg|png|webp)$/);
    const { width = 0, height = 0 } = await sharp(await card.body()).metadata();
    expect(width).toBeGreaterThanOrEqual(1200);
    expect(height).toBeGreaterThanOrEqual(630);
    // NewsArticle's image: the 16x9, 4x3 and 1x1 crops of the cover, each over 50,000 pixels.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
      image?: string[];
    };
    expect(jsonLd.image?.map((address) => new URL(address).pathname.split("/").at(-1))).toEqual([
      "16x9.jpg",
      "4x3.jpg",
      "1x1.jpg",
    ]);
  });

  test("canonical, og:url, og:image and JSON-LD name the site's own address", async ({ page, baseURL }) => {
    const origin = siteOrigin(baseURL);
    await page.goto(articlePath(handWritten));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}${articlePath(handWritten)}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin}${articlePath(handWritten)}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${origin}${socialCardPath(handWritten)}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
      mainEntityOfPage?: { "@id"?: string };
    };
    expect(jsonLd.mainEntityOfPage?.["@id"]).toBe(`${origin}${articlePath(handWritten)}`);
  });

  test("every image has width and height; the cover loads eagerly, the related covers lazily", async ({ page }) => {
    await page.goto(articlePath(handWritten));
    await expect(cardTitles(page, "You might also like")).toHaveCount(3);
    const images = await imageAttributes(page);
    for (const image of images) {
      expect(image.width, `${image.src} has a width`).toMatch(/^\d+$/);
      expect(image.height, `${image.src} has a height`).toMatch(/^\d+$/);
    }
    const cover = images.find((image) => image.fetchPriority === "high");
    expect(cover).toMatchObject({ src: coverPath(handWritten), loading: "eager" });
    const relatedCovers = await page.getByRole("region", { name: "You might also like" }).locator("img").all();
    expect(relatedCovers).toHaveLength(3);
    for (const image of relatedCovers) await expect(image).toHaveAttribute("loading", "lazy");
  });

  test("the back link returns to the category", async ({ page }) => {
    await page.goto(articlePath(handWritten));
    await page.getByRole("link", { name: `Back to ${handWritten.category}` }).click();
    await expect(page).toHaveURL(categoryPath(handWritten.category));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${handWritten.category} News`);
  });
});

test.describe("article page on paper", () => {
  /** A story whose body links to another site. */
  const linking = published.find((article) => /\]\(https:\/\//.test(article.content))!;

  /** What a reader sees of the page now: the headline's colour and the page's background. */
  const colours = (page: Page) =>
    page.evaluate(() => ({
      headline: getComputedStyle(document.querySelector("h1")!).color,
      background: getComputedStyle(document.body).backgroundColor,
    }));

  test("prints in the light palette whatever the theme, with only the site's name above the story", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light", media: "screen" });
    await page.goto(articlePath(linking));
    const light = await colours(page);

    await page.emulateMedia({ colorScheme: "dark", media: "screen" });
    await page.reload();
    expect(await htmlClasses(page)).toContain("dark");
    const dark = await colours(page);
    expect(dark.headline, "the screen is dark").not.toBe(light.headline);

    const banner = page.getByRole("banner");
    const screenOnly = [
      banner.getByRole("combobox", { name: "Search articles" }).first(),
      banner.getByRole("navigation", { name: "Main" }),
      banner.getByRole("link", { name: "Subscribe", exact: true }),
      banner.getByRole("button", { name: "Switch to light theme", exact: true }),
      page.getByRole("button", { name: "Share", exact: true }),
      page.getByRole("link", { name: `Back to ${linking.category}` }),
      page.getByRole("contentinfo"),
      page.getByText("Advertisement", { exact: true }).first(),
      page.getByRole("heading", { name: "You might also like" }),
    ];
    for (const control of screenOnly) await expect(control, "on screen").toBeVisible();

    await page.emulateMedia({ colorScheme: "dark", media: "print" });
    expect(await htmlClasses(page), "the reader's choice stays").toContain("dark");
    expect(await colours(page), "on paper the page is as in the light theme").toEqual(light);
    await expect(banner.getByRole("link", { name: "Byline", exact: true })).toBeVisible();
    for (const control of screenOnly) await expect(control, "on paper").toBeHidden();
    await expect(mainArticle(page).getByRole("heading", { level: 1 })).toHaveText(linking.title);
  });

  test("a link in the story is followed by its address, which paper cannot follow", async ({ page }) => {
    await page.goto(articlePath(linking));
    const link = mainArticle(page).locator('a[href^="https://"]').first();
    const href = await link.getAttribute("href");
    const after = () => link.evaluate((anchor) => getComputedStyle(anchor, "::after").content);
    expect(await after(), "not on screen").toBe("none");
    await page.emulateMedia({ media: "print" });
    expect(await after()).toBe(`" (${href})"`);
  });
});

test.describe("article not found", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_ERROR] });

  const cases: { label: string; path: string }[] = [
    { label: "a draft", path: articlePath(draft) },
    { label: "a missing id", path: "/article/999999" },
    { label: "a non-numeric id", path: "/article/abc" },
    { label: "an id past the integer range", path: "/article/99999999999" },
    // One address per article: only its plain number finds it.
    { label: "a published article's id with letters after it", path: `${articlePath(handWritten)}abc` },
    { label: "a published article's id with a leading zero", path: articlePath(handWritten).replace(/(\d+)$/, "0$1") },
  ];
  for (const { label, path } of cases) {
    test(`${label} (${path}) answers 404 with "Article not found"`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle("Article not found | Byline");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article not found");
      await expect(page.getByText("The article you're looking for doesn't exist or has been removed.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
      await expect(page.getByText(draft.title)).toHaveCount(0);
    });
  }

  test("no public page links to the draft", async ({ page }) => {
    for (const path of ["/", categoryPath(draft.category), articlePath(publishedIn(draft.category)[0]!)]) {
      await page.goto(path);
      const hrefs = await page.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs.length, path).toBeGreaterThan(0);
      expect(hrefs, path).not.toContain(articlePath(draft));
    }
  });
});

test.describe("reader pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a category page is rendered by the server", async ({ page }) => {
    await page.goto("/category/mobile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mobile News");
    for (const article of publishedIn("Mobile")) await expect(page.getByRole("link", { name: article.title })).toBeVisible();
  });

  test("an article page is rendered by the server", async ({ page }) => {
    await page.goto(articlePath(generated));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(generated.title);
    await expect(page.getByText(generated.excerpt)).toBeVisible();
    await expect(cardTitles(page, "You might also like")).toHaveText(relatedTo(generated).map((other) => other.title));
  });
});

test.describe("reader pages accessibility", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_ERROR] });

  const pages: { label: string; path: string; heading: string }[] = [
    { label: "a category page", path: "/category/ai", heading: "AI News" },
    { label: "an article page", path: articlePath(generated), heading: generated.title },
    { label: "the article-not-found page", path: "/article/999999", heading: "Article not found" },
    { label: "an unknown category", path: "/category/robots", heading: "Robots News" },
  ];
  for (const { label, path, heading } of pages) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`${label} has no violations in the ${colorScheme} theme`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        if (colorScheme === "dark") expect(await htmlClasses(page)).toContain("dark");
        else expect(await htmlClasses(page)).not.toContain("dark");
        expect(await accessibilityViolations(page)).toEqual([]);
      });
    }
  }
});

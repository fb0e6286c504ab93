import { createHash } from "node:crypto";
import { accessibilityViolations, expect, test } from "./fixtures";
import {
  articlePath,
  authorOf,
  coverPath,
  drafts,
  hero,
  htmlClasses,
  imageAttributes,
  latestStories,
  NOT_FOUND_CONSOLE_ERROR,
  popularStories,
} from "./support";

test.describe("home page", () => {
  test("answers 200 with its title and a hidden h1 for screen readers", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Byline: technology news");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technology news");
  });

  test("the hero is the newest published featured story, with an eager, high-priority cover", async ({ page }) => {
    await page.goto("/");
    const featured = page.getByRole("article").filter({ has: page.getByText("Featured", { exact: true }) });
    await expect(featured).toHaveCount(1);
    await expect(featured.getByRole("heading", { level: 2 })).toHaveText(hero.title);
    await expect(featured.getByRole("link", { name: hero.title })).toHaveAttribute("href", articlePath(hero));
    await expect(featured.getByText(hero.excerpt)).toBeVisible();
    await expect(featured.getByText(hero.category, { exact: true })).toBeVisible();
    await expect(featured.getByText(`${authorOf(hero).name} ·`)).toBeVisible();
    await expect(featured.getByText(`${hero.readTime} min read`)).toBeVisible();

    const cover = featured.locator("img");
    await expect(cover).toHaveAttribute("src", coverPath(hero));
    await expect(cover).toHaveAttribute("loading", "eager");
    await expect(cover).toHaveAttribute("fetchpriority", "high");
  });

  test("Latest Stories lists the 6 newest published stories after the hero, in 2 columns", async ({ page }) => {
    await page.goto("/");
    const latest = page.getByRole("region", { name: "Latest Stories" });
    await expect(latest.getByRole("heading", { level: 2 })).toHaveText("Latest Stories");
    await expect(latest.getByRole("heading", { level: 3 })).toHaveText(latestStories.map((article) => article.title));
    for (const article of latestStories) {
      await expect(latest.getByRole("link", { name: article.title })).toHaveAttribute("href", articlePath(article));
    }
    await expect(latest.getByRole("link", { name: hero.title })).toHaveCount(0);

    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((index) => latest.getByRole("listitem").nth(index).boundingBox()),
    );
    expect(second!.y, "the first two cards share a row").toBeCloseTo(first!.y, 0);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width / 2);
    expect(third!.y, "the third card starts the second row").toBeGreaterThan(first!.y + first!.height / 2);
    expect(third!.x).toBeCloseTo(first!.x, 0);
  });

  test("the sidebar shows up to 3 popular stories, an ad, and the newsletter block", async ({ page }) => {
    await page.goto("/");
    const sidebar = page.getByRole("complementary", { name: "Popular stories and newsletter" });
    const popular = sidebar.getByRole("region", { name: "Popular Stories" });
    await expect(popular.getByRole("heading", { level: 3 })).toHaveText(popularStories.map((article) => article.title));
    await expect(sidebar.getByText("Advertisement", { exact: true })).toBeVisible();

    const newsletter = sidebar.getByRole("region", { name: "Stay in the loop" });
    await expect(newsletter).toHaveAttribute("id", "newsletter");
    await expect(newsletter.getByLabel("Email address")).toBeVisible();
    await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeVisible();
  });

  test("shows two ad placeholders and the Explore by Category tiles", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Advertisement", { exact: true })).toHaveCount(2);
    const explore = page.getByRole("region", { name: "Explore by Category" });
    const tiles = explore.getByRole("link");
    await expect(tiles).toHaveCount(3);
    await expect(explore.getByRole("link", { name: /^AI\b/ })).toHaveAttribute("href", "/category/ai");
    await expect(explore.getByRole("link", { name: /^Startups\b/ })).toHaveAttribute("href", "/category/startups");
    await expect(explore.getByRole("link", { name: /^Mobile\b/ })).toHaveAttribute("href", "/category/mobile");
  });

  test("never shows a draft", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: hero.title })).toBeVisible();
    for (const draft of drafts) {
      await expect(page.getByText(draft.title)).toHaveCount(0);
      await expect(page.getByRole("link", { name: draft.title })).toHaveCount(0);
    }
  });

  test("every image has width and height; only the hero cover loads eagerly", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Popular Stories" }).getByRole("heading", { level: 3 })).toHaveCount(
      popularStories.length,
    );
    const images = await imageAttributes(page);
    // Hero, 6 latest stories and the popular ones.
    expect(images.length).toBeGreaterThanOrEqual(1 + latestStories.length + popularStories.length);
    for (const image of images) {
      expect(image.width, `${image.src} has a width`).toMatch(/^\d+$/);
      expect(image.height, `${image.src} has a height`).toMatch(/^\d+$/);
    }
    const eager = images.filter((image) => image.loading !== "lazy");
    expect(eager).toEqual([
      { src: coverPath(hero), width: expect.any(String), height: expect.any(String), loading: "eager", fetchPriority: "high" },
    ]);
  });

  test("a story card opens its article", async ({ page }) => {
    await page.goto("/");
    const story = latestStories[0]!;
    await page.getByRole("region", { name: "Latest Stories" }).getByRole("link", { name: story.title }).click();
    await expect(page).toHaveURL(articlePath(story));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(story.title);
  });

  test("has no accessibility violations in the light theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: hero.title })).toBeVisible();
    expect(await htmlClasses(page)).not.toContain("dark");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("has no accessibility violations in the dark theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: hero.title })).toBeVisible();
    expect(await htmlClasses(page)).toContain("dark");
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe("home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered page already holds the hero, the latest and the popular stories", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: hero.title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Latest Stories" }).getByRole("heading", { level: 3 })).toHaveText(
      latestStories.map((article) => article.title),
    );
    await expect(page.getByRole("region", { name: "Popular Stories" }).getByRole("heading", { level: 3 })).toHaveText(
      popularStories.map((article) => article.title),
    );
    await expect(page.getByRole("heading", { name: "Explore by Category" })).toBeVisible();
  });
});

test.describe("not found", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_ERROR] });

  test("an unknown address is a real 404 page", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });
});

test.describe("server", () => {
  test("/healthz answers 200 when the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("a reader page carries the security headers and allows exactly its own inline scripts, by hash", async ({ request }) => {
    const response = await request.get("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline' 'nonce");
    expect(policy, "a cached page is the same for everyone, so it carries no nonce").not.toContain("'nonce-");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["content-encoding"]).toMatch(/gzip|br|deflate/);

    const html = await response.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes = "", text = ""]) => !attributes.includes("src=") && text !== "",
    );
    expect(inline.length).toBeGreaterThan(0);
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    for (const [, , text = ""] of inline) {
      expect(scriptSources).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    }
    expect(scriptSources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(new Set(inline.map((m) => m[2])).size);
  });

  test("a page rendered for one request gets a fresh CSP nonce on every inline script", async ({ request }) => {
    const response = await request.get("/auth/login");
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const again = await request.get("/auth/login");
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
    const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test("hashed assets are cached for a year; the demo covers are served by the site", async ({ request, page }) => {
    await page.goto("/");
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    expect(stylesheet).toMatch(/^\/assets\//);
    const asset = await request.get(stylesheet!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    const cover = await request.get(coverPath(hero));
    expect(cover.status()).toBe(200);
    expect(cover.headers()["content-type"]).toContain("image/svg+xml");
  });
});

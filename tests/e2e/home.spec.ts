import { DEMO_ARTICLES } from "../../app/services/seed/demo-content.server";
import { accessibilityViolations, expect, test } from "./fixtures";

const published = DEMO_ARTICLES.filter((article) => article.publishedDaysAgo !== null).sort(
  (a, b) => (a.publishedDaysAgo ?? 0) - (b.publishedDaysAgo ?? 0),
);
const newest = published[0]!;
const draft = DEMO_ARTICLES.find((article) => article.publishedDaysAgo === null)!;

test.describe("home page", () => {
  test("lists the latest published demo stories, newest first, without drafts", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Byline: technology news");
    await expect(page.getByRole("heading", { level: 1, name: "Latest Stories" })).toBeVisible();

    const headings = page.getByRole("article").getByRole("heading", { level: 2 });
    await expect(headings.first()).toHaveText(newest.title);
    await expect(page.getByRole("link", { name: published[1]!.title })).toBeVisible();
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await expect(page.getByText(`${newest.author} ·`).first()).toBeVisible();
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered home page already holds the stories", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: newest.title })).toBeVisible();
  });
});

test.describe("not found", () => {
  test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

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

  test("pages carry security headers and a CSP nonce on every inline script", async ({ request }) => {
    const response = await request.get("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    const headers = response.headers();
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toContain("unsafe-inline' 'nonce");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["content-encoding"]).toMatch(/gzip|br|deflate/);

    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
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

    const cover = await request.get("/images/stock/ai-technology.svg");
    expect(cover.status()).toBe(200);
    expect(cover.headers()["content-type"]).toContain("image/svg+xml");
  });
});

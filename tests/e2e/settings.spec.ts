import { type Browser, type Page } from "@playwright/test";
import { pngImage } from "../support/png";
import { signIn, statusConsoleError } from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { exactly, notice, sameOriginHeaders } from "./support";
import { twoInstancesOnPostgres } from "./two-instances-support";

/**
 * The settings: an administrator makes the newsroom their own at /admin/settings, and two production instances
 * on one PostgreSQL database show every change without a restart. Runs when TEST_DATABASE_URL points at a PostgreSQL
 * server (always in CI, see .ci/run).
 */

const CHIEF = { username: "settings-chief", password: "settings correct horse battery" };
const SAVED = "Settings saved. Every page shows them now.";
const CONFLICT =
  "The settings were changed by someone else since you opened them. Your changes are still in the form: check them against the current settings below and save again.";

test.describe("the newsroom's settings on two instances", () => {
  test.describe.configure({ mode: "serial" });
  // The sign-in screen is the admin page's 401; a refused save answers 400 or 409.
  test.use({ allowedConsoleErrors: [statusConsoleError(401, 400, 409)] });

  const twins = twoInstancesOnPostgres("settings", {
    ADMIN_USERNAME: CHIEF.username,
    ADMIN_PASSWORD: CHIEF.password,
    // Pins the time zone: the form shows it read-only.
    TIME_ZONE: "Europe/Berlin",
  });

  async function openSettings(page: Page): Promise<void> {
    await signIn(page, `${twins.first.url}/admin/settings`, CHIEF);
    await expect(page.getByRole("heading", { name: "Settings", level: 2 })).toBeVisible();
  }

  test("a fresh install shows the specification's site, and the form says what the environment pins", async ({ page }) => {
    const home = await page.request.get(`${twins.second.url}/`);
    const html = await home.text();
    expect(html).toContain("<title>Byline: technology news</title>");
    expect(html).toContain(
      '<meta name="description" content="The latest technology news: AI, startups, mobile, cloud, gadgets, software and security."/>',
    );
    expect(html).toContain(">Advertisement</div>");
    expect(html).not.toContain("--color-blue-");

    await openSettings(page);
    await expect(page.getByLabel("Publication name")).toHaveValue("Byline");
    await expect(page.getByLabel("Time zone")).toBeDisabled();
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
    await expect(page.getByText("Set by TIME_ZONE on the server.")).toBeVisible();
    await expect(page.getByText("No one has changed the settings yet.")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("an administrator renames the publication; both instances show it at once, cached pages and feeds too", async ({
    page,
  }) => {
    // The second instance keeps its home page and feed in its page cache before the change.
    for (const path of ["/", "/rss.xml", "/article/1"])
      expect((await page.request.get(`${twins.second.url}${path}`)).status()).toBe(200);

    await openSettings(page);
    await page.getByLabel("Publication name").fill("The Harbour Times");
    await page.getByLabel("Description").fill("News from the harbour, every morning.");
    await page.getByLabel("Language").fill("en-GB");
    await page.getByLabel("General address").fill("desk@harbour.example");
    await page.getByLabel("Mastodon").fill("https://social.example/@harbour");
    await page.getByLabel("Footer text").fill("Written in the harbour.");
    await page.getByRole("radio", { name: /No ads/ }).check();
    await page.getByLabel("Logo", { exact: true }).fill("/images/stock/ai-technology.svg");
    await page
      .getByLabel("Upload the icon")
      .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: pngImage(600, 600, [185, 28, 28]) });
    await expect(page.getByLabel("Icon", { exact: true })).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/);
    await page.getByLabel("Accent colour", { exact: true }).fill("#b91c1c");
    // The dark theme's tone is made from it, and both contrasts are shown before saving.
    await expect(page.getByText("Light theme: 6.4:1 on white")).toBeVisible();
    await expect(page.getByText(/^Dark theme: \d+\.\d:1 on the dark background$/)).toBeVisible();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(notice(page, SAVED)).toBeVisible();
    await expect(page.getByLabel("Publication name")).toHaveValue("The Harbour Times");
    const history = page.getByRole("table", { name: "Changes" });
    await expect(history.getByRole("row")).toHaveCount(2);
    await expect(history.getByRole("cell", { name: CHIEF.username })).toBeVisible();
    await expect(history.getByText("Publication name: Byline → The Harbour Times")).toBeVisible();
    await expect(history.getByText("Ad slots: Placeholders → No ads")).toBeVisible();

    // The other instance, without a restart: its cached pages were dropped and made again from the new settings.
    const home = await (await page.request.get(`${twins.second.url}/`)).text();
    expect(home).toContain("<title>The Harbour Times: technology news</title>");
    expect(home).toContain('<meta name="description" content="News from the harbour, every morning."/>');
    expect(home).toContain('<html lang="en-GB"');
    expect(home).not.toContain("Advertisement");
    expect(home).toContain('href="https://social.example/@harbour"');
    expect(home).toContain("© ");
    expect(home).toContain("The Harbour Times. All rights reserved.");
    // The logo stands in for the name in the header, named by it, and is the publisher's logo to search engines.
    expect(home).toContain('<img src="/images/stock/ai-technology.svg" alt="The Harbour Times"');
    // Every accent follows the chosen colour: it takes the place of the blue the pages are drawn with.
    expect(home).toContain("<style>:root{--color-blue-50:");
    expect(home).toContain("--color-blue-600:#b91c1c;");

    // The icon in every size browsers and home screens ask for, made from the upload.
    const icon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(home)?.[1];
    expect(icon).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png\/icon180\.png$/);
    expect(home).toContain('<link rel="manifest" href="/site.webmanifest"/>');
    expect(home).not.toContain("/favicon.svg");
    const touchIcon = await page.request.get(`${twins.second.url}${icon}`);
    expect(touchIcon.headers()["content-type"]).toBe("image/png");
    const manifest = (await (await page.request.get(`${twins.second.url}/site.webmanifest`)).json()) as {
      name: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe("The Harbour Times");
    expect(manifest.icons.map((entry) => entry.sizes)).toEqual(["192x192", "512x512"]);
    const favicon = await page.request.get(`${twins.second.url}/favicon.ico`);
    expect(favicon.headers()["content-type"]).toBe("image/x-icon");
    expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

    const feed = await (await page.request.get(`${twins.second.url}/rss.xml`)).text();
    expect(feed).toContain("<title>The Harbour Times</title>");
    expect(feed).toContain("<description>News from the harbour, every morning.</description>");
    expect(feed).toContain("<language>en-GB</language>");

    const article = await (await page.request.get(`${twins.second.url}/article/1`)).text();
    expect(article).toContain('"sameAs":["https://social.example/@harbour"]');
    expect(article).toMatch(/"logo":\{"@type":"ImageObject","url":"http:\/\/localhost:\d+\/images\/stock\/ai-technology\.svg"\}/);
    expect(article).not.toContain("Advertisement");

    const contact = await (await page.request.get(`${twins.second.url}/contact`)).text();
    expect(contact).toContain('href="mailto:desk@harbour.example');
    expect(contact).not.toContain("hello@byline.example");
  });

  test("a save made from settings someone changed meanwhile is refused, and keeps what was typed", async ({ browser }) => {
    const [one, two] = await Promise.all([signedInPage(browser), signedInPage(browser)]);
    await one.getByLabel("Press address").fill("press@harbour.example");
    await one.getByRole("button", { name: "Save settings" }).click();
    await expect(notice(one, SAVED)).toBeVisible();

    await two.getByLabel("Tips address").fill("tips@harbour.example");
    await two.getByRole("button", { name: "Save settings" }).click();
    await expect(
      two.getByRole("alert").filter({ hasText: exactly(`${CONFLICT} Changed meanwhile: Press address.`) }),
    ).toBeVisible();
    // What was typed stays; what someone else changed shows as it is now.
    await expect(two.getByLabel("Tips address")).toHaveValue("tips@harbour.example");
    await expect(two.getByLabel("Press address")).toHaveValue("press@harbour.example");

    // Saved again, knowing: both changes are in force.
    await two.getByRole("button", { name: "Save settings" }).click();
    await expect(notice(two, SAVED)).toBeVisible();
    await expect(two.getByLabel("Press address")).toHaveValue("press@harbour.example");
    await expect(two.getByLabel("Tips address")).toHaveValue("tips@harbour.example");
    await Promise.all([one.context().close(), two.context().close()]);
  });

  test("bad input is refused next to its field, and the rest of the form keeps what was typed", async ({ page }) => {
    await openSettings(page);
    await page.getByLabel("Careers address").fill("not an address");
    await page.getByLabel("X", { exact: true }).fill("javascript:alert(1)");
    await page.getByLabel("Publication name").fill("Kept While Refused");
    await page.getByLabel("Accent colour", { exact: true }).fill("#fbbf24");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("alert").filter({ hasText: exactly("Please correct the highlighted fields.") })).toBeVisible();
    await expect(page.getByLabel("Careers address")).toHaveAccessibleDescription(
      "The careers address must be an email address, such as hello@example.com.",
    );
    await expect(page.getByLabel("X", { exact: true })).toHaveAccessibleDescription(
      "The X address must start with https://, such as https://example.com/@newsroom.",
    );
    await expect(page.getByLabel("Accent colour", { exact: true })).toHaveAccessibleDescription(
      "The light theme's tone, such as #1d4ed8. The light theme fails: the accent reaches 1.6:1 on white, short of the 4.5:1 text needs. Choose a darker colour.",
    );
    await expect(page.getByLabel("Publication name")).toHaveValue("Kept While Refused");

    // The server says the same without the browser's check, and changes nothing.
    const refused = await page.request.post(`${twins.first.url}/admin/settings`, {
      form: { siteName: "Forged", contactCareers: "not an address", version: "99" },
      headers: sameOriginHeaders(twins.first.url),
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect((await (await page.request.get(`${twins.second.url}/`)).text()).includes("Forged")).toBe(false);
  });

  for (const [width, colorScheme] of [
    [390, "dark"],
    [1280, "dark"],
    [390, "light"],
  ] as const) {
    test(`the Settings tab has no accessibility violations at ${width} px, ${colorScheme}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await openSettings(page);
      if (colorScheme === "dark") await page.evaluate(() => document.documentElement.classList.add("dark"));
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    });
  }

  async function signedInPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openSettings(page);
    return page;
  }
});

import type { Page } from "@playwright/test";
import { accessibilityViolations, expect, test } from "./fixtures";
import { articlePath, headlines, htmlClasses, published, waitForHydration } from "./support";

const NAV = [
  { label: "Home", href: "/" },
  { label: "AI", href: "/category/ai" },
  { label: "Startups", href: "/category/startups" },
  { label: "Mobile", href: "/category/mobile" },
  { label: "Cloud", href: "/category/cloud" },
  { label: "Security", href: "/category/security" },
];

const PHONE = { width: 390, height: 844 };

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

function themeToggle(page: Page) {
  return page.getByRole("button", { name: /^Switch to (dark|light) theme$/ });
}

function storedTheme(page: Page) {
  return page.evaluate(() => localStorage.getItem("theme"));
}

function headerShadow(page: Page) {
  return page.getByRole("banner").evaluate((header) => getComputedStyle(header).boxShadow);
}

/** Two animation frames: whatever a scroll handler set has been rendered by then. */
function nextFrames(page: Page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe("header navigation", () => {
  test("the main navigation links the home page and five categories", async ({ page }) => {
    await page.goto("/");
    const links = mainNav(page).getByRole("link");
    await expect(links).toHaveText(NAV.map((link) => link.label));
    for (const { label, href } of NAV) {
      await expect(mainNav(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
  });

  const currentCases = [
    { path: "/", current: "Home" },
    { path: "/category/ai", current: "AI" },
    { path: "/category/AI", current: "AI" },
    { path: "/category/security", current: "Security" },
    { path: "/category/gadgets", current: null },
    { path: articlePath(published[0]!), current: null },
  ];
  for (const { path, current } of currentCases) {
    test(`on ${path} ${current ? `"${current}" is the current page` : "no link is current"}`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      for (const { label } of NAV) {
        const link = mainNav(page).getByRole("link", { name: label, exact: true });
        if (label === current) await expect(link).toHaveAttribute("aria-current", "page");
        else await expect(link).not.toHaveAttribute("aria-current", /.*/);
      }
    });
  }
});

test.describe("theme", () => {
  test("with no stored choice a light system gives the light theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await waitForHydration(page);
    expect(await htmlClasses(page)).not.toContain("dark");
    await expect(themeToggle(page)).toHaveAccessibleName("Switch to dark theme");
  });

  test("with no stored choice a dark system gives the dark theme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await waitForHydration(page);
    expect(await htmlClasses(page)).toContain("dark");
    await expect(themeToggle(page)).toHaveAccessibleName("Switch to light theme");
    expect(await storedTheme(page)).toBeNull();
  });

  test("the toggle switches the theme, stores the choice and the choice survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await waitForHydration(page);

    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName("Switch to light theme");
    expect(await htmlClasses(page)).toContain("dark");
    expect(await storedTheme(page)).toBe("dark");

    await page.reload();
    expect(await htmlClasses(page)).toContain("dark");
    await expect(themeToggle(page)).toHaveAccessibleName("Switch to light theme");

    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName("Switch to dark theme");
    expect(await htmlClasses(page)).not.toContain("dark");
    expect(await storedTheme(page)).toBe("light");

    // A stored choice beats the system preference.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    expect(await htmlClasses(page)).not.toContain("dark");
    await expect(themeToggle(page)).toHaveAccessibleName("Switch to dark theme");
  });

  test.describe("before any bundle runs", () => {
    test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

    /** Blocks the app's JavaScript bundles; only the inline boot script in <head> can still run. */
    async function blockBundles(page: Page) {
      const blocked: string[] = [];
      await page.route("**/assets/*.js", (route) => {
        blocked.push(route.request().url());
        return route.abort();
      });
      return blocked;
    }

    test("a stored dark choice is applied by the boot script, so there is no flash", async ({ page }) => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      const blocked = await blockBundles(page);
      await page.goto("/");
      expect(await htmlClasses(page)).toContain("dark");
      expect(blocked.length, "the app's bundles were blocked").toBeGreaterThan(0);
      // Never hydrated: the toggle still shows its server-rendered (light) label.
      await expect(themeToggle(page)).toHaveAccessibleName("Switch to dark theme");
    });

    test("a stored light choice wins over a dark system before any bundle runs", async ({ page }) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.addInitScript(() => localStorage.setItem("theme", "light"));
      const blocked = await blockBundles(page);
      await page.goto("/");
      expect(blocked.length).toBeGreaterThan(0);
      expect(await htmlClasses(page)).not.toContain("dark");
    });

    test("a dark system with no stored choice is applied before any bundle runs", async ({ page }) => {
      await page.emulateMedia({ colorScheme: "dark" });
      const blocked = await blockBundles(page);
      await page.goto("/category/ai");
      expect(blocked.length).toBeGreaterThan(0);
      expect(await htmlClasses(page)).toContain("dark");
    });
  });
});

test.describe("notifications bell", () => {
  const bellPanel = (page: Page) => page.getByRole("group").filter({ hasText: "Latest stories" });

  test("a first visit marks the 5 latest stories as new; after a look and a reload nothing is new", async ({ page }) => {
    // Counts the bell's reads of its "last look" time, so the test knows when the reloaded page has read it.
    await page.addInitScript(() => {
      const getItem = Storage.prototype.getItem;
      const counter = window as unknown as { seenReads: number };
      counter.seenReads = 0;
      Storage.prototype.getItem = function (key: string) {
        if (key === "notifications-seen-at") counter.seenReads += 1;
        return getItem.call(this, key);
      };
    });
    await page.goto("/");
    await waitForHydration(page);
    const bell = page.getByLabel(`Notifications, ${headlines.length} new`);
    await expect(bell).toBeVisible();

    await bell.click();
    const panel = bellPanel(page);
    await expect(panel.getByText("Latest stories", { exact: true })).toBeVisible();
    await expect(panel.getByRole("status")).toHaveText(`${headlines.length} new since your last visit`);
    await expect(panel.getByRole("link")).toHaveCount(headlines.length);
    await expect(panel.getByRole("link")).toContainText(headlines.map((article) => article.title));
    await expect(panel.getByText("New", { exact: true })).toHaveCount(headlines.length);
    for (const article of headlines) {
      await expect(panel.getByRole("link", { name: article.title })).toHaveAttribute("href", articlePath(article));
    }
    await expect(page.getByLabel("Notifications", { exact: true })).toBeVisible();

    await page.getByLabel("Notifications", { exact: true }).click();
    await expect(panel.getByText("Latest stories", { exact: true })).toBeHidden();

    await page.reload();
    await page.waitForFunction(() => (window as unknown as { seenReads: number }).seenReads > 0);
    await nextFrames(page);
    await expect(page.getByLabel("Notifications", { exact: true })).toBeVisible();
    await page.getByLabel("Notifications", { exact: true }).click();
    await expect(panel.getByRole("status")).toHaveText("You're all caught up");
    await expect(panel.getByRole("link")).toHaveCount(headlines.length);
    await expect(panel.getByText("New", { exact: true })).toHaveCount(0);
  });

  test("Escape and a click outside close the panel; a headline opens its story", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const bell = page.getByLabel(/^Notifications/);
    const title = bellPanel(page).getByText("Latest stories", { exact: true });

    await bell.click();
    await expect(title).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(title).toBeHidden();

    await bell.click();
    await expect(title).toBeVisible();
    await page.getByRole("heading", { level: 2, name: "Latest Stories" }).click();
    await expect(title).toBeHidden();

    await bell.click();
    await bellPanel(page).getByRole("link", { name: headlines[1]!.title }).click();
    await expect(page).toHaveURL(articlePath(headlines[1]!));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headlines[1]!.title);
  });
});

test.describe("Subscribe link", () => {
  test("on the home page it brings the sign-up block into view and focuses its field", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const field = page.getByRole("region", { name: "Stay in the loop" }).getByLabel("Email address");
    await page.getByRole("banner").getByRole("link", { name: "Subscribe" }).click();
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect(page).toHaveURL("/");
  });

  test("on a page without the block it goes to the home page's block", async ({ page }) => {
    await page.goto(articlePath(published[0]!));
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: "Stay in the loop" })).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/#newsletter");
    await expect(page.getByRole("region", { name: "Stay in the loop" })).toBeInViewport();
  });
});

test.describe("header shadow", () => {
  test("appears after scrolling more than 10 px and goes when back at the top", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await headerShadow(page)).toBe("none");

    await page.evaluate(() => window.scrollTo(0, 5));
    await nextFrames(page);
    expect(await headerShadow(page), "not yet at 5 px").toBe("none");

    await page.evaluate(() => window.scrollTo(0, 50));
    await expect.poll(() => headerShadow(page)).not.toBe("none");
    await expect(page.getByRole("banner")).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => headerShadow(page)).toBe("none");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the menu button opens the navigation, search and Subscribe; Escape closes it", async ({ page }) => {
    await page.goto("/category/cloud");
    await waitForHydration(page);
    await expect(mainNav(page)).toBeHidden();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();

    await page.getByLabel("Open menu").click();
    await expect(page.getByLabel("Close menu")).toBeVisible();
    await expect(mobileNav.getByRole("link")).toHaveText(NAV.map((link) => link.label));
    await expect(mobileNav.getByRole("link", { name: "Cloud" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("combobox", { name: "Search articles" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Subscribe" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect(page.getByLabel("Open menu")).toBeVisible();
  });

  test("a menu link navigates", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("Open menu").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Startups" }).click();
    await expect(page).toHaveURL("/category/startups");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Startups News");
  });

  test("the menu's Subscribe closes the menu and focuses the sign-up field", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("Open menu").click();
    await page.getByRole("link", { name: "Subscribe" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    const field = page.getByRole("region", { name: "Stay in the loop" }).getByLabel("Email address");
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect(page).toHaveURL("/");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the open menu has no accessibility violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await waitForHydration(page);
      if (colorScheme === "dark") expect(await htmlClasses(page)).toContain("dark");
      else expect(await htmlClasses(page)).not.toContain("dark");
      await page.getByLabel("Open menu").click();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
});

test.describe("on a phone without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the menu is a native disclosure that opens anyway", async ({ page }) => {
    await page.goto("/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await page.getByLabel("Open menu").click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link")).toHaveText(NAV.map((link) => link.label));
    await mobileNav.getByRole("link", { name: "Security" }).click();
    await expect(page).toHaveURL("/category/security");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security News");
  });
});

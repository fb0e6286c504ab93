import type { Page } from "@playwright/test";
import { accessibilityViolations, expect, test } from "./fixtures";
import { INSTANT_SEARCH_DEBOUNCE_MS } from "../../app/validation/search";
import {
  articlePath,
  draft,
  htmlClasses,
  possibleDates,
  published,
  seeded,
  SHORT_DATE,
  waitForHydration,
  type SeededArticle,
} from "./support";

/** The words a demo article is searched by. */
const textOf = (article: SeededArticle) => `${article.title}\n${article.excerpt}\n${article.content}`;
const containing = (pattern: RegExp) => published.filter((article) => pattern.test(textOf(article)));

/** In every demo story exactly once (the demo notice), never in a title or excerpt: equal ranks everywhere. */
const EVERYWHERE = "fictional";
/** In exactly one published story. */
const UNIQUE = "certificate";
const uniqueStory = containing(/\bcertificates?\b/i)[0]!;
/** A word that stems to the same lexeme in a few stories, one of which also mentions EXCLUDED. */
const COMMON = "battery";
const commonStories = containing(/\bbatter(y|ies)\b/i);
const EXCLUDED = "hinge";
/** In more than 5 published stories. */
const FREQUENT = "team";
/** Only in the draft. */
const DRAFT_ONLY = "politicians";
/** A prefix of "quantised", which appears in one story. */
const PREFIX = "quan";
const NONSENSE = "zzqxv";

const resultsHeading = (count: number, query: string) => `Found ${count} ${count === 1 ? "result" : "results"} for "${query}"`;

function results(page: Page) {
  return page.getByRole("main").getByRole("article");
}

function resultTitles(page: Page) {
  return results(page).getByRole("heading", { level: 2 });
}

async function searchFor(page: Page, query: string) {
  const response = await page.goto(`/search?${new URLSearchParams({ query })}`);
  expect(response?.status()).toBe(200);
}

test.describe("the demo data fits these tests", () => {
  test("the chosen words appear where the tests expect them", () => {
    for (const article of seeded) {
      expect(textOf(article).match(new RegExp(EVERYWHERE, "gi")), article.title).toHaveLength(1);
      expect(`${article.title} ${article.excerpt}`).not.toMatch(new RegExp(EVERYWHERE, "i"));
    }
    expect(containing(/\bcertificates?\b/i)).toHaveLength(1);
    expect(commonStories.length).toBeGreaterThanOrEqual(3);
    expect(commonStories.filter((article) => new RegExp(`\\b${EXCLUDED}`, "i").test(textOf(article)))).toHaveLength(1);
    expect(containing(new RegExp(`\\b${FREQUENT}`, "i")).length).toBeGreaterThan(5);
    expect(draft.content).toContain(DRAFT_ONLY);
    expect(containing(new RegExp(DRAFT_ONLY, "i"))).toHaveLength(0);
    expect(containing(new RegExp(`\\b${PREFIX}`, "i")).length).toBeGreaterThan(0);
    expect(seeded.filter((article) => textOf(article).includes(NONSENSE))).toHaveLength(0);
  });
});

test.describe("search results page", () => {
  test("without a query it asks for a search term", async ({ page }) => {
    for (const path of ["/search", "/search?query=", "/search?query=%20%20%20"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please enter a search term to find articles.");
      await expect(page.getByText("No search query provided")).toBeVisible();
      await expect(results(page)).toHaveCount(0);
    }
  });

  test("a single result shows its title link, category badge, date and a highlighted snippet", async ({ page }) => {
    await searchFor(page, UNIQUE);
    await expect(page).toHaveTitle(`Search: ${UNIQUE} | Byline`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(1, UNIQUE));
    await expect(results(page)).toHaveCount(1);
    const result = results(page).first();
    await expect(result.getByRole("link", { name: uniqueStory.title })).toHaveAttribute("href", articlePath(uniqueStory));
    await expect(result.getByText(uniqueStory.category, { exact: true })).toBeVisible();
    const date = await result.getByText(SHORT_DATE).textContent();
    expect(possibleDates(uniqueStory)).toContain(date);
    const marks = result.locator("mark");
    expect(await marks.count()).toBeGreaterThan(0);
    for (const mark of await marks.all()) await expect(mark).toHaveText(/^certificates?$/i);
  });

  test("results are ranked, newest first among equal ranks, and never include a draft", async ({ page }) => {
    await searchFor(page, EVERYWHERE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(published.length, EVERYWHERE));
    await expect(resultTitles(page)).toHaveText(published.map((article) => article.title));
    await expect(page.getByText(draft.title)).toHaveCount(0);
  });

  test("a word only the draft contains finds nothing", async ({ page }) => {
    await searchFor(page, DRAFT_ONLY);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No articles found");
  });

  test("a stemmed word finds its variants", async ({ page }) => {
    await searchFor(page, COMMON);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(commonStories.length, COMMON));
    const titles = await resultTitles(page).allTextContents();
    expect(titles.sort()).toEqual(commonStories.map((article) => article.title).sort());
  });

  test("-word excludes the stories that contain it", async ({ page }) => {
    const excluded = commonStories.find((article) => new RegExp(`\\b${EXCLUDED}`, "i").test(textOf(article)))!;
    const query = `${COMMON} -${EXCLUDED}`;
    await searchFor(page, query);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(commonStories.length - 1, query));
    await expect(results(page).getByRole("link", { name: excluded.title })).toHaveCount(0);
    for (const article of commonStories.filter((other) => other !== excluded)) {
      await expect(results(page).getByRole("link", { name: article.title })).toBeVisible();
    }
  });

  test("quotes search for a phrase, not for the words anywhere", async ({ page }) => {
    const phraseStories = containing(/\brelease notes\b/i);
    expect(phraseStories.length).toBeGreaterThan(0);

    await searchFor(page, "release notes");
    const anywhere = await resultTitles(page).allTextContents();
    await searchFor(page, '"release notes"');
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(phraseStories.length, '"release notes"'));
    const phrase = await resultTitles(page).allTextContents();

    expect(phrase.sort()).toEqual(phraseStories.map((article) => article.title).sort());
    expect(anywhere.length).toBeGreaterThan(phrase.length);
    expect(anywhere).toEqual(expect.arrayContaining(phrase));
  });

  test("nonsense finds nothing and offers the home page and AI news", async ({ page }) => {
    await searchFor(page, NONSENSE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No articles found");
    await expect(results(page)).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("main").getByRole("link", { name: "Browse AI news" })).toHaveAttribute("href", "/category/ai");
  });

  for (const hostile of [
    "'); drop table articles; --",
    '"unbalanced',
    "!!!",
    "a & | ! :* <->",
    "<script>alert(1)</script>",
    "ü".repeat(500),
  ]) {
    test(`hostile input ${JSON.stringify(hostile.slice(0, 30))} gives a normal page`, async ({ page, request }) => {
      await searchFor(page, hostile);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        /^(No articles found|Found \d+ results? for ".*"|Please enter a search term to find articles\.)$/,
      );
      await expect(page.getByText("Something went wrong")).toHaveCount(0);

      const api = await request.get(`/api/search?${new URLSearchParams({ query: hostile })}`);
      expect(api.status()).toBe(200);
      expect(Array.isArray(((await api.json()) as { results: unknown }).results)).toBe(true);

      // The articles are all still there.
      await searchFor(page, EVERYWHERE);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(published.length, EVERYWHERE));
    });
  }

  test("the page's own search form runs a new search", async ({ page }) => {
    await searchFor(page, NONSENSE);
    const box = page.getByRole("searchbox", { name: "Search articles" });
    await expect(box).toHaveValue(NONSENSE);
    await box.fill(UNIQUE);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(`/search?query=${UNIQUE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(1, UNIQUE));
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue(UNIQUE);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`a results page and the no-query page have no accessibility violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await searchFor(page, COMMON);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(commonStories.length, COMMON));
      if (colorScheme === "dark") expect(await htmlClasses(page)).toContain("dark");
      else expect(await htmlClasses(page)).not.toContain("dark");
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto("/search");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Please enter a search term to find articles.");
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
});

test.describe("search results page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("renders on the server and its form works", async ({ page }) => {
    await page.goto("/search");
    await page.getByRole("searchbox", { name: "Search articles" }).fill(COMMON);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(`/search?query=${COMMON}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(commonStories.length, COMMON));
    await expect(results(page)).toHaveCount(commonStories.length);
  });

  test("the header search box is a plain form that opens the results page", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search articles" });
    await box.fill(UNIQUE);
    await box.press("Enter");
    await expect(page).toHaveURL(`/search?query=${UNIQUE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(1, UNIQUE));
  });
});

test.describe("instant search API", () => {
  test.describe(() => {
    /** The budget per client address and minute. */
    const INSTANT_SEARCH_LIMIT_PER_MINUTE = 120;
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.120" } });

    test(`after ${INSTANT_SEARCH_LIMIT_PER_MINUTE} lookups in a minute from one address the next gets 429 with Retry-After`, async ({
      request,
    }) => {
      for (let lookup = 1; lookup <= INSTANT_SEARCH_LIMIT_PER_MINUTE; lookup++) {
        const response = await request.get(`/api/search?query=${FREQUENT}`);
        expect(response.status(), `lookup ${lookup}`).toBe(200);
      }
      const refused = await request.get(`/api/search?query=${FREQUENT}`);
      expect(refused.status()).toBe(429);
      expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers()["retry-after"])).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        query: FREQUENT,
        results: [],
        error: "Too many searches in a short time. Please wait a moment and try again.",
      });

      const neighbour = await request.get(`/api/search?query=${FREQUENT}`, { headers: { "X-Forwarded-For": "192.0.2.121" } });
      expect(neighbour.status()).toBe(200);
    });
  });

  test(`answers JSON with at most 5 results for a word in more than 5 stories ("${FREQUENT}")`, async ({ request }) => {
    const response = await request.get(`/api/search?query=${FREQUENT}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = (await response.json()) as { query: string; results: { id: number; title: string }[] };
    expect(body.query).toBe(FREQUENT);
    expect(body.results).toHaveLength(5);
    const candidates = containing(new RegExp(`\\b${FREQUENT}`, "i")).map((article) => article.id);
    for (const result of body.results) expect(candidates).toContain(result.id);
  });

  test("never returns a draft", async ({ request }) => {
    for (const query of [DRAFT_ONLY, draft.title.split(" ").slice(0, 4).join(" ")]) {
      const response = await request.get(`/api/search?${new URLSearchParams({ query })}`);
      const body = (await response.json()) as { results: { id: number }[] };
      expect(body.results.map((result) => result.id)).not.toContain(draft.id);
    }
    const response = await request.get(`/api/search?query=${DRAFT_ONLY}`);
    expect(((await response.json()) as { results: unknown[] }).results).toEqual([]);
  });

  test(`matches word prefixes as the reader types ("${PREFIX}")`, async ({ request }) => {
    const response = await request.get(`/api/search?query=${PREFIX}`);
    const body = (await response.json()) as { results: { id: number; title: string }[] };
    const expected = containing(new RegExp(`\\b${PREFIX}`, "i"));
    expect(body.results.map((result) => result.id).sort()).toEqual(expected.map((article) => article.id).sort());
  });

  test("gives nothing for fewer than 2 trimmed characters", async ({ request }) => {
    for (const query of ["", "c", " c ", "  "]) {
      const response = await request.get(`/api/search?${new URLSearchParams({ query })}`);
      expect(response.status()).toBe(200);
      expect(((await response.json()) as { results: unknown[] }).results).toEqual([]);
    }
  });
});

test.describe("instant search in the header", () => {
  const combobox = (page: Page) => page.getByRole("combobox", { name: "Search articles" });
  const listbox = (page: Page) => page.getByRole("listbox", { name: "Quick Results" });

  function countSearchRequests(page: Page) {
    const requests: { query: string | null; at: number }[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/search") requests.push({ query: url.searchParams.get("query"), at: Date.now() });
    });
    return requests;
  }

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
  });

  test("one request, made 300 ms after the last keystroke", async ({ page }) => {
    const requests = countSearchRequests(page);
    await combobox(page).click();
    await combobox(page).pressSequentially("cl", { delay: 50 });
    // Taken before the last key is sent, so the time the browser needs to take the key only adds to the wait measured.
    const beforeLastKey = Date.now();
    await combobox(page).press("o");
    await expect(listbox(page)).toBeVisible();
    expect(requests.map((request) => request.query)).toEqual(["clo"]);
    expect(requests[0]!.at - beforeLastKey, "the request waited for the typing to stop").toBeGreaterThanOrEqual(250);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
  });

  test("nothing happens for a single character", async ({ page }) => {
    // The page's own clock, paused once loaded: the debounce's timers fire when the test advances it.
    const start = new Date("2026-11-24T12:00:00Z").getTime();
    await page.clock.install({ time: start });
    await page.reload();
    await waitForHydration(page);
    await page.clock.pauseAt(start + 60_000);
    const requests = countSearchRequests(page);
    await combobox(page).click();
    await combobox(page).pressSequentially("c ");
    // Twice the debounce on the page's clock: any timer the keys started has fired by now.
    await page.clock.runFor(2 * INSTANT_SEARCH_DEBOUNCE_MS);
    await expect(listbox(page)).toBeHidden();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");

    // The event that shows the page did its work: a second character starts a request, and it is the first
    // one the page made (requests are reported in order, so one for "c" would stand before it).
    await combobox(page).fill("cl");
    await page.clock.runFor(INSTANT_SEARCH_DEBOUNCE_MS);
    await expect(listbox(page)).toBeVisible();
    expect(requests.map((request) => request.query)).toEqual(["cl"]);
  });

  test("shows at most 5 results, each with image, category, date, title and excerpt, then View all", async ({ page }) => {
    await combobox(page).fill(FREQUENT);
    const options = listbox(page).getByRole("option");
    await expect(options).toHaveCount(6);
    await expect(options.last()).toHaveText(`View all results for "${FREQUENT}"`);
    for (const option of (await options.all()).slice(0, 5)) {
      const text = (await option.textContent()) ?? "";
      const article = published.find((candidate) => text.includes(candidate.title));
      expect(article, `"${text}" names a published story`).toBeDefined();
      await expect(option.locator("img")).toHaveAttribute("src", /^\/images\//);
      await expect(option.getByText(article!.category, { exact: true })).toBeVisible();
      await expect(option.getByText(SHORT_DATE)).toBeVisible();
      await expect(option.getByText(article!.excerpt)).toBeAttached();
    }
  });

  test("a word without hits offers the advanced search", async ({ page }) => {
    await combobox(page).fill(NONSENSE);
    const options = listbox(page).getByRole("option");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText(`No articles found for "${NONSENSE}"`);
    await expect(options.first()).toContainText("Try advanced search");
    await options.first().click();
    await expect(page).toHaveURL(`/search?query=${NONSENSE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No articles found");
  });

  test("arrow keys move the active option, wrapping around; Enter opens it", async ({ page }) => {
    await combobox(page).fill(COMMON);
    const options = listbox(page).getByRole("option");
    await expect(options).toHaveCount(commonStories.length + 1);
    const ids = await Promise.all((await options.all()).map((option) => option.getAttribute("id")));
    expect(new Set(ids).size).toBe(ids.length);

    const expectActive = async (index: number) => {
      await expect(combobox(page)).toHaveAttribute("aria-activedescendant", ids[index]!);
      await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
      await expect(listbox(page).getByRole("option", { selected: true })).toHaveCount(1);
    };
    await expect(combobox(page)).not.toHaveAttribute("aria-activedescendant", /.+/);
    await expect(listbox(page).getByRole("option", { selected: true })).toHaveCount(0);

    await combobox(page).press("ArrowDown");
    await expectActive(0);
    await combobox(page).press("ArrowDown");
    await expectActive(1);
    for (let step = 2; step <= commonStories.length; step++) await combobox(page).press("ArrowDown");
    await expectActive(commonStories.length);
    await combobox(page).press("ArrowDown");
    await expectActive(0);
    await combobox(page).press("ArrowUp");
    await expectActive(commonStories.length);
    await combobox(page).press("ArrowUp");
    await expectActive(commonStories.length - 1);

    const text = (await options.nth(commonStories.length - 1).textContent()) ?? "";
    const chosen = commonStories.find((article) => text.includes(article.title))!;
    await combobox(page).press("Enter");
    await expect(page).toHaveURL(articlePath(chosen));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(chosen.title);
  });

  test("Enter on the View all option opens the results page", async ({ page }) => {
    await combobox(page).fill(COMMON);
    await expect(listbox(page).getByRole("option")).toHaveCount(commonStories.length + 1);
    await combobox(page).press("ArrowUp");
    await expect(listbox(page).getByRole("option", { selected: true })).toHaveText(`View all results for "${COMMON}"`);
    await combobox(page).press("Enter");
    await expect(page).toHaveURL(`/search?query=${COMMON}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(commonStories.length, COMMON));
  });

  test("clicking a result opens its article", async ({ page }) => {
    await combobox(page).fill(UNIQUE);
    await listbox(page)
      .getByRole("option", { name: new RegExp(uniqueStory.title.slice(0, 20)) })
      .click();
    await expect(page).toHaveURL(articlePath(uniqueStory));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(uniqueStory.title);
  });

  test("Enter with no active option opens the results page", async ({ page }) => {
    await combobox(page).fill(COMMON);
    await expect(listbox(page)).toBeVisible();
    await combobox(page).press("Enter");
    await expect(page).toHaveURL(`/search?query=${COMMON}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(resultsHeading(commonStories.length, COMMON));
  });

  test("Enter in an empty or blank box does nothing", async ({ page }) => {
    await combobox(page).click();
    await combobox(page).press("Enter");
    await combobox(page).fill("   ");
    await combobox(page).press("Enter");
    await expect(page).toHaveURL("/");
    // Had either press navigated, going back from the next search would land on /search?query=.
    await combobox(page).fill(UNIQUE);
    await combobox(page).press("Enter");
    await expect(page).toHaveURL(`/search?query=${UNIQUE}`);
    await page.goBack();
    await expect(page).toHaveURL("/");
  });

  test("Escape closes the list; typing opens it again", async ({ page }) => {
    await combobox(page).fill(COMMON);
    await expect(listbox(page)).toBeVisible();
    await combobox(page).press("Escape");
    await expect(listbox(page)).toBeHidden();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
    await expect(combobox(page)).toBeFocused();
    // Chromium also empties a search field on Escape, so type a fresh query.
    await combobox(page).fill("");
    await combobox(page).pressSequentially(COMMON.slice(0, 4));
    await expect(listbox(page)).toBeVisible();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
  });

  test("moving focus away closes the list", async ({ page }) => {
    await combobox(page).fill(COMMON);
    await expect(listbox(page)).toBeVisible();
    await combobox(page).press("Tab");
    await expect(combobox(page)).not.toBeFocused();
    await expect(listbox(page)).toBeHidden();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("a click outside closes the list", async ({ page }) => {
    await combobox(page).fill(COMMON);
    await expect(listbox(page)).toBeVisible();
    await page.getByRole("heading", { level: 2, name: "Latest Stories" }).click();
    await expect(listbox(page)).toBeHidden();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("the open list has no accessibility violations", async ({ page }) => {
    await combobox(page).fill(COMMON);
    await expect(listbox(page).getByRole("option")).toHaveCount(commonStories.length + 1);
    await combobox(page).press("ArrowDown");
    await expect(listbox(page).getByRole("option", { selected: true })).toHaveCount(1);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe("instant search on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("lives in the mobile menu and works there", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const box = page.getByRole("combobox", { name: "Search articles" });
    await expect(box).toBeHidden();
    await page.getByLabel("Open menu").click();
    await expect(box).toBeVisible();
    await box.fill(UNIQUE);
    const listbox = page.getByRole("listbox", { name: "Quick Results" });
    await expect(listbox.getByRole("option")).toHaveCount(2);
    await expect(listbox.getByRole("option").first()).toContainText(uniqueStory.title);
    await box.press("Enter");
    await expect(page).toHaveURL(`/search?query=${UNIQUE}`);
  });
});

test.describe("search does not leak drafts anywhere", () => {
  test("a word only the draft contains gives no quick results", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Search articles" }).fill(DRAFT_ONLY);
    const options = page.getByRole("listbox", { name: "Quick Results" }).getByRole("option");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText(`No articles found for "${DRAFT_ONLY}"`);
  });
});

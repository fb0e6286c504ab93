import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sameOriginHeaders, waitForHydration } from "./support";

/** The spec's thanks, with double opt-in's second sentence (the shared e2e server keeps double opt-in on). */
const THANKS = "Thanks for subscribing! Check your inbox to confirm.";
const LINK_STILL_VALID = "We sent a confirmation link a few minutes ago; it is still valid.";
const REQUIRED = "Please enter your email address";
const INVALID = "Please enter a valid email address";
const LIMITED = "Too many sign-up attempts from your network. Please try again in a few minutes.";
/** The sign-up budget per client address and 15 minutes. */
const SIGNUP_LIMIT = 10;

/**
 * The server rate-limits sign-ups per client address, so every test that signs up comes from an address of its
 * own, fresh on every run of it (fixtures.ts), and spends its own budget.
 */
function fromOwnAddress() {
  test.use({ ownClientAddress: true });
}

function block(page: Page) {
  return page.getByRole("region", { name: "Stay in the loop" });
}

function emailField(page: Page) {
  return block(page).getByLabel("Email address");
}

function message(page: Page) {
  return block(page).getByRole("status");
}

async function signUp(page: Page, email: string) {
  await emailField(page).fill(email);
  await block(page).getByRole("button", { name: "Subscribe" }).click();
}

/** Posts the form as a script does: no returnTo, so the answer is JSON. */
function post(request: APIRequestContext, form: Record<string, string>) {
  return request.post("/newsletter", { form, maxRedirects: 0, headers: sameOriginHeaders() });
}

let unique = 0;
function freshEmail(): string {
  unique += 1;
  return `reader-${process.pid}-${Date.now()}-${unique}@example.com`;
}

test.describe("newsletter sign-up in the browser", () => {
  test("an empty field is refused in the browser, without a request", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await block(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(message(page)).toHaveText(REQUIRED);
    await expect(emailField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(emailField(page)).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("a malformed address is refused", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    for (const email of [
      "not-an-email",
      "a@b",
      "two words@example.com",
      "@example.com",
      "1,victim@example.com",
      "x:victim@example.com;",
      "Victim <victim@example.com>",
    ]) {
      await signUp(page, email);
      await expect(message(page)).toHaveText(INVALID);
      await expect(emailField(page)).toHaveValue(email);
    }
  });

  test.describe(() => {
    fromOwnAddress();

    test("a valid address is thanked for 3 seconds and the field is cleared", async ({ page }) => {
      // The page's clock is paused once it has loaded: the 3 seconds are counted in its own timers, which the
      // test advances, not in the machine's (busy) seconds.
      const start = new Date("2026-11-24T12:00:00Z").getTime();
      await page.clock.install({ time: start });
      await page.goto("/");
      await waitForHydration(page);
      await page.clock.pauseAt(start + 60_000);
      await signUp(page, freshEmail());
      await expect(message(page)).toHaveText(THANKS);
      await expect(emailField(page)).toHaveValue("");
      await expect(emailField(page)).not.toHaveAttribute("aria-invalid", /.*/);
      await expect(page).toHaveURL("/");

      await page.clock.runFor(2_999);
      await expect(message(page), "the thanks is still shown just before 3 seconds").toHaveText(THANKS);
      await page.clock.runFor(1);
      await expect(message(page)).toHaveText("");
    });
  });

  test.describe(() => {
    fromOwnAddress();

    test("an error message is replaced by the thanks once the address is fixed", async ({ page }) => {
      await page.goto("/category/security");
      await waitForHydration(page);
      await signUp(page, "not-an-email");
      await expect(message(page)).toHaveText(INVALID);
      await signUp(page, freshEmail());
      await expect(message(page)).toHaveText(THANKS);
      await expect(emailField(page)).toHaveValue("");
    });
  });

  test.describe(() => {
    fromOwnAddress();

    test("the same address in another case signs up again without an error, and is told its link is still valid", async ({
      page,
      request,
    }) => {
      const email = freshEmail();
      await page.goto("/");
      await waitForHydration(page);
      await signUp(page, email.toUpperCase());
      await expect(message(page)).toHaveText(THANKS);
      // The confirmation just sent is still waiting: no second one is promised.
      await signUp(page, email);
      await expect(message(page)).toHaveText(LINK_STILL_VALID);

      const again = await post(request, { email: ` ${email.replace("reader", "Reader")} ` });
      expect(again.status()).toBe(200);
      expect(await again.json()).toEqual({ outcome: "linkStillValid" });
    });
  });

  test.describe(() => {
    fromOwnAddress();
    test.use({ allowedConsoleErrors: [/the server responded with a status of 429/] });

    test(`after ${SIGNUP_LIMIT} sign-ups from one address the next is refused with 429`, async ({ page, request }) => {
      for (let attempt = 1; attempt <= SIGNUP_LIMIT; attempt++) {
        const response = await post(request, { email: freshEmail() });
        expect(response.status(), `sign-up ${attempt}`).toBe(200);
        expect(await response.json()).toEqual({ outcome: "checkInbox" });
      }
      const refused = await post(request, { email: freshEmail() });
      expect(refused.status()).toBe(429);
      expect(await refused.json()).toEqual({ outcome: "limited" });
      const retryAfter = Number(refused.headers()["retry-after"]);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      await page.goto("/");
      await waitForHydration(page);
      await signUp(page, freshEmail());
      await expect(message(page)).toHaveText(LIMITED);
    });
  });

  test.describe(() => {
    fromOwnAddress();

    test("another address keeps its own budget", async ({ request }) => {
      const response = await post(request, { email: freshEmail() });
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ outcome: "checkInbox" });
    });
  });
});

test.describe("the sign-up action", () => {
  test("checks the address again on the server", async ({ request }) => {
    const missing = await post(request, {});
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toEqual({ outcome: "required" });
    const blank = await post(request, { email: "   " });
    expect(blank.status()).toBe(400);
    expect(await blank.json()).toEqual({ outcome: "required" });
    for (const email of ["not-an-email", "1,victim@example.com", "x:victim@example.com;", "a@example.com;b@example.com"]) {
      const malformed = await post(request, { email });
      expect(malformed.status(), email).toBe(400);
      expect(await malformed.json()).toEqual({ outcome: "invalid" });
    }
  });

  test.describe(() => {
    fromOwnAddress();

    test("redirects a plain form post back to its page (303) and never off the site", async ({ request }) => {
      const back = await post(request, { email: freshEmail(), returnTo: "/category/ai?page=1&newsletter=invalid" });
      expect(back.status()).toBe(303);
      expect(back.headers()["location"]).toBe("/category/ai?page=1&newsletter=checkInbox#newsletter");

      for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
        const response = await post(request, { email: freshEmail(), returnTo });
        expect(response.status(), returnTo).toBe(200);
        expect(response.headers()["location"]).toBeUndefined();
        expect(await response.json()).toEqual({ outcome: "checkInbox" });
      }
    });
  });

  test("a visit to /newsletter goes to the home page's sign-up block", async ({ request }) => {
    const response = await request.get("/newsletter", { maxRedirects: 0 });
    expect(response.status()).toBeGreaterThanOrEqual(300);
    expect(response.status()).toBeLessThan(400);
    expect(response.headers()["location"]).toBe("/#newsletter");
  });
});

test.describe("newsletter sign-up without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an empty field comes back with its message", async ({ page }) => {
    await page.goto("/");
    await block(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/?newsletter=required#newsletter");
    await expect(message(page)).toHaveText(REQUIRED);
  });

  test("a malformed address comes back with its message", async ({ page }) => {
    await page.goto("/category/mobile");
    await signUp(page, "not-an-email");
    await expect(page).toHaveURL("/category/mobile?newsletter=invalid#newsletter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mobile News");
    await expect(message(page)).toHaveText(INVALID);
  });

  test.describe(() => {
    fromOwnAddress();

    test("a valid address comes back to the same page with the thanks", async ({ page }) => {
      await page.goto("/category/ai");
      await signUp(page, freshEmail());
      await expect(page).toHaveURL("/category/ai?newsletter=checkInbox#newsletter");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI News");
      await expect(message(page)).toHaveText(THANKS);

      // A second sign-up from that page does not pile up outcomes in the URL.
      await signUp(page, freshEmail());
      await expect(page).toHaveURL("/category/ai?newsletter=checkInbox#newsletter");
    });
  });

  test.describe(() => {
    fromOwnAddress();

    test("an exhausted budget comes back with the rate-limit message", async ({ page, request }) => {
      for (let attempt = 1; attempt <= SIGNUP_LIMIT; attempt++) {
        expect((await post(request, { email: freshEmail() })).status()).toBe(200);
      }
      await page.goto("/");
      await signUp(page, freshEmail());
      await expect(page).toHaveURL("/?newsletter=limited#newsletter");
      await expect(message(page)).toHaveText(LIMITED);
    });
  });
});

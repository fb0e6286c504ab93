import { expect, test } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { instantToZonedTime, zonedTimeToInstant } from "../../app/utils/dates";
import { newDataDir } from "../support/pglite-template";
import { PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { fromOwnClientAddress } from "./admin-support";
import { articleRow, signInTo, waitForHydrated, waitForModal, type AdminAccount } from "./article-admin-support";
import { drafts } from "./support";

/**
 * Scheduled publishing in the browser: an editor schedules a draft for tomorrow at nine on the
 * newsroom's clock (New York here), readers cannot see it, and once the server's clock passes nine the scheduler
 * publishes it within a minute. The server is this file's own, started by a test-only launcher whose clock the
 * test moves forward (tests/support/movable-clock-server.mjs); production builds read the system clock.
 */

const TIME_ZONE = "America/New_York";
const admin: AdminAccount = { username: `scheduler-${process.pid}`, password: "scheduling editor correct horse" };
const story = drafts[0]!;

fromOwnClientAddress();

let server: ServerProcess;
let clockControl: string;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = path.join(PROJECT_ROOT, "tests", ".tmp", `scheduling-${process.pid}-${Date.now().toString(36)}`);
  newDataDir(dataDir);
  server = await startServer(
    { DATA_DIR: dataDir, TIME_ZONE, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
    60_000,
    [path.join(PROJECT_ROOT, "tests", "support", "movable-clock-server.mjs")],
  );
  const control = /Clock control at (http:\/\/\S+)/.exec(server.output())?.[1];
  if (!control) throw new Error(`The launcher did not print its clock control:\n${server.output()}`);
  clockControl = control;
});

test.afterAll(async () => {
  expect(await server.stop()).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Moves the server's clock forward and returns its new time. */
async function advanceClock(ms: number): Promise<Date> {
  const response = await fetch(`${clockControl}/advance?ms=${ms}`, { method: "POST" });
  expect(response.status).toBe(200);
  return new Date(await response.text());
}

test("an editor schedules a draft for nine tomorrow in the newsroom's zone, and it appears once that time comes", async ({
  page,
}) => {
  // Tomorrow on the newsroom's clock, at nine.
  const tomorrow = instantToZonedTime(new Date(Date.now() + 24 * 60 * 60_000), TIME_ZONE).slice(0, 10);
  const nineTomorrow = `${tomorrow}T09:00`;
  const shownTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${tomorrow}T12:00:00Z`),
  );

  // The time names its zone: EST or EDT, whichever New York keeps that day.
  const nineShown = `${shownTime}, 9:00 AM E[SD]T`;

  await signInTo(page, server.url, admin);
  await page.goto(`${server.url}/admin/articles`);
  await waitForHydrated(page.getByRole("link", { name: "New article" }));
  await articleRow(page, story.title)
    .getByRole("button", { name: `Schedule ${story.title}`, exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: "Schedule article" });
  await waitForModal(dialog);
  await expect(dialog.getByText(`Time zone: ${TIME_ZONE}`, { exact: true })).toBeVisible();
  await dialog.getByLabel("Publish on").fill(nineTomorrow);
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();

  await expect(page.getByRole("status").filter({ hasText: new RegExp(`^Article scheduled for ${nineShown}$`) })).toBeVisible();
  const row = articleRow(page, story.title);
  await expect(row.getByRole("cell").nth(3)).toHaveText("Scheduled");
  await expect(row.getByRole("cell").nth(4)).toHaveText(new RegExp(`^Scheduled for ${nineShown}$`));
  await expect(row.getByRole("button", { name: `Reschedule ${story.title}`, exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Unschedule ${story.title}`, exact: true })).toBeVisible();

  // The Scheduled filter lists it, and nothing that is not scheduled.
  await page.getByLabel("Status").selectOption("Scheduled");
  await expect(page).toHaveURL(/status=scheduled/);
  await expect(page.getByRole("table", { name: "Articles, newest first" }).getByRole("rowheader")).toHaveCount(1);
  await expect(articleRow(page, story.title)).toBeVisible();

  // Readers cannot see it before its time: not its page, not the feed.
  expect((await page.request.get(`${server.url}/article/${story.id}`)).status()).toBe(404);
  expect(await (await page.request.get(`${server.url}/rss.xml`)).text()).not.toContain(story.title);

  // The clock passes nine in New York; within a minute the article is out, on its page and on the home page.
  const nine = zonedTimeToInstant(nineTomorrow, TIME_ZONE)!.getTime();
  const serverNow = await advanceClock(0);
  await advanceClock(nine - serverNow.getTime() + 1_000);
  await expect
    .poll(async () => (await page.request.get(`${server.url}/article/${story.id}`)).status(), {
      message: "the scheduled article's page",
      timeout: 60_000,
    })
    .toBe(200);
  await page.goto(`${server.url}/`);
  await expect(page.getByRole("link", { name: story.title }).first()).toBeVisible();
  expect(await (await page.request.get(`${server.url}/rss.xml`)).text()).toContain(story.title);

  // Up to 33 hours passed on the server's clock (nine tomorrow, seen from early today), longer than a session lasts.
  await signInTo(page, server.url, admin);
  await page.goto(`${server.url}/admin/articles?status=published`);
  await expect(articleRow(page, story.title).getByRole("cell").nth(3)).toHaveText("Published");
});

import type { Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { photoLikeJpeg } from "../support/test-photo";
import { fromOwnClientAddress } from "./admin-support";
import { articleRow, signInTo, waitForModal, type AdminAccount } from "./article-admin-support";
import { expect, test } from "./fixtures";
import { notice } from "./support";

/**
 * Responsive images (decision 025): an editor uploads a camera-sized
 * photo as a cover and publishes; the article page offers it in several widths as AVIF and WebP with a JPEG
 * fallback, a phone loads a small variant rather than the 5 MB original, and link previews get a 1200x630 JPEG.
 */

const STORY = {
  title: "Harbour Cranes Switch to Battery Power Along the Whole Quay",
  excerpt: "The port's twelve cranes now run on batteries charged overnight, and the quay is quieter for it.",
  content: "The cranes were converted one by one over the winter.\n\nDock workers say the difference is the noise.",
};

test.describe("responsive covers", () => {
  fromOwnClientAddress();

  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `responsive-images-${process.pid}-${Date.now().toString(36)}`);
  const dataDir = path.join(dir, "data");
  const admin: AdminAccount = { username: `photo-editor-${process.pid}`, password: "photo editor correct horse battery" };
  let server: ServerProcess;
  let photo: Buffer;
  let articleUrl: string;
  let uploaded: string;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    [server, photo] = await Promise.all([
      // A busy machine can take far longer than usual to start the server.
      startServer(
        { DATA_DIR: dataDir, SEED_CONTENT: "none", ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
        180_000,
      ),
      // A 3000x2000 photo of nearly 5 MB, as a phone camera's would be.
      photoLikeJpeg({ width: 3000, height: 2000, minBytes: 4_500_000 }),
    ]);
    const page = await browser.newPage();
    ({ articleUrl, uploaded } = await publishWithUploadedCover(page));
    await page.close();
  });

  test.afterAll(async () => {
    if (!server) return rmSync(dir, { recursive: true, force: true });
    const code = await server.stop();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(errorLogLines(server.output())).toEqual([]);
  });

  /** As an editor: a new article with the photo uploaded as its cover, saved and published. Returns its address. */
  async function publishWithUploadedCover(page: Page) {
    await signInTo(page, server.url, admin);
    await page.goto(`${server.url}/admin/articles/new`);
    const dialog = page.getByRole("dialog", { name: "New article" });
    await waitForModal(dialog);
    await dialog.getByLabel("Title", { exact: true }).fill(STORY.title);
    await dialog.getByLabel("Excerpt", { exact: true }).fill(STORY.excerpt);
    await dialog.getByLabel("Category", { exact: true }).selectOption("Gadgets");
    await dialog.getByLabel("Content", { exact: true }).fill(STORY.content);
    await dialog
      .getByLabel("Upload an image", { exact: true })
      .setInputFiles({ name: "cranes.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(notice(dialog, "Image uploaded.")).toBeVisible();
    const cover = await dialog.getByLabel("Custom image URL", { exact: true }).inputValue();
    expect(cover).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expect(notice(page, "Article saved as a draft")).toBeVisible();

    const row = articleRow(page, STORY.title);
    const edit = await row.getByRole("link", { name: `Edit ${STORY.title}`, exact: true }).getAttribute("href");
    const id = /^\/admin\/articles\/(\d+)\/edit/.exec(edit ?? "")?.[1];
    expect(id, "the Edit link names the article").toBeTruthy();
    await row.getByRole("button", { name: `Publish ${STORY.title}`, exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Publish article" });
    await waitForModal(confirm);
    await confirm.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(notice(page, "Article published successfully")).toBeVisible();
    return { articleUrl: `${server.url}/article/${id}`, uploaded: path.basename(cover) };
  }

  test("the article's cover is a <picture> of AVIF and WebP sources and a JPEG fallback, in several widths", async ({ page }) => {
    await page.goto(articleUrl);
    const story = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1, name: STORY.title }) });
    await expect(story).toBeVisible();
    const cover = story.locator("picture").filter({ has: page.locator(`img[src^="/media/uploads/${uploaded}/"]`) });
    await expect(cover).toHaveCount(1);
    const image = cover.getByRole("presentation");
    await expect(image).toHaveAttribute("width", "3000");
    await expect(image).toHaveAttribute("height", "2000");
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(image).toHaveAttribute("sizes", /.+/);
    const srcset = (await image.getAttribute("srcset")) ?? "";
    expect(srcset.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["320w", "640w", "960w", "1280w", "1920w"]);
    expect(srcset).toContain(`/media/uploads/${uploaded}/w320.jpg 320w`);
    const sources = await cover
      .locator("source")
      .evaluateAll((elements) =>
        elements.map((element) => ({ type: element.getAttribute("type"), srcset: element.getAttribute("srcset") ?? "" })),
      );
    expect(sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.srcset).toContain(`/media/uploads/${uploaded}/w640.avif 640w`);
    // The image shows, whole.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("a 390-pixel phone loads a small variant of the cover, never the 5 MB original", async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });
    const page = await phone.newPage();
    const loaded: { url: string; bytes: number; type: string }[] = [];
    page.on("response", async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.includes(uploaded)) return;
      loaded.push({ url: url.pathname, bytes: (await response.body()).length, type: response.headers()["content-type"] ?? "" });
    });
    await page.goto(articleUrl);
    const image = page.locator(`img[src^="/media/uploads/${uploaded}/"]`);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => loaded.length).toBeGreaterThan(0);
    expect(loaded, "one variant, in the best format the browser takes").toHaveLength(1);
    const [variant] = loaded;
    expect(variant?.url).toMatch(new RegExp(`^/media/uploads/${uploaded}/w\\d+\\.avif$`));
    expect(variant?.type).toBe("image/avif");
    expect(variant!.bytes, `the phone got ${variant!.bytes} bytes of a ${photo.length}-byte original`).toBeLessThan(
      photo.length / 10,
    );
    const drawn = await image.evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(drawn, "a width that fills the phone's screen, not the original's 3000").toBeLessThan(3000);
    await phone.close();
  });

  test("link previews get a 1200x630 JPEG of the cover with its size and alt text", async ({ page, request }) => {
    await page.goto(articleUrl);
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute("content");
    const ogImage = (await meta('property="og:image"')) ?? "";
    expect(ogImage).toMatch(new RegExp(`/media/uploads/${uploaded}/og\\.jpg$`));
    expect(await meta('name="twitter:image"')).toBe(ogImage);
    expect(await meta('property="og:image:width"')).toBe("1200");
    expect(await meta('property="og:image:height"')).toBe("630");
    expect(await meta('property="og:image:type"')).toBe("image/jpeg");
    expect(await meta('property="og:image:alt"')).toBe(STORY.title);
    expect(await meta('name="twitter:image:alt"')).toBe(STORY.title);
    expect(await meta('name="twitter:card"')).toBe("summary_large_image");

    const card = await request.get(`${server.url}${new URL(ogImage).pathname}`);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/jpeg");
    expect(await sharp(await card.body()).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  test("NewsArticle's image lists 16x9, 4x3 and 1x1 crops of the cover, each over 50,000 pixels", async ({ page, request }) => {
    await page.goto(articleUrl);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
      image?: string[];
    };
    expect(data.image).toHaveLength(3);
    const sizes = [];
    for (const address of data.image ?? []) {
      const response = await request.get(`${server.url}${new URL(address).pathname}`);
      expect(response.status()).toBe(200);
      const { width = 0, height = 0 } = await sharp(await response.body()).metadata();
      expect(width * height).toBeGreaterThanOrEqual(50_000);
      sizes.push(`${width}x${height}`);
    }
    expect(sizes).toEqual(["1200x675", "1200x900", "1200x1200"]);
  });

  test("addresses under /media/ that name no variant answer 404, never 500", async ({ request }) => {
    for (const address of [
      `/media/uploads/${uploaded}/w641.webp`,
      `/media/uploads/${uploaded}/w99999.avif`,
      `/media/uploads/${uploaded}/w640.png`,
      `/media/uploads/${uploaded}/og.webp`,
      "/media/uploads/0123456789abcdef0123456789abcdef.jpg/w640.webp",
      "/media/stock/no-such-cover/og.jpg",
      "/media/stock/ai-technology/w640.webp",
      "/media/anything",
    ]) {
      const response = await request.get(`${server.url}${address}`);
      expect(response.status(), address).toBe(404);
    }
    // An encoded way out of the folder is refused before routing (decision 015).
    expect((await request.get(`${server.url}/media/uploads/%2e%2e%2fsecrets/w640.webp`)).status()).toBe(400);
    // Stock covers have social cards too, drawn from their SVG.
    const stock = await request.get(`${server.url}/media/stock/ai-technology/og.jpg`);
    expect(stock.status()).toBe(200);
    expect(stock.headers()["content-type"]).toBe("image/jpeg");
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertArticles } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { photoLikeJpeg } from "../../../tests/support/test-photo";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createArticleService } from "../articles/articles.server";
import { createUploadService } from "../uploads/uploads.server";
import { createImageService } from "./images.server";
import { iconSetOf } from "../../utils/responsive-images";

const database = withTestDatabase();
const STOCK_DIRECTORY = path.resolve("public/images/stock");
const SITE = "https://news.example";

let dataDir: string;
let photo: Buffer;

beforeAll(async () => {
  photo = await photoLikeJpeg({ width: 2400, height: 1600 });
});
beforeEach(async () => {
  await resetDatabase(database.db);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "byline-images-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function pipeline() {
  const uploads = createUploadService({ dataDir });
  const { logger, entries } = createTestLogger();
  const images = createImageService({
    dataDir,
    uploadsDirectory: uploads.directory,
    stockDirectory: STOCK_DIRECTORY,
    siteOrigin: SITE,
    logger,
  });
  return { uploads, images, entries };
}

async function storedPhoto(uploads: ReturnType<typeof createUploadService>) {
  const stored = await uploads.store(photo);
  if (stored.outcome !== "stored") throw new Error(`The photo was not stored: ${stored.outcome}`);
  return stored.url;
}

describe("the image pipeline", () => {
  it("describes a published article's uploaded cover with its variants, social card and crops", async () => {
    const { uploads, images } = pipeline();
    const url = await storedPhoto(uploads);
    const [row] = await insertArticles(database.db, { title: "A photo story", image: url, publishedAt: new Date("2025-03-01") });
    const article = await createArticleService({ db: database.db, clock: manualClock("2025-04-01T00:00:00Z") }).findPublished(
      row!.id,
    );
    const cover = await images.cover(article!.image, article!.category);
    expect(cover.picture).toMatchObject({ width: 2400, height: 1600 });
    expect(cover.picture.srcSet).toMatch(/w320\.jpg 320w, .*w1920\.jpg 1920w$/);
    expect(cover.picture.sources?.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(cover.social).toMatchObject({ width: 1200, height: 630, type: "image/jpeg" });
    expect(cover.social.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.jpg\/og\.jpg$/);
    expect(cover.structured.map((crop) => crop.split("/").at(-1))).toEqual(["16x9.jpg", "4x3.jpg", "1x1.jpg"]);
  });

  it("makes each width in each format at its size, far smaller than the original", async () => {
    const { uploads, images } = pipeline();
    const url = await storedPhoto(uploads);
    const picture = await images.picture(url);
    const avif = picture.sources?.[0]?.srcSet.split(", ")[1]?.split(" ")[0];
    for (const [address, format, width] of [
      [avif, "heif", 640],
      [picture.src, "jpeg", 960],
    ] as const) {
      const found = await images.file(address!);
      const metadata = await sharp(found!.file).metadata();
      expect(metadata.format).toBe(format);
      expect(metadata.width).toBe(width);
      expect(metadata.height).toBe(Math.round((width * 1600) / 2400));
      expect(statSync(found!.file).size).toBeLessThan(photo.length / 5);
    }
  });

  it("makes the social card and the crops at their sizes, from uploads and stock covers alike", async () => {
    const { uploads, images } = pipeline();
    const url = await storedPhoto(uploads);
    const upload = await images.cover(url, "AI");
    const stock = await images.cover("/images/stock/ai-technology.svg", "AI");
    expect(stock.picture).toEqual({ src: "/images/stock/ai-technology.svg", width: 1200, height: 675 });
    for (const cover of [upload, stock]) {
      const card = await images.file(cover.social.url);
      expect(card?.contentType).toBe("image/jpeg");
      expect(await sharp(card!.file).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
      const sizes = await Promise.all(
        cover.structured.map(async (crop) => {
          const { width = 0, height = 0 } = await sharp((await images.file(crop))!.file).metadata();
          return [width, height];
        }),
      );
      expect(sizes).toEqual([
        [1200, 675],
        [1200, 900],
        [1200, 1200],
      ]);
      for (const [width, height] of sizes) expect(width! * height!).toBeGreaterThanOrEqual(50_000);
    }
  });

  it("makes the newsroom's icon from an upload: square PNGs of 32, 180, 192 and 512 px, and a favicon.ico", async () => {
    const { uploads, images } = pipeline();
    const url = await storedPhoto(uploads);
    const icons = iconSetOf(url);
    expect(icons).not.toBeNull();
    for (const [address, size] of [
      [icons!.png32, 32],
      [icons!.appleTouch, 180],
      [icons!.manifest[0], 192],
      [icons!.manifest[1], 512],
    ] as const) {
      const made = await images.file(address);
      expect(made?.contentType).toBe("image/png");
      // The 2400 x 1600 photo's middle, square.
      expect(await sharp(made!.file).metadata()).toMatchObject({ format: "png", width: size, height: size });
    }
    const ico = await images.file(icons!.ico);
    expect(ico?.contentType).toBe("image/x-icon");
    const bytes = readFileSync(ico!.file);
    // An ICO header for one 32 x 32 image, its PNG right after the 22 bytes of header and entry.
    expect([...bytes.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
    expect(bytes.readUInt32LE(14)).toBe(bytes.length - 22);
    expect(await sharp(bytes.subarray(22)).metadata()).toMatchObject({ format: "png", width: 32, height: 32 });
    // A stock cover is no icon, and an icon of a size not offered does not exist.
    expect(iconSetOf("/images/stock/ai-technology.svg")).toBeNull();
    expect(await images.file(icons!.png32.replace("icon32", "icon64"))).toBeNull();
  });

  it("makes a variant once and serves the kept file after that, even to another instance", async () => {
    const first = pipeline();
    const url = await storedPhoto(first.uploads);
    const card = (await first.images.cover(url, "AI")).social.url;
    const [a, b] = await Promise.all([first.images.file(card), first.images.file(card)]);
    expect(a?.file).toBe(b?.file);
    const madeAt = statSync(a!.file).mtimeMs;
    // A second instance sharing the data directory finds the file there.
    const second = pipeline();
    expect((await second.images.file(card))?.file).toBe(a!.file);
    expect(statSync(a!.file).mtimeMs).toBe(madeAt);
    // Nothing half-written is left beside it.
    expect(readdirSync(path.dirname(a!.file)).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("two instances making the same variant at once both end with one whole file", async () => {
    const first = pipeline();
    const second = pipeline();
    const url = await storedPhoto(first.uploads);
    const address = (await first.images.picture(url)).src;
    const [a, b] = await Promise.all([first.images.file(address), second.images.file(address)]);
    expect(a?.file).toBe(b?.file);
    expect((await sharp(a!.file).metadata()).width).toBe(960);
    expect(readdirSync(path.dirname(a!.file)).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("answers nothing for variants it does not offer: a width wider than the original, a missing or broken upload", async () => {
    const { uploads, images, entries } = pipeline();
    const small = await uploads.store(await photoLikeJpeg({ width: 700, height: 400 }));
    if (small.outcome !== "stored") throw new Error("not stored");
    const file = small.url.split("/").at(-1);
    expect(await images.file(`/media/uploads/${file}/w640.webp`)).not.toBeNull();
    expect(await images.file(`/media/uploads/${file}/w960.webp`)).toBeNull();
    expect(await images.file("/media/uploads/0123456789abcdef0123456789abcdef.jpg/w320.webp")).toBeNull();
    expect(await images.file("/media/uploads/../../etc/passwd")).toBeNull();
    // A file that starts like a JPEG but is not one: no variants, and the page shows its address as it is.
    writeFileSync(path.join(uploads.directory, "fedcba9876543210fedcba9876543210.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]));
    expect(await images.file("/media/uploads/fedcba9876543210fedcba9876543210.jpg/og.jpg")).toBeNull();
    expect(await images.picture("/uploads/fedcba9876543210fedcba9876543210.jpg")).toEqual({
      src: "/uploads/fedcba9876543210fedcba9876543210.jpg",
    });
    expect(entries.some((entry) => entry.msg === "could not read an upload's size")).toBe(true);
  });

  it("serves an address elsewhere as it is, and never makes an SVG the social image", async () => {
    const { images } = pipeline();
    expect(await images.cover("https://cdn.example/photo.jpg", "/images/stock/ai-technology.svg")).toEqual({
      picture: { src: "https://cdn.example/photo.jpg" },
      social: { url: "https://cdn.example/photo.jpg" },
      structured: ["https://cdn.example/photo.jpg"],
    });
    // The section's cover (a stock drawing) gives the social card.
    const svg = await images.cover("https://cdn.example/drawing.svg", "/images/stock/security-protection.svg");
    expect(svg.picture).toEqual({ src: "https://cdn.example/drawing.svg" });
    expect(svg.social).toEqual({ url: "/media/stock/security-protection/og.jpg", width: 1200, height: 630, type: "image/jpeg" });
  });
});

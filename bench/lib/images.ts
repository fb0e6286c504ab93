/**
 * Responsive images (issue 20 target 3, issue 26 point 2; decision 025): an article whose cover is a camera-sized
 * upload (3000x2000, about 5 MB), opened in Chromium as a 390-pixel phone at device pixel ratios 1 and 3; the
 * bytes its cover cost are summed from the responses and set against the original's. Then the article's og:image
 * is fetched and read: raster, at least 1200x630, with its size and alt tags. Also timed: the first request of a
 * variant (made then) and the second (read from disk).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright";
import sharp from "sharp";
import { openDatabase } from "../../app/db/client.server";
import { insertArticles, insertAuthor } from "../../tests/support/article-factory";
import { photoLikeJpeg } from "../../tests/support/test-photo";
import { log, rawGet } from "./processes";
import { bytes, context, judged, markdownTable, ms, type Section } from "./report";
import { startServer } from "./server";

/** What a phone may get at most: a tenth of the original (a 5 MB photo must not reach a phone as 5 MB). */
const PHONE_SHARE = 0.1;
const PHONE = { width: 390, height: 844 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Loaded {
  path: string;
  bytes: number;
}

/** The cover's responses when the article loads at this device pixel ratio on a 390-px screen. */
async function coverOnPhone(articleUrl: string, file: string, deviceScaleFactor: number): Promise<Loaded[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage({ viewport: PHONE, deviceScaleFactor, isMobile: true });
    const loaded: Promise<Loaded>[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.includes(file)) loaded.push(response.body().then((body) => ({ path: pathname, bytes: body.length })));
    });
    await page.goto(articleUrl, { waitUntil: "load" });
    return await Promise.all(loaded);
  } finally {
    await browser.close();
  }
}

function metaContent(html: string, key: string): string | undefined {
  const pattern = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`);
  return pattern.exec(html)?.[1]?.replaceAll("&amp;", "&");
}

export async function measureImages(root: string): Promise<Section> {
  const dataDir = path.join(root, "bench", ".data", `images-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  try {
    log("Making a 3000x2000 photo of about 5 MB and an article with it as the cover.");
    const photo = await photoLikeJpeg({ width: 3000, height: 2000, minBytes: 4_500_000 });
    const file = `${randomBytes(16).toString("hex")}.jpg`;
    writeFileSync(path.join(dataDir, "uploads", file), photo);
    const handle = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
    let articleId: number;
    try {
      await handle.migrate();
      const author = await insertAuthor(handle.db, { name: "Bench Photographer" });
      const [article] = await insertArticles(handle.db, {
        title: "A photo story for the image bench",
        image: `/uploads/${file}`,
        authorId: author.id,
        publishedAt: new Date(Date.now() - 3_600_000),
      });
      articleId = article!.id;
    } finally {
      await handle.close();
    }

    const server = await startServer(root, { dataDir, pageCache: false });
    try {
      const articleUrl = `${server.url}/article/${articleId}`;
      const html = (await rawGet(articleUrl)).body.toString("utf8");
      // The first request of the phone's variant makes it; time that and a second request, read from disk.
      const firstCandidate = /srcSet="([^" ]+) /.exec(html)?.[1] ?? "";
      const firstStarted = performance.now();
      const first = await rawGet(`${server.url}${firstCandidate.replaceAll("&amp;", "&")}`);
      const makeMs = performance.now() - firstStarted;
      const againStarted = performance.now();
      await rawGet(`${server.url}${firstCandidate}`);
      const cachedMs = performance.now() - againStarted;

      const phones = [];
      for (const dpr of [1, 3]) {
        const loaded = await coverOnPhone(articleUrl, file, dpr);
        phones.push({ dpr, loaded, total: loaded.reduce((sum, item) => sum + item.bytes, 0) });
      }

      const ogImage = metaContent(html, "og:image") ?? "";
      const card = ogImage ? await rawGet(`${server.url}${new URL(ogImage).pathname}`) : null;
      const cardType = card?.headers["content-type"] ?? "";
      const cardSize = card?.status === 200 ? await sharp(card.body).metadata() : { width: 0, height: 0 };
      const tags = {
        width: metaContent(html, "og:image:width"),
        height: metaContent(html, "og:image:height"),
        alt: metaContent(html, "og:image:alt"),
        twitterAlt: metaContent(html, "twitter:image:alt"),
      };
      const raster = /\.(?:jpe?g|png|webp)$/.test(ogImage) && /^image\/(?:jpeg|png|webp)$/.test(String(cardType));
      const bigEnough = (cardSize.width ?? 0) >= 1200 && (cardSize.height ?? 0) >= 630;
      const tagged = Boolean(tags.width && tags.height && tags.alt && tags.twitterAlt);

      const figures = phones.map(({ dpr, loaded, total }) => {
        const variant = loaded.length > 0 && loaded.every((item) => item.path.startsWith("/media/"));
        const names = loaded.map((item) => item.path.split("/").at(-1)).join(", ") || "nothing";
        return judged(
          `Cover bytes on a 390-px phone at ${dpr}x (5 MB upload)`,
          `${bytes(total)} (${names}) vs ${bytes(photo.length)} original, ${((total / photo.length) * 100).toFixed(1)}%`,
          `a variant, at most ${PHONE_SHARE * 100}% of the original`,
          variant && total > 0 && total <= photo.length * PHONE_SHARE,
        );
      });
      figures.push(
        judged(
          "og:image of an article with an uploaded cover",
          `${new URL(ogImage || "http://x/none").pathname.split("/").at(-1)}, ${card?.status ?? "no answer"} ${cardType}, ${cardSize.width}x${cardSize.height}, ${bytes(card?.body.length ?? 0)}; width/height/alt tags ${tagged ? "present" : "missing"}`,
          "raster (JPEG, PNG or WebP) of at least 1200x630 with width, height and alt tags",
          raster && bigEnough && tagged,
        ),
        context(
          "First request of a variant (made then: the 3000x2000 upload as a 320-px AVIF)",
          `${ms(makeMs)}, ${bytes(first.body.length)}`,
        ),
        context("Same variant again (read from DATA_DIR/media)", ms(cachedMs)),
      );
      const problems = server.problems();
      return {
        title: "Responsive images",
        figures,
        notes: [
          markdownTable(
            ["Phone", "Responses for the cover"],
            phones.map(({ dpr, loaded }) => [
              `390x844 at ${dpr}x`,
              loaded.map((item) => `${item.path.split("/").slice(-1)[0]} ${bytes(item.bytes)}`).join(", "),
            ]),
          ),
          ...(problems.length > 0 ? [`Server warnings:\n\n${problems.map((line) => `    ${line}`).join("\n")}`] : []),
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

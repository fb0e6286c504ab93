/**
 * npx tsx scripts/render-email-covers.ts
 * Draws a PNG copy of each stock cover for e-mail, since Gmail and Outlook do not show SVG
 * images: public/images/stock/{slug}.svg (1200x675) becomes public/images/stock/email/{slug}.png
 * at 600x338, the width of the digest. Run it again after changing a stock SVG and commit the PNGs.
 *
 * Chromium (CHROMIUM_PATH, else /usr/bin/chromium) draws each SVG; the script then reduces it to
 * a 256-colour palette and writes an indexed PNG. A full-colour PNG of these covers weighs
 * 100 to 190 KB, because Chromium dithers the gradients; the palette copy is 25 to 60 KB and
 * looks the same at mail size. Exits with 1 when a copy is over the 80 KB budget.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { chromium } from "playwright";
import { STOCK_IMAGES } from "~/utils/stock-images";

const WIDTH = 600;
const HEIGHT = 338;
const PALETTE_SIZE = 256;
const DITHER_STRENGTH = 0.5;
const SIZE_BUDGET_BYTES = 80 * 1024;

const stockDirectory = path.resolve(import.meta.dirname, "../public/images/stock");
const emailDirectory = path.join(stockDirectory, "email");

type Rgb = [number, number, number];

/** The colour of pixel `index` of RGBA data as 0xRRGGBB. */
function colorAt(rgba: ArrayLike<number>, index: number): number {
  const offset = index * 4;
  return ((rgba[offset] ?? 0) << 16) | ((rgba[offset + 1] ?? 0) << 8) | (rgba[offset + 2] ?? 0);
}

function channel(color: number, which: 0 | 1 | 2): number {
  return (color >> (16 - 8 * which)) & 0xff;
}

/**
 * Median cut: start from one box holding every colour and keep splitting the box that matters
 * most (widest channel spread, weighted by its pixels) at the median pixel of that channel.
 * Each box's palette entry is the pixel-weighted mean of its colours.
 */
function medianCutPalette(counts: Map<number, number>, size: number): Rgb[] {
  interface Box {
    colors: number[];
    pixels: number;
    widest: 0 | 1 | 2;
    score: number;
  }
  const makeBox = (colors: number[]): Box => {
    const pixels = colors.reduce((sum, color) => sum + (counts.get(color) ?? 0), 0);
    let widest: 0 | 1 | 2 = 0;
    let widestSpread = -1;
    for (const which of [0, 1, 2] as const) {
      let low = 255;
      let high = 0;
      for (const color of colors) {
        low = Math.min(low, channel(color, which));
        high = Math.max(high, channel(color, which));
      }
      if (high - low > widestSpread) [widest, widestSpread] = [which, high - low];
    }
    return { colors, pixels, widest, score: colors.length < 2 ? 0 : widestSpread * Math.sqrt(pixels) };
  };

  const boxes = [makeBox([...counts.keys()])];
  while (boxes.length < size) {
    const box = boxes.reduce((best, candidate) => (candidate.score > best.score ? candidate : best));
    if (box.score === 0) break;
    const colors = [...box.colors].sort((a, b) => channel(a, box.widest) - channel(b, box.widest));
    let seen = 0;
    let cut = 1;
    for (let index = 0; index < colors.length - 1; index++) {
      seen += counts.get(colors[index] ?? 0) ?? 0;
      if (seen >= box.pixels / 2) {
        cut = index + 1;
        break;
      }
    }
    boxes.splice(boxes.indexOf(box), 1, makeBox(colors.slice(0, cut)), makeBox(colors.slice(cut)));
  }

  return boxes.map(({ colors, pixels }) => {
    const sums = [0, 0, 0];
    for (const color of colors) {
      const count = counts.get(color) ?? 0;
      for (const which of [0, 1, 2] as const) sums[which] = (sums[which] ?? 0) + channel(color, which) * count;
    }
    return sums.map((sum) => Math.round(sum / pixels)) as Rgb;
  });
}

function nearestEntry(palette: Rgb[], color: number): number {
  let nearest = 0;
  let nearestDistance = Infinity;
  palette.forEach(([red, green, blue], index) => {
    const distance = (red - channel(color, 0)) ** 2 + (green - channel(color, 1)) ** 2 + (blue - channel(color, 2)) ** 2;
    if (distance < nearestDistance) [nearest, nearestDistance] = [index, distance];
  });
  return nearest;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/**
 * An 8-bit indexed PNG of opaque RGBA pixels. Pixels are mapped to the palette with half-strength
 * Floyd-Steinberg dithering: enough to hide the bands a 256-colour palette leaves in soft glows,
 * light enough to keep the file small. Rows are stored unfiltered, which suits palette images best.
 */
function indexedPng(rgba: ArrayLike<number>, width: number, height: number): Buffer {
  const counts = new Map<number, number>();
  for (let index = 0; index < width * height; index++) {
    const color = colorAt(rgba, index);
    counts.set(color, (counts.get(color) ?? 0) + 1);
  }
  const palette = medianCutPalette(counts, PALETTE_SIZE);
  const entries = new Map<number, number>();
  const entryFor = (color: number) => {
    let entry = entries.get(color);
    if (entry === undefined) {
      entry = nearestEntry(palette, color);
      entries.set(color, entry);
    }
    return entry;
  };

  const rows = Buffer.alloc((width + 1) * height); // each row: filter type 0, then one palette index per pixel
  // The error carried to this row and the next, per pixel and channel, with a spare pixel at each end.
  let carried = new Float32Array((width + 2) * 3);
  let carriedToNext = new Float32Array((width + 2) * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const color = colorAt(rgba, y * width + x);
      const wanted = ([0, 1, 2] as const).map((which) =>
        Math.min(255, Math.max(0, Math.round(channel(color, which) + (carried[(x + 1) * 3 + which] ?? 0)))),
      );
      const entry = entryFor(((wanted[0] ?? 0) << 16) | ((wanted[1] ?? 0) << 8) | (wanted[2] ?? 0));
      rows[y * (width + 1) + 1 + x] = entry;
      const drawn = palette[entry] ?? [0, 0, 0];
      for (const which of [0, 1, 2] as const) {
        const error = ((wanted[which] ?? 0) - drawn[which]) * DITHER_STRENGTH;
        const spread: [Float32Array, number, number][] = [
          [carried, x + 2, 7 / 16],
          [carriedToNext, x, 3 / 16],
          [carriedToNext, x + 1, 5 / 16],
          [carriedToNext, x + 2, 1 / 16],
        ];
        for (const [target, pixel, share] of spread) target[pixel * 3 + which] = (target[pixel * 3 + which] ?? 0) + error * share;
      }
    }
    [carried, carriedToNext] = [carriedToNext, carried.fill(0)];
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per palette index
  header[9] = 3; // colour type: indexed
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("PLTE", Buffer.from(palette.flat())),
    pngChunk("IDAT", deflateSync(rows, { level: 9, memLevel: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function run(): Promise<number> {
  mkdirSync(emailDirectory, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  let overBudget = 0;
  try {
    const page = await browser.newPage();
    await page.setContent(`<canvas width="${WIDTH}" height="${HEIGHT}"></canvas>`);
    for (const { slug } of STOCK_IMAGES) {
      const svg = readFileSync(path.join(stockDirectory, `${slug}.svg`));
      const source = `data:image/svg+xml;base64,${svg.toString("base64")}`;
      const rgba = await page.evaluate(
        async ({ source, width, height }) => {
          const image = new Image();
          image.src = source;
          await image.decode();
          const context = document.querySelector("canvas")?.getContext("2d");
          if (!context) throw new Error("No 2D canvas");
          context.fillStyle = "#ffffff";
          context.fillRect(0, 0, width, height);
          context.drawImage(image, 0, 0, width, height);
          // Base64 crosses to Node far faster than an array of 800,000 numbers.
          const bytes = context.getImageData(0, 0, width, height).data;
          let binary = "";
          for (let offset = 0; offset < bytes.length; offset += 0x8000) {
            binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
          }
          return btoa(binary);
        },
        { source, width: WIDTH, height: HEIGHT },
      );
      const png = indexedPng(Buffer.from(rgba, "base64"), WIDTH, HEIGHT);
      const target = path.join(emailDirectory, `${slug}.png`);
      writeFileSync(target, png);
      const over = png.length > SIZE_BUDGET_BYTES;
      if (over) overBudget++;
      console.log(
        `${path.relative(process.cwd(), target)}  ${(png.length / 1024).toFixed(1)} KB${over ? "  (over budget)" : ""}`,
      );
    }
  } finally {
    await browser.close();
  }
  return overBudget > 0 ? 1 : 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

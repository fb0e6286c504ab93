import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type Sharp from "sharp";
import { STOCK_IMAGES } from "../../utils/stock-images";
import {
  CROPS,
  FORMAT_MIME,
  SOCIAL_CARD,
  looksRaster,
  mediaSourceOf,
  offeredWidths,
  parseMediaPath,
  plainPicture,
  uploadPicture,
  variantName,
  variantUrl,
  type CoverImage,
  type MediaRequest,
  type MediaSource,
  type Picture,
  type Variant,
} from "../../utils/responsive-images";
import { UPLOAD_MAX_PIXELS } from "../../validation/upload";
import type { Logger } from "../logger.server";

/** sharp and libvips, loaded by the first image that needs them rather than with the server, which starts faster without them. */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import("sharp").then((module) => module.default));

/** Variants made at the same time by one process; more wait their turn, so a burst of new addresses cannot take every core. */
const MAX_CONCURRENT_RENDERS = 2;
/** Upload sizes remembered in memory; a miss reads the file's header again (about a millisecond). */
const MAX_REMEMBERED_SIZES = 2_000;
/** Stock SVGs are 1200x675: drawn at twice that, so a 1200x1200 crop is still drawn rather than enlarged. */
const STOCK_DENSITY = 144;

const QUALITY = { avif: 50, webp: 72, jpg: 78 } as const;

/**
 * Why these bytes could not be made into variants: more than UPLOAD_MAX_PIXELS (read from the header alone), or
 * not a picture libvips reads to its end (a damaged file can have a right signature and header); null when they
 * can. The pixels are decoded once, into a thumbnail that is thrown away (a JPEG shrinks as it loads).
 */
export async function imageProblem(bytes: Uint8Array): Promise<"too_many_pixels" | "unreadable" | null> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) return "unreadable";
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) return "too_many_pixels";
  return sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .resize(16)
    .toBuffer()
    .then(
      () => null,
      () => "unreadable" as const,
    );
}

export interface MediaFile {
  /** Absolute path of the file to send. */
  file: string;
  contentType: string;
}

export interface ImageServiceDependencies {
  /** DATA_DIR: variants are kept under DATA_DIR/media. */
  dataDir: string;
  /** Where uploads live (DATA_DIR/uploads). */
  uploadsDirectory: string;
  /** Where the stock SVG covers are (public/images/stock, or build/client/images/stock in production). */
  stockDirectory: string;
  /** The site's origin, so absolute addresses of our own uploads are recognised too. */
  siteOrigin: string;
  logger: Logger;
}

/** A small counting semaphore. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * The image pipeline (decision 025): describes covers for pages (sizes, srcset, social card, JSON-LD crops) and
 * makes each variant once, with sharp, into DATA_DIR/media, written aside and renamed into place, so instances
 * sharing the data directory never see half a file and at worst make the same variant twice.
 */
export function createImageService({ dataDir, uploadsDirectory, stockDirectory, siteOrigin, logger }: ImageServiceDependencies) {
  const mediaDirectory = path.resolve(dataDir, "media");
  const sizes = new Map<string, { width: number; height: number } | null>();
  const inFlight = new Map<string, Promise<string>>();
  const render = limiter(MAX_CONCURRENT_RENDERS);

  function originalPath(source: MediaSource): string {
    return source.kind === "upload" ? path.join(uploadsDirectory, source.file) : path.join(stockDirectory, `${source.slug}.svg`);
  }

  function cachedPath(request: MediaRequest): string {
    const { source, variant } = request;
    const folder = source.kind === "upload" ? path.join("uploads", source.file) : path.join("stock", source.slug);
    return path.join(mediaDirectory, folder, variantName(variant));
  }

  /** An upload's displayed size (EXIF orientation applied), or null when it is missing or not an image sharp reads. */
  async function uploadSize(source: Extract<MediaSource, { kind: "upload" }>) {
    if (sizes.has(source.file)) return sizes.get(source.file) ?? null;
    let size: { width: number; height: number } | null = null;
    try {
      const sharp = await loadSharp();
      const metadata = await sharp(originalPath(source), { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
      const width = metadata.autoOrient?.width ?? metadata.width;
      const height = metadata.autoOrient?.height ?? metadata.height;
      size = width && height ? { width, height } : null;
    } catch (error) {
      // A missing file is an ordinary 404; anything else about our own upload deserves a line.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" && !/missing|no such file/i.test(String(error))) {
        logger.warn({ err: error, file: source.file }, "could not read an upload's size");
      }
    }
    const oldest = sizes.keys().next();
    if (sizes.size >= MAX_REMEMBERED_SIZES && !oldest.done) sizes.delete(oldest.value);
    sizes.set(source.file, size);
    return size;
  }

  async function draw(request: MediaRequest): Promise<Buffer> {
    const { source, variant } = request;
    const sharp = await loadSharp();
    const input =
      source.kind === "upload"
        ? sharp(originalPath(source), { limitInputPixels: UPLOAD_MAX_PIXELS }).autoOrient()
        : sharp(await readFile(originalPath(source)), { density: STOCK_DENSITY });
    if (variant.kind === "icon" || variant.kind === "ico") {
      // A square: the middle of an upload of another shape.
      const size = variant.kind === "icon" ? variant.size : 32;
      const png = await input.resize(size, size, { fit: "cover", position: "centre" }).png({ compressionLevel: 9 }).toBuffer();
      return variant.kind === "ico" ? icoOf(png, size) : png;
    }
    if (variant.kind === "crop") {
      const { width, height } = CROPS[variant.crop];
      return input
        .resize(width, height, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: QUALITY.jpg, mozjpeg: true })
        .toBuffer();
    }
    const resized = input.resize({ width: variant.width, withoutEnlargement: true });
    switch (variant.format) {
      case "avif":
        return resized.avif({ quality: QUALITY.avif, effort: 2 }).toBuffer();
      case "webp":
        return resized.webp({ quality: QUALITY.webp }).toBuffer();
      case "jpg":
        return resized.flatten({ background: "#ffffff" }).jpeg({ quality: QUALITY.jpg, mozjpeg: true }).toBuffer();
      case "png":
        return resized.png({ compressionLevel: 9, palette: false }).toBuffer();
    }
  }

  /** Makes the variant's file unless it is there already; one render per variant per process at a time. */
  async function ensure(request: MediaRequest): Promise<string> {
    const target = cachedPath(request);
    const existing = await stat(target).catch(() => null);
    if (existing?.isFile()) return target;
    const pending = inFlight.get(target);
    if (pending) return pending;
    const making = render(async () => {
      const bytes = await draw(request);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.partial`);
      try {
        await writeFile(partial, bytes, { flag: "wx" });
        // rename() replaces atomically: another instance that made the same variant meanwhile wrote the same bytes.
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return target;
    }).finally(() => inFlight.delete(target));
    inFlight.set(target, making);
    return making;
  }

  function stockSocial(slug: string) {
    const source: MediaSource = { kind: "stock", slug };
    return {
      url: variantUrl(source, { kind: "crop", crop: "og" }),
      width: SOCIAL_CARD.width,
      height: SOCIAL_CARD.height,
      type: FORMAT_MIME.jpg,
    };
  }

  function crops(source: MediaSource): string[] {
    return (["16x9", "4x3", "1x1"] as const).map((crop) => variantUrl(source, { kind: "crop", crop }));
  }

  /** The stock drawing a section's cover names, for its social card; Software/Code for anything else. */
  function fallbackStockSlug(sectionCover: string): string {
    const source = mediaSourceOf(sectionCover, siteOrigin);
    return source?.kind === "stock"
      ? source.slug
      : (STOCK_IMAGES.find((image) => image.label === "Software/Code")?.slug ?? "software-code");
  }

  return {
    mediaDirectory,

    /** The picture for a cover address: responsive variants for an upload, the address itself for anything else. */
    async picture(url: string): Promise<Picture> {
      const source = mediaSourceOf(url, siteOrigin);
      if (source?.kind !== "upload") return plainPicture(url);
      const size = await uploadSize(source);
      return size ? uploadPicture(source, size) : { src: url };
    },

    /** Pictures for many covers at once (a list of cards), keyed by address. */
    async pictures(urls: readonly string[]): Promise<Record<string, Picture>> {
      const unique = [...new Set(urls)];
      const described = await Promise.all(unique.map(async (url) => [url, await this.picture(url)] as const));
      return Object.fromEntries(described);
    },

    /**
     * Everything an article page says about its cover: the picture, the social card (a 1200x630 JPEG made from an
     * upload or a stock cover; an address elsewhere only when it names a raster image, otherwise the category's
     * stock card: `sectionCover`, the cover its section falls back to) and the NewsArticle crops.
     */
    async cover(url: string, sectionCover: string): Promise<CoverImage> {
      const source = mediaSourceOf(url, siteOrigin);
      const picture = await this.picture(url);
      if (source?.kind === "stock") return { picture, social: stockSocial(source.slug), structured: crops(source) };
      if (source?.kind === "upload" && picture.width) {
        return {
          picture,
          social: {
            url: variantUrl(source, { kind: "crop", crop: "og" }),
            width: SOCIAL_CARD.width,
            height: SOCIAL_CARD.height,
            type: FORMAT_MIME.jpg,
          },
          structured: crops(source),
        };
      }
      // Not ours to resize: the address as it is where it looks like a picture previews can show.
      if (!source && url && looksRaster(url)) return { picture, social: { url }, structured: [url] };
      return { picture, social: stockSocial(fallbackStockSlug(sectionCover)), structured: url ? [url] : [] };
    },

    /**
     * The file for a request path under /media/, made now if it is not there yet; null when the path names no
     * variant we offer (a width the original cannot fill, a missing upload, a name outside the list).
     */
    async file(pathname: string): Promise<MediaFile | null> {
      const request = parseMediaPath(pathname);
      if (!request) return null;
      const { source, variant } = request;
      if (source.kind === "upload") {
        const size = await uploadSize(source);
        if (!size) return null;
        if (variant.kind === "width" && !offeredWidths(size.width).includes(variant.width)) return null;
      } else if (!(await stat(originalPath(source)).catch(() => null))) {
        return null;
      }
      const file = await ensure(request);
      return { file, contentType: variant.kind === "ico" ? "image/x-icon" : FORMAT_MIME[formatOf(variant)] };
    },
  };
}

function formatOf(variant: Exclude<Variant, { kind: "ico" }>) {
  return variant.kind === "width" ? variant.format : variant.kind === "icon" ? "png" : "jpg";
}

/**
 * An ICO file holding one PNG (every browser since 2007 reads PNG inside ICO): the 6-byte header, the 16-byte
 * entry, then the PNG.
 */
export function icoOf(png: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt8(size >= 256 ? 0 : size, 6);
  head.writeUInt8(size >= 256 ? 0 : size, 7);
  head.writeUInt8(0, 8);
  head.writeUInt8(0, 9);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}

export type ImageService = ReturnType<typeof createImageService>;

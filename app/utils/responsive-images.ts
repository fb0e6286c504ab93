import { STOCK_IMAGES, STOCK_IMAGE_HEIGHT, STOCK_IMAGE_WIDTH } from "./stock-images";

/**
 * Responsive images (decision 025): the names of the variants
 * the site makes of a cover, and what a page needs to show one. Pure: the making lives in
 * services/images/images.server.ts.
 *
 * Every variant has one address, `/media/{source}/{variant}.{format}`:
 * - an upload, `/media/uploads/{32 hex}.{jpg|png|gif|webp}/w{width}.{avif|webp|jpg|png}`: one of a fixed set of
 *   widths, in AVIF, WebP or the original's own kind (JPEG for JPEG, PNG for PNG and GIF, WebP for WebP);
 * - a crop of an upload or of a stock cover, `/media/uploads/{file}/{og|16x9|4x3|1x1}.jpg` or
 *   `/media/stock/{slug}/{og|16x9|4x3|1x1}.jpg`: the social card (1200x630) and the three JSON-LD crops.
 * Anything else is not a variant (404), so no address can ask for another size, format or file.
 */

export const MEDIA_URL_PREFIX = "/media/";

/** The widths a cover is offered in: a handful, never whatever a URL asks for. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export const VARIANT_FORMATS = ["avif", "webp", "jpg", "png"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const FORMAT_MIME: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/** Fixed crops, all JPEG: the social card and Google's three article image ratios (each well over 50,000 pixels). */
export const CROPS = {
  og: { width: 1200, height: 630 },
  "16x9": { width: 1200, height: 675 },
  "4x3": { width: 1200, height: 900 },
  "1x1": { width: 1200, height: 1200 },
} as const;
export type CropName = keyof typeof CROPS;
const CROP_NAMES = Object.keys(CROPS) as CropName[];

/** The social card's size (Open Graph and X's summary_large_image). */
export const SOCIAL_CARD = CROPS.og;

export type UploadExtension = "jpg" | "png" | "gif" | "webp";

export type MediaSource = { kind: "upload"; file: string; extension: UploadExtension } | { kind: "stock"; slug: string };

/** The newsroom's icon (settings, decision 038): a favicon, Apple's touch icon and the web manifest's two. */
export const ICON_SIZES = [32, 180, 192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

export type Variant =
  | { kind: "width"; width: VariantWidth; format: VariantFormat }
  | { kind: "crop"; crop: CropName }
  | { kind: "icon"; size: IconSize }
  /** favicon.ico: the 32 px icon in the container every browser asks /favicon.ico for. */
  | { kind: "ico" };

export interface MediaRequest {
  source: MediaSource;
  variant: Variant;
}

const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32}\.(jpg|png|gif|webp))$/;
const STOCK_PATH = /^\/images\/stock\/([a-z0-9-]+)\.svg$/;
const MEDIA_PATH = /^\/media\/(?:uploads\/([0-9a-f]{32}\.(jpg|png|gif|webp))|stock\/([a-z0-9-]+))\/([a-z0-9]+)\.([a-z]+)$/;

/** The format a resized upload falls back to where AVIF and WebP are not taken: the original's own kind. */
export function fallbackFormat(extension: UploadExtension): VariantFormat {
  return extension === "jpg" ? "jpg" : extension === "webp" ? "webp" : "png";
}

/** The formats an upload's width variants exist in, best first; the last is the `<img>` fallback. */
export function widthFormats(extension: UploadExtension): VariantFormat[] {
  const fallback = fallbackFormat(extension);
  return fallback === "webp" ? ["avif", "webp"] : ["avif", "webp", fallback];
}

/**
 * The source a cover address names, when it is one we can make variants of: an upload of ours (`/uploads/...`,
 * with or without this site's origin) or a stock cover. Anything else (an address elsewhere) is null.
 */
export function mediaSourceOf(url: string, siteOrigin?: string): MediaSource | null {
  let path = url;
  if (siteOrigin && url.startsWith(`${siteOrigin}/`)) path = url.slice(siteOrigin.length);
  const [, file, extension] = UPLOAD_PATH.exec(path) ?? [];
  if (file && extension) return { kind: "upload", file, extension: extension as UploadExtension };
  const [, slug] = STOCK_PATH.exec(path) ?? [];
  return slug && isStockSlug(slug) ? { kind: "stock", slug } : null;
}

function isStockSlug(slug: string): boolean {
  return STOCK_IMAGES.some((image) => image.slug === slug);
}

function sourcePath(source: MediaSource): string {
  return source.kind === "upload" ? `${MEDIA_URL_PREFIX}uploads/${source.file}` : `${MEDIA_URL_PREFIX}stock/${source.slug}`;
}

/** The one address of a variant. */
export function variantUrl(source: MediaSource, variant: Variant): string {
  return `${sourcePath(source)}/${variantName(variant)}`;
}

/** A variant's file name, the last part of its address. */
export function variantName(variant: Variant): string {
  switch (variant.kind) {
    case "width":
      return `w${variant.width}.${variant.format}`;
    case "crop":
      return `${variant.crop}.jpg`;
    case "icon":
      return `icon${variant.size}.png`;
    case "ico":
      return "favicon.ico";
  }
}

/**
 * A request path read as a variant, or null when it is not one of the names above (a width not in the list, a
 * format the source is not offered in, a stock cover that does not exist, anything with `..`, encoded characters
 * or capitals). Whether an upload is wide enough for the width is the service's question: it needs the file.
 */
export function parseMediaPath(pathname: string): MediaRequest | null {
  const [, file, extension, slug, name = "", format = ""] = MEDIA_PATH.exec(pathname) ?? [];
  const source: MediaSource | null =
    file && extension
      ? { kind: "upload", file, extension: extension as UploadExtension }
      : slug && isStockSlug(slug)
        ? { kind: "stock", slug }
        : null;
  if (!source) return null;
  if ((CROP_NAMES as string[]).includes(name)) {
    return format === "jpg" ? { source, variant: { kind: "crop", crop: name as CropName } } : null;
  }
  // Stock covers are vectors: the page shows the SVG itself, so they have crops only.
  if (source.kind !== "upload") return null;
  if (name === "favicon") return format === "ico" ? { source, variant: { kind: "ico" } } : null;
  const iconSize = ICON_SIZES.find((size) => name === `icon${size}`);
  if (iconSize) return format === "png" ? { source, variant: { kind: "icon", size: iconSize } } : null;
  const width = /^w(\d+)$/.exec(name)?.[1];
  const knownWidth = VARIANT_WIDTHS.find((candidate) => String(candidate) === width);
  if (!knownWidth) return null;
  if (!(widthFormats(source.extension) as string[]).includes(format)) return null;
  return { source, variant: { kind: "width", width: knownWidth, format: format as VariantFormat } };
}

/** The newsroom's icon in every size browsers and home screens ask for, made from its upload. */
export interface IconSet {
  ico: string;
  png32: string;
  appleTouch: string;
  /** The web manifest's 192 and 512 px icons. */
  manifest: [string, string];
}

/** The icon set of an upload's address (a square, or the middle of another shape); null for any other address. */
export function iconSetOf(url: string): IconSet | null {
  const source = mediaSourceOf(url);
  if (source?.kind !== "upload") return null;
  const icon = (size: IconSize) => variantUrl(source, { kind: "icon", size });
  return { ico: variantUrl(source, { kind: "ico" }), png32: icon(32), appleTouch: icon(180), manifest: [icon(192), icon(512)] };
}

/** The widths offered for an original this wide: those it can fill, or the smallest when it is narrower than all. */
export function offeredWidths(originalWidth: number): VariantWidth[] {
  const fitting = VARIANT_WIDTHS.filter((width) => width <= originalWidth);
  return fitting.length > 0 ? fitting : [VARIANT_WIDTHS[0]];
}

/** What a page needs to draw a cover. */
export interface Picture {
  /** The `<img>` address (for an upload, its fallback variant of a middle width). */
  src: string;
  /** Known for uploads and stock covers; unknown for an address elsewhere. */
  width?: number;
  height?: number;
  /** `<img srcset>` in the fallback format, and the `<source>`s in better formats (uploads only). */
  srcSet?: string;
  sources?: { type: string; srcSet: string }[];
}

/** The image for link previews: always a raster of at least 1200x630 where we make it. */
export interface SocialImage {
  url: string;
  width?: number;
  height?: number;
  type?: string;
}

/** A cover as pages, meta tags and structured data use it. */
export interface CoverImage {
  picture: Picture;
  social: SocialImage;
  /** NewsArticle `image`: the 16x9, 4x3 and 1x1 crops, or the original address where we cannot crop it. */
  structured: string[];
}

/** The picture of a cover the service has not described: stock covers have a known size, other addresses none. */
export function plainPicture(url: string): Picture {
  return mediaSourceOf(url)?.kind === "stock" ? { src: url, width: STOCK_IMAGE_WIDTH, height: STOCK_IMAGE_HEIGHT } : { src: url };
}

/** The height of an image `width` wide with the original's proportions. */
export function scaledHeight(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

/**
 * The picture of an upload `original.width` by `original.height`: width variants in AVIF, WebP and the fallback,
 * the `<img>` pointing at the fallback near 960 px (what a browser without srcset support gets).
 */
export function uploadPicture(
  source: Extract<MediaSource, { kind: "upload" }>,
  original: { width: number; height: number },
): Picture {
  const widths = offeredWidths(original.width);
  const srcSetIn = (format: VariantFormat) =>
    widths
      .map((width) => `${variantUrl(source, { kind: "width", width, format })} ${Math.min(width, original.width)}w`)
      .join(", ");
  const formats = widthFormats(source.extension);
  const fallback = formats.at(-1) ?? "jpg";
  const middle = widths.filter((width) => width <= 960).at(-1) ?? VARIANT_WIDTHS[0];
  return {
    src: variantUrl(source, { kind: "width", width: middle, format: fallback }),
    width: original.width,
    height: original.height,
    srcSet: srcSetIn(fallback),
    sources: formats.slice(0, -1).map((format) => ({ type: FORMAT_MIME[format], srcSet: srcSetIn(format) })),
  };
}

/** Whether an address elsewhere names a raster image link previews can show (by its extension; SVG never). */
export function looksRaster(url: string): boolean {
  try {
    return /\.(?:jpe?g|png|webp)$/i.test(new URL(url, "http://x").pathname);
  } catch {
    return false;
  }
}

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { paddedPng, pngDeclaring, whitePng } from "../../../tests/support/png";
import { UPLOAD_MAX_BYTES } from "../../validation/upload";
import { createUploadService, sniffImageType } from "./uploads.server";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)));

/** The smallest starts of real files of each kind, followed by a little data. */
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0x00, 0x01, 0x01]);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG = bytes(PNG_SIGNATURE, [0x00, 0x00, 0x00, 0x0d], "IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const GIF87 = bytes("GIF87a", [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]);
const GIF89 = bytes("GIF89a", [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]);
const WEBP = bytes("RIFF", [0x1a, 0x00, 0x00, 0x00], "WEBPVP8L", [0x0d, 0x00, 0x00, 0x00, 0x2f]);

const TEXT = bytes("Just some notes, not a picture.\n");
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
const SVG_WITH_XML_DECLARATION = bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
const WAVE = bytes("RIFF", [0x24, 0x00, 0x00, 0x00], "WAVEfmt ", [0x10, 0x00, 0x00, 0x00]);
const TRUNCATED_PNG = bytes(PNG_SIGNATURE.slice(0, 7));
const HTML_NAMED_LIKE_AN_IMAGE = bytes("<!DOCTYPE html><html><body>GIF89a</body></html>");

describe("sniffImageType", () => {
  it.each([
    ["JPEG", JPEG, "image/jpeg", "jpg"],
    ["PNG", PNG, "image/png", "png"],
    ["GIF87a", GIF87, "image/gif", "gif"],
    ["GIF89a", GIF89, "image/gif", "gif"],
    ["WebP", WEBP, "image/webp", "webp"],
  ])("recognises a %s by its first bytes", (_name, file, mime, extension) => {
    expect(sniffImageType(file)).toMatchObject({ mime, extension });
  });

  it.each([
    ["a text file", TEXT],
    ["an SVG", SVG],
    ["an SVG with an XML declaration", SVG_WITH_XML_DECLARATION],
    ["a RIFF file that is not WebP (WAVE audio)", WAVE],
    ["a PNG signature cut short", TRUNCATED_PNG],
    ["a RIFF header without its format", bytes("RIFF", [0, 0, 0, 0])],
    ["a GIF signature of an unknown version", bytes("GIF88a", [0, 0])],
    ["HTML that mentions an image signature later on", HTML_NAMED_LIKE_AN_IMAGE],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_name, file) => {
    expect(sniffImageType(file)).toBeNull();
  });
});

/** A real picture of each kind, 2 x 2, as a camera or an image editor would write it. */
let pictures: Record<"JPEG" | "PNG" | "GIF" | "WebP", Uint8Array>;

beforeAll(async () => {
  const square = (format: "jpeg" | "png" | "gif" | "webp") =>
    sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .toFormat(format)
      .toBuffer()
      .then((picture) => new Uint8Array(picture));
  pictures = { JPEG: await square("jpeg"), PNG: await square("png"), GIF: await square("gif"), WebP: await square("webp") };
});

describe("the upload service", () => {
  const dataDirs: string[] = [];

  function setUp() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "byline-uploads-"));
    dataDirs.push(dataDir);
    return { dataDir, uploads: createUploadService({ dataDir }), directory: path.join(dataDir, "uploads") };
  }

  /** The files in the uploads folder; none when it was never created. */
  const filesIn = (directory: string) => (existsSync(directory) ? readdirSync(directory) : []);

  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ["JPEG", "jpg", "image/jpeg"],
    ["PNG", "png", "image/png"],
    ["GIF", "gif", "image/gif"],
    ["WebP", "webp", "image/webp"],
  ] as const)("stores a %s under DATA_DIR/uploads with the extension its content shows", async (name, extension, mime) => {
    const { uploads, directory } = setUp();
    const file = pictures[name];

    const outcome = await uploads.store(file);

    expect(outcome).toEqual({ outcome: "stored", url: expect.any(String), mime, bytes: file.length });
    const url = outcome.outcome === "stored" ? outcome.url : "";
    expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${extension}$`));
    const stored = url.slice("/uploads/".length);
    expect(filesIn(directory)).toEqual([stored]);
    expect(new Uint8Array(readFileSync(path.join(directory, stored)))).toEqual(file);
    expect(uploads.directory).toBe(directory);
  });

  it("gives every upload its own name, even for the same file", async () => {
    const { uploads, directory } = setUp();

    const first = await uploads.store(pictures.PNG);
    const second = await uploads.store(pictures.PNG);

    const urls = [first, second].map((outcome) => (outcome.outcome === "stored" ? outcome.url : outcome.outcome));
    expect(new Set(urls).size).toBe(2);
    expect(
      filesIn(directory)
        .map((name) => `/uploads/${name}`)
        .sort(),
    ).toEqual([...urls].sort());
  });

  it("refuses an empty file and writes nothing", async () => {
    const { uploads, directory } = setUp();

    expect(await uploads.store(new Uint8Array())).toEqual({ outcome: "empty" });
    expect(filesIn(directory)).toEqual([]);
  });

  it("refuses a PNG one byte over the limit and writes nothing", async () => {
    const { uploads, directory } = setUp();
    expect(await uploads.store(paddedPng(UPLOAD_MAX_BYTES + 1))).toEqual({ outcome: "too_large" });
    expect(filesIn(directory)).toEqual([]);
  });

  it("accepts a PNG of exactly the limit", async () => {
    const { uploads, directory } = setUp();
    const outcome = await uploads.store(paddedPng(UPLOAD_MAX_BYTES));

    expect(outcome).toMatchObject({ outcome: "stored", mime: "image/png", bytes: UPLOAD_MAX_BYTES });
    const [name] = filesIn(directory);
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(readFileSync(path.join(directory, name!)).length).toBe(UPLOAD_MAX_BYTES);
  });

  it.each([
    ["a text file", TEXT, "not_an_image"],
    ["an SVG", SVG, "not_an_image"],
    ["a WAVE file", WAVE, "not_an_image"],
    ["a PNG signature followed by nothing a PNG holds", bytes(PNG_SIGNATURE, "not a header at all"), "unreadable"],
    ["a PNG with a right header and its pixels missing", pngDeclaring(1_000, 1_000), "unreadable"],
    ["a JPEG's first bytes alone", JPEG, "unreadable"],
    ["a WebP header without its picture", WEBP, "unreadable"],
  ])("refuses %s (%s) and writes nothing", async (_name, file, outcome) => {
    const { uploads, directory } = setUp();

    expect(await uploads.store(file)).toEqual({ outcome });
    expect(filesIn(directory)).toEqual([]);
  });

  it("refuses a picture of more than 100 megapixels, whose variants could not be made, and writes nothing", async () => {
    const { uploads, directory } = setUp();

    expect(await uploads.store(pngDeclaring(20_000, 20_000))).toEqual({ outcome: "too_many_pixels" });
    expect(await uploads.store(pngDeclaring(10_001, 10_000))).toEqual({ outcome: "too_many_pixels" });
    expect(filesIn(directory)).toEqual([]);
    // Exactly 100 megapixels is allowed: a real white PNG of 10,000 x 10,000.
    expect(await uploads.store(whitePng(10_000, 10_000))).toMatchObject({ outcome: "stored" });
  });

  it("leaves earlier uploads alone when a later one is refused", async () => {
    const { uploads, directory } = setUp();
    await uploads.store(pictures.JPEG);

    expect(await uploads.store(TEXT)).toEqual({ outcome: "not_an_image" });
    expect(filesIn(directory)).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.jpg$/)]);
  });
});

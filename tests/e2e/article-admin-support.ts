import { expect, type Locator, type Page } from "@playwright/test";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { sameOriginHeaders } from "./support";

/**
 * What the Article Management and upload specs share: signing in to a server of their own, waiting for the
 * admin pages to hydrate, and real image files made from bytes.
 */

export interface AdminAccount {
  username: string;
  password: string;
}

/**
 * Signs in to `serverUrl` as the sign-in form does, through the page's own request context, so the session
 * cookie lands in the page's browser context. The context needs its own client address (fromOwnClientAddress).
 */
export async function signInTo(page: Page, serverUrl: string, admin: AdminAccount): Promise<void> {
  const response = await page.request.post(`${serverUrl}/auth/login`, {
    form: { username: admin.username, password: admin.password, returnTo: "/admin/articles" },
    headers: sameOriginHeaders(serverUrl),
    maxRedirects: 0,
  });
  expect(response.status(), "the sign-in succeeds").toBe(303);
}

/** Waits until React has hydrated the element, so a click or a keystroke reaches its handlers. */
export async function waitForHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), {
      message: "the page is hydrated",
    })
    .toBe(true);
}

/** Waits until the dialog is a real modal (after hydration), the state in which Escape closes it and the page behind is inert. */
export async function waitForModal(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), { message: "the dialog is modal" }).toBe(true);
}

/** The names of the files in DATA_DIR/uploads, including half-written ones; none when the folder does not exist yet. */
export function storedUploads(dataDir: string): string[] {
  const directory = path.join(dataDir, "uploads");
  return existsSync(directory) ? readdirSync(directory).sort() : [];
}

export const UPLOADED_IMAGE_URL = /^\/uploads\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real PNG of one colour (8-bit RGB), which a browser decodes and shows. */
export function pngImage(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // Each row: filter type 0, then the row's pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG whose header says `width` x `height` and whose pixels are not there: a picture's size, in a few bytes. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(Buffer.alloc(1)))]);
}

/** The classic 1×1 transparent GIF. */
export const GIF_1X1 = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

/**
 * A real 1x1 PNG made exactly `bytes` long by a text chunk before its end, as a large photo's metadata would make
 * it: an image of exactly that size, which the upload's checks can read.
 */
export function paddedPng(bytes: number): Buffer {
  const png = pngImage(1, 1, [120, 120, 120]);
  const end = png.length - 12;
  const text = Buffer.alloc(bytes - png.length - 12, "a");
  text.write("Comment\0", "latin1");
  return Buffer.concat([png.subarray(0, end), pngChunk("tEXt", text), png.subarray(end)]);
}

export const MB = 1024 * 1024;

import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_MAX_BYTES } from "../../validation/upload";
import { imageProblem } from "../images/images.server";

/** Where uploads are served from: /uploads/{name}. */
export const UPLOADS_URL_PREFIX = "/uploads/";

interface ImageType {
  mime: string;
  extension: string;
  /** True when the file's first bytes are this format's signature. */
  matches(bytes: Uint8Array): boolean;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The accepted formats, recognised by their signatures ("magic numbers"), never by a file's name or declared type. */
export const IMAGE_TYPES: readonly ImageType[] = [
  { mime: "image/jpeg", extension: "jpg", matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  {
    mime: "image/png",
    extension: "png",
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    mime: "image/gif",
    extension: "gif",
    matches: (bytes) => startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a")),
  },
  {
    mime: "image/webp",
    extension: "webp",
    matches: (bytes) => startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8),
  },
];

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  return IMAGE_TYPES.find((type) => type.matches(bytes)) ?? null;
}

export type StoreOutcome =
  | { outcome: "stored"; url: string; mime: string; bytes: number }
  | { outcome: "empty" }
  | { outcome: "too_large" }
  | { outcome: "not_an_image" }
  | { outcome: "too_many_pixels" }
  | { outcome: "unreadable" };

/**
 * Cover images uploaded by editors, stored as files under DATA_DIR/uploads with a random name and the
 * extension of the type their content shows, so the site serves them with the right type and nothing else. Only
 * pictures the image pipeline can make variants of are kept (`imageProblem`): no reader is sent an original.
 */
export function createUploadService({ dataDir }: { dataDir: string }) {
  const directory = path.resolve(dataDir, "uploads");
  return {
    directory,

    async store(bytes: Uint8Array): Promise<StoreOutcome> {
      if (bytes.length === 0) return { outcome: "empty" };
      if (bytes.length > UPLOAD_MAX_BYTES) return { outcome: "too_large" };
      const type = sniffImageType(bytes);
      if (!type) return { outcome: "not_an_image" };
      const problem = await imageProblem(bytes);
      if (problem) return { outcome: problem };
      await mkdir(directory, { recursive: true });
      const name = `${randomBytes(16).toString("hex")}.${type.extension}`;
      const partial = path.join(directory, `.${name}.partial`);
      // Written aside and renamed into place, so the site never serves half a file.
      try {
        await writeFile(partial, bytes, { flag: "wx" });
        await rename(partial, path.join(directory, name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { outcome: "stored", url: `${UPLOADS_URL_PREFIX}${name}`, mime: type.mime, bytes: bytes.length };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

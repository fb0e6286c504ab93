/** Cover images an editor may upload: these four types, by their content, up to 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * At most this many pixels (100 megapixels, far beyond a 5 MB photo): a larger picture could not be made into
 * variants (libvips refuses it, against decompression bombs), so every reader would get the original.
 */
export const UPLOAD_MAX_PIXELS = 100_000_000;
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

export const UPLOAD_MESSAGES = {
  missing: "Please choose an image to upload.",
  tooLarge: "This image is larger than 5 MB. Please choose a smaller file.",
  notAnImage: "This file is not a JPEG, PNG, WebP or GIF image. Please choose one of those.",
  tooManyPixels: "This image is more than 100 megapixels. Please choose a smaller one.",
  unreadable: "This image could not be read; the file may be damaged. Please choose another one.",
  failed: "The image could not be uploaded. Please try again.",
  uploaded: "Image uploaded.",
} as const;

/** Cover images an editor may upload: these four types, by their content, up to 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

export const UPLOAD_MESSAGES = {
  missing: "Please choose an image to upload.",
  tooLarge: "This image is larger than 5 MB. Please choose a smaller file.",
  notAnImage: "This file is not a JPEG, PNG, WebP or GIF image. Please choose one of those.",
  failed: "The image could not be uploaded. Please try again.",
  uploaded: "Image uploaded.",
} as const;

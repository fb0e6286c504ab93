import sharp from "sharp";

/**
 * A JPEG that weighs like a camera photo: smooth colour gradients with fine grain, which JPEG cannot squeeze,
 * `width` by `height`, grown in quality until it is at least `minBytes` (if it can be). Deterministic.
 */
export async function photoLikeJpeg({
  width,
  height,
  minBytes = 0,
}: {
  width: number;
  height: number;
  minBytes?: number;
}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const grain = (random() - 0.5) * 90;
      pixels[offset] = Math.max(0, Math.min(255, (255 * x) / width + grain));
      pixels[offset + 1] = Math.max(0, Math.min(255, (255 * y) / height + grain));
      pixels[offset + 2] = Math.max(0, Math.min(255, 128 + grain));
    }
  }
  let bytes = Buffer.alloc(0);
  for (const quality of [80, 90, 95, 98, 100]) {
    bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (bytes.length >= minBytes) break;
  }
  return bytes;
}

import { crc32, deflateSync } from "node:zlib";

/**
 * Real image files made from bytes, for the tests of uploads: pictures any decoder reads, and ones made to be
 * refused (a size declared without its pixels).
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: its length, type and data, and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The header chunk of a PNG this size: `bitDepth` 8 and colour type 2 is RGB, 1 and 0 is black and white. */
function pngHeader(width: number, height: number, bitDepth: 1 | 8, colourType: 0 | 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return pngChunk("IHDR", header);
}

/** A PNG of these rows (each a filter byte, then its pixels). */
function pngOf(header: Buffer, row: Buffer, height: number): Buffer {
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([PNG_SIGNATURE, header, pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A real PNG of one colour (8-bit RGB), which a browser decodes and shows. */
export function pngImage(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat())]);
  return pngOf(pngHeader(width, height, 8, 2), row, height);
}

/** A real all-white PNG of one bit per pixel: 10,000 x 10,000 is 12.5 MB of pixels, deflated to a few kilobytes. */
export function whitePng(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  return pngOf(pngHeader(width, height, 1, 0), row, height);
}

/** A PNG whose header says `width` x `height` and whose pixels are not there: a picture's size, in a few bytes. */
export function pngDeclaring(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, pngHeader(width, height, 8, 2), pngChunk("IDAT", deflateSync(Buffer.alloc(1)))]);
}

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

/** The classic 1×1 transparent GIF. */
export const GIF_1X1 = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

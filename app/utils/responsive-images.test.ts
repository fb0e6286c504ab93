import { describe, expect, it } from "vitest";
import {
  looksRaster,
  mediaSourceOf,
  offeredWidths,
  parseMediaPath,
  plainPicture,
  uploadPicture,
  variantUrl,
  VARIANT_WIDTHS,
  widthFormats,
} from "./responsive-images";

const FILE = "0123456789abcdef0123456789abcdef.jpg";
const upload = { kind: "upload", file: FILE, extension: "jpg" } as const;

describe("mediaSourceOf", () => {
  it("knows our uploads, with or without the site's origin, and the stock covers", () => {
    expect(mediaSourceOf(`/uploads/${FILE}`)).toEqual(upload);
    expect(mediaSourceOf(`https://news.example/uploads/${FILE}`, "https://news.example")).toEqual(upload);
    expect(mediaSourceOf("/images/stock/ai-technology.svg")).toEqual({ kind: "stock", slug: "ai-technology" });
  });

  it("leaves everything else alone: other sites, unknown stock names, names we never give", () => {
    expect(mediaSourceOf(`https://elsewhere.example/uploads/${FILE}`, "https://news.example")).toBeNull();
    expect(mediaSourceOf("https://cdn.example/photo.jpg")).toBeNull();
    expect(mediaSourceOf("/images/stock/not-a-cover.svg")).toBeNull();
    expect(mediaSourceOf("/uploads/../secrets.jpg")).toBeNull();
    expect(mediaSourceOf("/uploads/0123456789ABCDEF0123456789ABCDEF.jpg")).toBeNull();
    expect(mediaSourceOf("/uploads/0123456789abcdef0123456789abcdef.svg")).toBeNull();
  });
});

describe("variant names", () => {
  it("every name the pipeline makes reads back as itself", () => {
    for (const width of VARIANT_WIDTHS) {
      for (const format of widthFormats("jpg")) {
        const url = variantUrl(upload, { kind: "width", width, format });
        expect(parseMediaPath(url)).toEqual({ source: upload, variant: { kind: "width", width, format } });
      }
    }
    for (const crop of ["og", "16x9", "4x3", "1x1"] as const) {
      const stock = { kind: "stock", slug: "vr-ar" } as const;
      expect(parseMediaPath(variantUrl(stock, { kind: "crop", crop }))).toEqual({
        source: stock,
        variant: { kind: "crop", crop },
      });
      expect(parseMediaPath(variantUrl(upload, { kind: "crop", crop }))).toEqual({
        source: upload,
        variant: { kind: "crop", crop },
      });
    }
    expect(variantUrl(upload, { kind: "width", width: 640, format: "avif" })).toBe(`/media/uploads/${FILE}/w640.avif`);
    expect(variantUrl({ kind: "stock", slug: "vr-ar" }, { kind: "crop", crop: "og" })).toBe("/media/stock/vr-ar/og.jpg");
  });

  it.each([
    [`/media/uploads/${FILE}/w641.avif`, "a width not in the list"],
    [`/media/uploads/${FILE}/w99999999.webp`, "an enormous width"],
    [`/media/uploads/${FILE}/w0640.webp`, "another spelling of a width"],
    [`/media/uploads/${FILE}/w640.png`, "a format a JPEG is not offered in"],
    [`/media/uploads/${FILE}/w640.gif`, "a format never made"],
    [`/media/uploads/${FILE}/og.webp`, "a crop in another format"],
    [`/media/uploads/${FILE}/w640.AVIF`, "capitals"],
    [`/media/uploads/${FILE}/../../../etc/passwd`, "a path out of the directory"],
    [`/media/uploads/..%2f..%2fetc%2fpasswd/w640.avif`, "an encoded path"],
    [`/media/uploads/${FILE.replace(".jpg", ".svg")}/w640.webp`, "an SVG upload"],
    [`/media/uploads/abc.jpg/w640.webp`, "a short name"],
    ["/media/stock/ai-technology/w640.webp", "a width of a vector cover"],
    ["/media/stock/no-such-cover/og.jpg", "a stock cover that does not exist"],
    ["/media/stock/ai-technology/og.jpg/extra", "something after the name"],
    ["/media/", "nothing"],
  ])("%s is not a variant (%s)", (path) => {
    expect(parseMediaPath(path)).toBeNull();
  });

  it("offers PNG for PNG and GIF originals, and only AVIF and WebP for WebP ones", () => {
    expect(widthFormats("jpg")).toEqual(["avif", "webp", "jpg"]);
    expect(widthFormats("png")).toEqual(["avif", "webp", "png"]);
    expect(widthFormats("gif")).toEqual(["avif", "webp", "png"]);
    expect(widthFormats("webp")).toEqual(["avif", "webp"]);
  });
});

describe("pictures", () => {
  it("offers the widths an original can fill, and the smallest for a narrow one", () => {
    expect(offeredWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(offeredWidths(1000)).toEqual([320, 640, 960]);
    expect(offeredWidths(200)).toEqual([320]);
  });

  it("describes an upload as AVIF and WebP sources and a JPEG fallback, with its size", () => {
    const picture = uploadPicture(upload, { width: 4000, height: 3000 });
    expect(picture.width).toBe(4000);
    expect(picture.height).toBe(3000);
    expect(picture.src).toBe(`/media/uploads/${FILE}/w960.jpg`);
    expect(picture.srcSet).toContain(`/media/uploads/${FILE}/w320.jpg 320w`);
    expect(picture.srcSet).toContain(`/media/uploads/${FILE}/w1920.jpg 1920w`);
    expect(picture.sources?.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    // A narrow original's one variant is described by its real width.
    expect(uploadPicture(upload, { width: 200, height: 100 }).srcSet).toBe(`/media/uploads/${FILE}/w320.jpg 200w`);
  });

  it("keeps stock covers as SVG with their size, and other addresses as they are", () => {
    expect(plainPicture("/images/stock/vr-ar.svg")).toEqual({ src: "/images/stock/vr-ar.svg", width: 1200, height: 675 });
    expect(plainPicture("https://cdn.example/a.jpg")).toEqual({ src: "https://cdn.example/a.jpg" });
  });

  it("calls an address a raster by its extension, never an SVG", () => {
    expect(looksRaster("https://cdn.example/a.JPG?w=1")).toBe(true);
    expect(looksRaster("https://cdn.example/a.webp")).toBe(true);
    expect(looksRaster("https://cdn.example/a.svg")).toBe(false);
    expect(looksRaster("https://cdn.example/picture")).toBe(false);
  });
});

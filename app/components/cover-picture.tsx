import type { Picture } from "~/utils/responsive-images";

interface CoverPictureProps {
  picture: Picture;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The page's main image (above the fold): loaded at once with high priority. Every other cover loads lazily. */
  main?: boolean;
  className?: string;
  alt?: string;
}

/**
 * A cover (decision 025): for an upload, a `<picture>` with AVIF and WebP sources and the original's kind as the
 * `<img>` fallback, each in several widths; for a stock SVG or an address elsewhere, the `<img>` alone. Width and
 * height are given where known, so the page does not move as it loads.
 */
export function CoverPicture({ picture, sizes, main = false, className, alt = "" }: CoverPictureProps) {
  const image = (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.srcSet ? sizes : undefined}
      alt={alt}
      width={picture.width}
      height={picture.height}
      loading={main ? "eager" : "lazy"}
      fetchPriority={main ? "high" : undefined}
      decoding={main ? undefined : "async"}
      className={className}
    />
  );
  if (!picture.sources || picture.sources.length === 0) return image;
  return (
    // display: contents, so the <img> stays the box the surrounding layout places (a grid cell, a flex item).
    <picture className="contents">
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}

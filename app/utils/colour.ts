/*
 * Colours for the newsroom's accent (decision 038): sRGB hex values, their WCAG 2.2 contrast, and OKLCH, the space
 * the accent's shades are made in (Tailwind's own palette is written in it). Conversions after Björn Ottosson's
 * OKLab (2020); contrast after WCAG 2.2's relative luminance.
 */

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** WCAG 2.2 AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/**
 * The light theme's page background (white), and the lightest surface the dark theme puts text on: Tailwind's
 * slate-900 (#0f172b: cards, tables, the admin header), a little lighter than the body's slate-950, so a tone that
 * reaches text contrast here reaches it on the body too.
 */
export const LIGHT_BACKGROUND = "#ffffff";
export const DARK_BACKGROUND = "#0f172b";

type Rgb = [number, number, number];

export interface Oklch {
  l: number;
  c: number;
  h: number;
}

function channels(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => channel / 255) as Rgb;
}

const toLinear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
const fromLinear = (channel: number) => (channel <= 0.0031308 ? 12.92 * channel : 1.055 * channel ** (1 / 2.4) - 0.055);

/** WCAG's relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrast(one: string, other: string): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: "4.5:1", one decimal, never rounded up past a threshold it misses. */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

export function toOklch(hex: string): Oklch {
  const [r, g, b] = channels(hex).map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const lightness = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bAxis = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const hue = (Math.atan2(bAxis, a) * 180) / Math.PI;
  return { l: lightness, c: Math.hypot(a, bAxis), h: hue < 0 ? hue + 360 : hue };
}

/** Linear sRGB of an OKLCH colour, possibly outside the gamut. */
function linearRgb({ l, c, h }: Oklch): Rgb {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const lCube = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mCube = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const sCube = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * lCube - 3.3077115913 * mCube + 0.2309699292 * sCube,
    -1.2684380046 * lCube + 2.6097574011 * mCube - 0.3413193965 * sCube,
    -0.0041960863 * lCube - 0.7034186147 * mCube + 1.707614701 * sCube,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);

/** An OKLCH colour as sRGB hex; outside the gamut, its chroma is reduced until it fits (hue and lightness kept). */
export function fromOklch(colour: Oklch): string {
  let { c } = colour;
  const l = Math.min(1, Math.max(0, colour.l));
  if (!inGamut(linearRgb({ ...colour, l, c }))) {
    let [low, high] = [0, c];
    for (let step = 0; step < 24; step += 1) {
      const middle = (low + high) / 2;
      if (inGamut(linearRgb({ ...colour, l, c: middle }))) low = middle;
      else high = middle;
    }
    c = low;
  }
  const rgb = linearRgb({ ...colour, l, c }).map((channel) => Math.round(Math.min(1, Math.max(0, fromLinear(channel))) * 255));
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The dark theme's tone of a light-theme accent: the same hue made lighter, step by step, until it reaches text
 * contrast on the dark background.
 */
export function darkThemeTone(light: string): string {
  const start = toOklch(light);
  for (let l = start.l; l <= 1; l += 0.01) {
    const candidate = fromOklch({ ...start, l });
    if (contrast(candidate, DARK_BACKGROUND) >= TEXT_CONTRAST) return candidate;
  }
  return "#ffffff";
}

/** Shades of the accent from 50 to 950, Tailwind's steps, in the place of its blue. */
export const ACCENT_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

/**
 * The accent's shades: 600 is the light theme's tone (links and buttons on white, white text on buttons), darker
 * below it; 400 is the dark theme's tone (text on the dark background), lighter above it; 500 lies between.
 */
export function accentShades(light: string, dark: string): Record<(typeof ACCENT_SHADES)[number], string> {
  const one = toOklch(light);
  const two = toOklch(dark);
  const shade = (base: Oklch, l: number, chroma = base.c) => fromOklch({ h: base.h, l, c: chroma });
  return {
    50: shade(two, 0.97, Math.min(two.c, 0.02)),
    100: shade(two, 0.93, Math.min(two.c, 0.04)),
    200: shade(two, Math.max(two.l, 0.88), Math.min(two.c, 0.07)),
    300: shade(two, Math.min(0.95, Math.max(two.l + 0.08, 0.8))),
    400: dark,
    500: shade(one, (one.l + two.l) / 2),
    600: light,
    700: shade(one, one.l - 0.06),
    800: shade(one, one.l - 0.12),
    900: shade(one, Math.max(0.22, one.l - 0.17)),
    950: shade(one, Math.max(0.18, one.l - 0.26), one.c * 0.7),
  };
}

/** The style that puts the accent in the place of the blue every page, the admin area included, is drawn with. */
export function accentStyle(light: string, dark: string): string {
  const shades = accentShades(light, dark);
  return `:root{${ACCENT_SHADES.map((step) => `--color-blue-${step}:${shades[step]}`).join(";")}}`;
}

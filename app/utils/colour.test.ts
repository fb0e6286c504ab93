import { describe, expect, it } from "vitest";
import {
  accentShades,
  accentStyle,
  contrast,
  DARK_BACKGROUND,
  darkThemeTone,
  fromOklch,
  LIGHT_BACKGROUND,
  ratioText,
  TEXT_CONTRAST,
  toOklch,
} from "./colour";

describe("the accent's colours", () => {
  it("measure contrast as WCAG 2.2 does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", "#ffffff")).toBe(1);
    // The grey that just passes AA on white, and the one that just misses.
    expect(contrast("#767676", LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrast("#777777", LIGHT_BACKGROUND)).toBeLessThan(4.5);
    expect(contrast("#1d4ed8", "#ffffff")).toBeCloseTo(contrast("#ffffff", "#1d4ed8"), 10);
  });

  it("write a ratio without rounding it up past a threshold it misses", () => {
    expect(ratioText(4.49)).toBe("4.4:1");
    expect(ratioText(4.5)).toBe("4.5:1");
    expect(ratioText(21)).toBe("21.0:1");
  });

  it("go to OKLCH and back to the same hex", () => {
    for (const hex of ["#1d4ed8", "#b91c1c", "#047857", "#7c3aed", "#000000", "#ffffff", "#808080"]) {
      expect(fromOklch(toOklch(hex))).toBe(hex);
    }
    // Tailwind's blue-700, written in OKLCH in its palette.
    expect(fromOklch({ l: 0.488, c: 0.243, h: 264.376 })).toBe("#1447e6");
  });

  it("bring a colour outside sRGB back inside by its chroma, keeping its lightness", () => {
    const vivid = fromOklch({ l: 0.7, c: 0.4, h: 150 });
    expect(vivid).toMatch(/^#[0-9a-f]{6}$/);
    expect(toOklch(vivid).l).toBeCloseTo(0.7, 2);
  });

  it("make the dark theme's tone by lightening the light one just until it reaches text contrast", () => {
    for (const light of ["#1d4ed8", "#b91c1c", "#047857", "#7c3aed", "#0f172a"]) {
      const dark = darkThemeTone(light);
      expect(contrast(dark, DARK_BACKGROUND)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(toOklch(dark).l).toBeGreaterThan(toOklch(light).l);
      // One step darker would not reach it.
      const step = fromOklch({ ...toOklch(dark), l: toOklch(dark).l - 0.01 });
      expect(contrast(step, DARK_BACKGROUND)).toBeLessThan(TEXT_CONTRAST + 0.3);
    }
  });

  it("draw the shades around the two tones: 600 the light one, 400 the dark one, text shades with contrast", () => {
    const shades = accentShades("#b91c1c", darkThemeTone("#b91c1c"));
    expect(shades[600]).toBe("#b91c1c");
    expect(shades[400]).toBe(darkThemeTone("#b91c1c"));
    // Light-theme text uses 600 to 900 on white; dark-theme text 300 and 400 on the dark background.
    for (const step of [600, 700, 800, 900] as const)
      expect(contrast(shades[step], LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    for (const step of [300, 400] as const) expect(contrast(shades[step], DARK_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(accentStyle("#b91c1c", shades[400])).toBe(
      `:root{${[50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950].map((step) => `--color-blue-${step}:${shades[step as 50]}`).join(";")}}`,
    );
  });
});

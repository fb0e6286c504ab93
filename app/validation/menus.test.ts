import { describe, expect, it } from "vitest";
import {
  DEFAULT_MENUS,
  isSitePath,
  menuFieldErrors,
  menusFromForm,
  MenusVersion,
  menuTargetProblem,
  MENU_TEXTS,
  readStoredMenus,
  SiteMenusInput,
  type SiteMenus,
} from "./menus";

function errorsOf(menus: SiteMenus): Record<string, string> {
  const parsed = SiteMenusInput.safeParse(menus);
  return parsed.success ? {} : menuFieldErrors(parsed.error);
}

const headerWith = (target: string, label = "Link"): SiteMenus => ({ ...DEFAULT_MENUS, header: [{ label, target }] });

describe("a menu target", () => {
  it.each([
    "/",
    "/category/ai",
    "/tag/openai",
    "/about",
    "/ethics",
    "/search?q=eu%20ai%20act",
    "/about#team",
    "/caf%C3%A9",
    "https://example.com",
    "https://example.com/page?x=1#y",
    "HTTPS://Example.com/Shouting",
    "https://[2001:db8::1]/",
  ])("%s is a path on this site or an https address", (target) => {
    expect(menuTargetProblem(target)).toBeNull();
  });

  it.each([
    ["", MENU_TEXTS.targetMissing],
    ["javascript:alert(1)", MENU_TEXTS.targetScheme],
    ["JavaScript:alert(document.cookie)", MENU_TEXTS.targetScheme],
    ["java\tscript:alert(1)", MENU_TEXTS.targetSpaces],
    ["data:text/html,<script>alert(1)</script>", MENU_TEXTS.targetScheme],
    ["vbscript:msgbox", MENU_TEXTS.targetScheme],
    ["mailto:desk@example.com", MENU_TEXTS.targetScheme],
    ["http://example.com", MENU_TEXTS.targetHttp],
    ["HTTP://example.com", MENU_TEXTS.targetHttp],
    ["//evil.example/path", MENU_TEXTS.targetOtherSite],
    ["/\\evil.example", MENU_TEXTS.targetBackslash],
    ["\\\\evil.example", MENU_TEXTS.targetBackslash],
    ["/about\u0000", MENU_TEXTS.targetSpaces],
    ["/ab\u007fout", MENU_TEXTS.targetSpaces],
    ["/ab\u200bout", MENU_TEXTS.targetSpaces],
    ["/about us", MENU_TEXTS.targetSpaces],
    ["/about\nus", MENU_TEXTS.targetSpaces],
    ["about", MENU_TEXTS.targetScheme],
    ["category/ai", MENU_TEXTS.targetScheme],
    ["evil.example", MENU_TEXTS.targetScheme],
    ["./about", MENU_TEXTS.targetScheme],
    ["#top", MENU_TEXTS.targetScheme],
    ["?q=x", MENU_TEXTS.targetScheme],
    ["https:evil.example", MENU_TEXTS.targetBadUrl],
    ["https:/evil.example", MENU_TEXTS.targetBadUrl],
    ["https://", MENU_TEXTS.targetBadUrl],
    ["https://user:secret@example.com/", MENU_TEXTS.targetCredentials],
  ])("%j is refused with a sentence", (target, sentence) => {
    expect(menuTargetProblem(target)).toBe(sentence);
  });

  it("is at most 500 characters", () => {
    expect(menuTargetProblem(`/${"a".repeat(499)}`)).toBeNull();
    expect(menuTargetProblem(`/${"a".repeat(500)}`)).toBe("A target is at most 500 characters.");
  });

  it("is trimmed before it is checked, so a pasted space around it does no harm", () => {
    expect(SiteMenusInput.parse(headerWith("  /about  ", " About ")).header).toEqual([{ label: "About", target: "/about" }]);
    expect(errorsOf(headerWith(" javascript:alert(1) "))).toEqual({ "header.0.target": MENU_TEXTS.targetScheme });
  });

  it("is told apart from an https address", () => {
    expect(isSitePath("/about")).toBe(true);
    expect(isSitePath("https://example.com")).toBe(false);
    expect(isSitePath("//evil.example")).toBe(false);
  });
});

describe("the menus document", () => {
  it("takes the specification's menus as they are: the header's six links and the footer's three columns", () => {
    expect(SiteMenusInput.parse(DEFAULT_MENUS)).toEqual(DEFAULT_MENUS);
    expect(DEFAULT_MENUS.header.map((link) => link.label)).toEqual(["Home", "AI", "Startups", "Mobile", "Cloud", "Security"]);
    expect(DEFAULT_MENUS.footer.columns.map((column) => column.heading)).toEqual(["Categories", "Company", "Legal"]);
    expect(DEFAULT_MENUS.footer.columns[0]?.links.map((link) => link.target)).toEqual([
      "/category/ai",
      "/category/mobile",
      "/category/startups",
      "/category/cloud",
      "/category/gadgets",
      "/category/security",
    ]);
  });

  it("names each problem by its field's name in the form", () => {
    const menus: SiteMenus = {
      header: [{ label: "", target: "/" }],
      footer: {
        blurb: "x".repeat(301),
        columns: [{ heading: " ", links: [{ label: "Ethics", target: "data:text/html,hi" }] }],
      },
    };
    expect(errorsOf(menus)).toEqual({
      "header.0.label": MENU_TEXTS.labelMissing,
      "footer.blurb": "At most 300 characters.",
      "footer.columns.0.heading": MENU_TEXTS.headingMissing,
      "footer.columns.0.links.0.target": MENU_TEXTS.targetScheme,
    });
  });

  it("limits the header to 12 links, the footer to 6 columns of 20", () => {
    const link = { label: "L", target: "/" };
    expect(errorsOf({ ...DEFAULT_MENUS, header: Array(13).fill(link) })).toEqual({
      header: "The header holds at most 12 links.",
    });
    const columns = Array(7).fill({ heading: "H", links: [] });
    expect(errorsOf({ ...DEFAULT_MENUS, footer: { blurb: "", columns } })).toEqual({
      "footer.columns": "The footer holds at most 6 columns.",
    });
    const long = [{ heading: "H", links: Array(21).fill(link) }];
    expect(errorsOf({ ...DEFAULT_MENUS, footer: { blurb: "", columns: long } })).toEqual({
      "footer.columns.0.links": "A column holds at most 20 links.",
    });
  });

  it("refuses control characters in a label, and keeps a blurb's line breaks", () => {
    expect(errorsOf(headerWith("/", "Ho\u0007me"))).toEqual({
      "header.0.label": "The label contains characters that are not allowed.",
    });
    expect(errorsOf(headerWith("/ab\ud800out", "Lone \udc00 surrogates"))).toEqual({
      "header.0.label": "The label contains characters that are not allowed.",
      "header.0.target": "The target contains characters that are not allowed.",
    });
    const blurb = "Local news.\r\nEvery day.";
    expect(SiteMenusInput.parse({ ...DEFAULT_MENUS, footer: { ...DEFAULT_MENUS.footer, blurb } }).footer.blurb).toBe(blurb);
  });

  it("is read back part by part: a stored part that breaks today's rules falls back to the specification's", () => {
    expect(readStoredMenus(DEFAULT_MENUS)).toEqual(DEFAULT_MENUS);
    const header = [{ label: "Local", target: "/category/local" }];
    expect(readStoredMenus({ header, footer: { blurb: "B", columns: [{ heading: "X", links: "not a list" }] } })).toEqual({
      header,
      footer: { blurb: "B", columns: DEFAULT_MENUS.footer.columns },
    });
    expect(readStoredMenus(null)).toEqual(DEFAULT_MENUS);
    expect(readStoredMenus({ header: [{ label: "Bad", target: "javascript:alert(1)" }] })).toEqual(DEFAULT_MENUS);
  });
});

describe("the Navigation form's fields", () => {
  it("make the document in the order of their numbers, whatever order they arrive in", () => {
    expect(
      menusFromForm({
        version: "3",
        "header.1.target": "/about",
        "header.0.label": "Home",
        "header.10.label": "Last",
        "header.0.target": "/",
        "header.1.label": "About",
        "header.10.target": "/last",
        "footer.blurb": "Our town.",
        "footer.columns.1.heading": "Company",
        "footer.columns.1.links.0.label": "Ethics",
        "footer.columns.1.links.0.target": "/ethics",
        "footer.columns.0.heading": "Sections",
      }),
    ).toEqual({
      header: [
        { label: "Home", target: "/" },
        { label: "About", target: "/about" },
        { label: "Last", target: "/last" },
      ],
      footer: {
        blurb: "Our town.",
        columns: [
          { heading: "Sections", links: [] },
          { heading: "Company", links: [{ label: "Ethics", target: "/ethics" }] },
        ],
      },
    });
  });

  it("leave out names they do not know, and a link missing a field gets it empty (then refused)", () => {
    const menus = menusFromForm({
      "header.0.label": "Only a label",
      "header.0.onclick": "alert(1)",
      "header.-1.label": "Negative",
      "header.99999.label": "Too far",
      "__proto__.label": "x",
      "footer.columns.0.links.0.target": "/about",
    });
    expect(menus).toEqual({
      header: [{ label: "Only a label", target: "" }],
      footer: { blurb: "", columns: [{ heading: "", links: [{ label: "", target: "/about" }] }] },
    });
    expect(errorsOf(menus)).toEqual({
      "header.0.target": MENU_TEXTS.targetMissing,
      "footer.columns.0.heading": MENU_TEXTS.headingMissing,
      "footer.columns.0.links.0.label": MENU_TEXTS.labelMissing,
    });
  });

  it("carry the version the form was opened at: 0 for menus never saved, else a stored version", () => {
    expect(MenusVersion.parse("0")).toBe(0);
    expect(MenusVersion.parse("7")).toBe(7);
    for (const bad of ["", "-1", "00", "1e3", "x", undefined]) expect(MenusVersion.safeParse(bad).success).toBe(false);
  });
});

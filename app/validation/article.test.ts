import { describe, expect, it } from "vitest";
import { ArticleInput, articleFieldErrors, OpenedVersion, readTimeFromInput } from "./article";

/** What the editor's form posts: every value a string, an unticked checkbox absent. */
function formValues(fields: Record<string, string> = {}, without: string[] = []): Record<string, FormDataEntryValue> {
  const form = new FormData();
  const values: Record<string, string> = {
    title: "Chip makers race to 2 nm",
    excerpt: "Three foundries promise the next node within a year.",
    content: "## The race\n\nFoundries are spending billions.",
    category: "Gadgets",
    readTime: "6",
    sources: "The Verge, Ars Technica",
    image: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) if (!without.includes(name)) form.set(name, value);
  return Object.fromEntries(form);
}

/** The form's message for each field, as the editor shows them. */
function messages(values: Record<string, unknown>) {
  const result = ArticleInput.safeParse(values);
  if (result.success) throw new Error(`Expected the form to be refused: ${JSON.stringify(result.data)}`);
  return articleFieldErrors(result.error);
}

const readTimeMessage = "Reading time must be a whole number of minutes from 1 to 15.";
const imageMessage = "Please enter an image address that starts with https:// (or http://).";

describe("readTimeFromInput", () => {
  it.each([
    ["abc", 5],
    ["", 5],
    ["   ", 5],
    [undefined, 5],
    [null, 5],
    ["7", 7],
    [" 12 ", 12],
    [9, 9],
  ])("reads %j as %j", (value, minutes) => {
    expect(readTimeFromInput(value)).toBe(minutes);
  });

  it("passes a number outside the range on, for the schema to refuse", () => {
    expect(readTimeFromInput("0")).toBe(0);
    expect(readTimeFromInput("16")).toBe(16);
    expect(readTimeFromInput("2.5")).toBe(2.5);
  });
});

describe("ArticleInput", () => {
  it("reads the editor's form, trimming the texts", () => {
    expect(
      ArticleInput.parse(
        formValues({ title: "  Chip makers race to 2 nm  ", content: "Body.\n", isFeatured: "on", isPopular: "on" }),
      ),
    ).toEqual({
      title: "Chip makers race to 2 nm",
      excerpt: "Three foundries promise the next node within a year.",
      content: "Body.",
      category: "Gadgets",
      readTime: 6,
      sources: "The Verge, Ars Technica",
      image: "",
      isFeatured: true,
      isPopular: true,
    });
  });

  it("reads a ticked checkbox as true and a missing one as false", () => {
    expect(ArticleInput.parse(formValues({ isFeatured: "on" }))).toMatchObject({ isFeatured: true, isPopular: false });
    expect(ArticleInput.parse(formValues({ isPopular: "on" }))).toMatchObject({ isFeatured: false, isPopular: true });
    expect(ArticleInput.parse(formValues())).toMatchObject({ isFeatured: false, isPopular: false });
  });

  it("falls back to 5 minutes when the reading time is not a number", () => {
    expect(ArticleInput.parse(formValues({ readTime: "abc" })).readTime).toBe(5);
    expect(ArticleInput.parse(formValues({ readTime: "" })).readTime).toBe(5);
    expect(ArticleInput.parse(formValues({}, ["readTime"])).readTime).toBe(5);
  });

  it("accepts reading times from 1 to 15", () => {
    expect(ArticleInput.parse(formValues({ readTime: "1" })).readTime).toBe(1);
    expect(ArticleInput.parse(formValues({ readTime: "15" })).readTime).toBe(15);
  });

  it.each(["0", "16", "2.5", "-3"])("refuses a reading time of %j with the range message", (readTime) => {
    expect(messages(formValues({ readTime }))).toEqual({ readTime: readTimeMessage });
  });

  it.each([
    ["title", "Please enter a title."],
    ["excerpt", "Please enter an excerpt."],
    ["content", "Please write the article's content."],
  ])("asks for the %s when it is empty, blank or missing", (field, message) => {
    expect(messages(formValues({ [field]: "" }))).toEqual({ [field]: message });
    expect(messages(formValues({ [field]: "  \n " }))).toEqual({ [field]: message });
    expect(messages(formValues({}, [field]))).toEqual({ [field]: message });
  });

  it("gives each missing field its message at once", () => {
    expect(messages({})).toEqual({
      title: "Please enter a title.",
      excerpt: "Please enter an excerpt.",
      content: "Please write the article's content.",
      category: "Please choose a category.",
    });
  });

  it("accepts each of the seven categories", () => {
    for (const category of ["AI", "Mobile", "Startups", "Cloud", "Gadgets", "Software", "Security"]) {
      expect(ArticleInput.parse(formValues({ category })).category).toBe(category);
    }
  });

  // A name no section has ("Nope", "ai" for "AI") is refused by the form's action, which knows the sections
  // (app/routes/admin/article-editing.server.test.ts); the schema refuses what can be no section's name at all.
  it.each(["", "   "])("refuses the category %j", (category) => {
    expect(messages(formValues({ category }))).toEqual({ category: "Please choose a category." });
  });

  it.each([
    "",
    "/images/stock/ai-technology.svg",
    "/uploads/0123456789abcdef0123456789abcdef.png",
    "https://example.com/x.jpg",
    "http://example.com/x.jpg",
  ])("accepts the image %j", (image) => {
    expect(ArticleInput.parse(formValues({ image })).image).toBe(image);
  });

  it("reads a missing image as none", () => {
    expect(ArticleInput.parse(formValues({}, ["image"])).image).toBe("");
  });

  it.each(["javascript:alert(1)", "//evil.example/x.png", "ftp://x/y.png", "data:image/png;base64,AAAA", "cover.jpg"])(
    "refuses the image %j",
    (image) => {
      expect(messages(formValues({ image }))).toEqual({ image: imageMessage });
    },
  );

  // A browser resolves these against the site as https://evil.example/x.png: they are not paths on this site,
  // just as "//evil.example/x.png" is not (and as the newsletter's return path already refuses "/\\").
  it.each(["/\\evil.example/x.png", "/\t/evil.example/x.png", "/\n/evil.example/x.png"])(
    "refuses the image %j, which a browser loads from another host",
    (image) => {
      expect(new URL(image, "https://byline.example").host).toBe("evil.example");
      expect(messages(formValues({ image }))).toEqual({ image: imageMessage });
    },
  );

  it("normalises the sources to a comma-separated list without empty entries", () => {
    expect(ArticleInput.parse(formValues({ sources: "A,  B ,,C" })).sources).toBe("A, B, C");
    expect(ArticleInput.parse(formValues({ sources: " , ,, " })).sources).toBe("");
    expect(ArticleInput.parse(formValues({}, ["sources"])).sources).toBe("");
  });

  it("refuses texts longer than the editor allows", () => {
    expect(messages(formValues({ title: "x".repeat(301) }))).toEqual({ title: "The title can be at most 300 characters." });
    expect(ArticleInput.parse(formValues({ title: "x".repeat(300) })).title).toHaveLength(300);
  });
});

describe("articleFieldErrors", () => {
  it("gives the first message of each field that has a problem, and nothing for the others", () => {
    const tooLongAndNotAnAddress = `ftp://${"x".repeat(2000)}`;
    const result = ArticleInput.safeParse(formValues({ title: "", image: tooLongAndNotAnAddress, readTime: "99" }));
    expect(result.success).toBe(false);
    const imageIssues = result.error!.issues.filter((issue) => issue.path[0] === "image");
    expect(imageIssues.length).toBeGreaterThan(1);

    expect(articleFieldErrors(result.error!)).toEqual({
      title: "Please enter a title.",
      image: imageIssues[0]!.message,
      readTime: readTimeMessage,
    });
    expect(imageIssues[0]!.message).toBe("The image address can be at most 2000 characters.");
  });
});

describe("OpenedVersion", () => {
  it("reads the time the editor carries, as toISOString writes it", () => {
    const updatedAt = new Date(Date.UTC(2026, 10, 28, 9, 30, 15, 123));
    expect(OpenedVersion.parse(updatedAt.toISOString())).toEqual(updatedAt);
    expect(OpenedVersion.parse("0001-01-01T00:00:00.000Z").getUTCFullYear()).toBe(1);
  });

  it.each([
    "",
    "yesterday",
    "0000-01-01T00:00:00.000Z",
    "0000-01-01T00:00",
    "2026-11-28T09:30:15Z",
    "2026-11-28T09:30:15.123+01:00",
    "2026-02-30T09:30:15.123Z",
    "1795860000000",
  ])("is no version for %j", (posted) => {
    expect(OpenedVersion.safeParse(posted).success).toBe(false);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/*
 * Every zod schema under app/validation/, found by reading the modules' exports (a schema added later is
 * covered without touching this file), gets random input: unicode text, text mixed with control characters
 * and lone surrogates, long text, and values of other types, in the fields the schema reads. Whatever comes
 * in, `safeParse` answers instead of throwing, and nothing it accepts carries a control character (tab, line
 * feed and carriage return excepted: multi-line fields keep them), since those are what PostgreSQL, terminals,
 * logs and CSV files choke on.
 */

const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], { eager: true });

const schemas = Object.entries(modules)
  .flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => ({ name: `${file.replace("./", "")}: ${name}`, schema })),
  )
  .sort((a, b) => a.name.localeCompare(b.name));

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Every string inside a parsed value. */
function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, child]) => [key, ...stringsIn(child, seen)]);
}

interface SchemaVocabulary {
  /** Field names of the objects it reads. */
  keys: Set<string>;
  /** Literal and enum values it expects (an `intent`, a category), so that random input gets past them. */
  words: Set<string>;
}

/** The field names and expected words of a schema, read from its definition. */
function vocabularyOf(schema: unknown, found: SchemaVocabulary = { keys: new Set(), words: new Set() }, depth = 0) {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 12) return found;
  if (def.shape && typeof def.shape === "object") {
    for (const [key, child] of Object.entries(def.shape)) {
      found.keys.add(key);
      vocabularyOf(child, found, depth + 1);
    }
  }
  if (Array.isArray(def.values)) for (const value of def.values) found.words.add(String(value));
  if (def.entries && typeof def.entries === "object")
    for (const value of Object.values(def.entries)) found.words.add(String(value));
  if (Array.isArray(def.options)) for (const option of def.options) vocabularyOf(option, found, depth + 1);
  for (const key of ["innerType", "in", "out", "element"]) if (def[key]) vocabularyOf(def[key], found, depth + 1);
  return found;
}

const controlCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const hostileText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({
    unit: fc.oneof(controlCharacter, loneSurrogate, fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
    maxLength: 40,
  }),
  fc.string({
    unit: fc.oneof(fc.constant("a"), fc.constant("😀"), fc.constant(" "), controlCharacter),
    minLength: 150,
    maxLength: 2500,
  }),
);
/** Text that looks like what a field expects, with hostile text around it. */
const plausible = [
  "Chip makers race to 2 nm",
  "reader@example.com",
  "https://img.example/cover.png",
  "/images/stock/ai-technology.svg",
  "2025-03-05T09:30:00Z",
  `sk-${"a".repeat(24)}`,
  "gpt-4o",
  "editor",
  "correct horse battery",
  "1",
  "3",
  "on",
];

function inputsFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const { keys, words } = vocabularyOf(schema);
  const expected = [...words, ...plausible];
  const text = fc.oneof(
    { weight: 3, arbitrary: hostileText },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...expected), hostileText, fc.boolean())
        .map(([word, noise, before]) => (before ? noise + word : word + noise)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...expected) },
  );
  const value = fc.oneof(
    { weight: 6, arbitrary: text },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)) },
    { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.anything() },
  );
  const fieldNames = keys.size ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
  const record = fc.dictionary(fc.oneof({ weight: 5, arbitrary: fieldNames }, { weight: 1, arbitrary: hostileText }), value, {
    maxKeys: Math.max(keys.size + 1, 3),
  });
  // A full form: every field the schema knows, each with a random value; then looser shapes.
  const fullForm = keys.size ? fc.record(Object.fromEntries([...keys].map((key) => [key, value]))) : record;
  return fc.oneof({ weight: 4, arbitrary: fullForm }, { weight: 2, arbitrary: record }, { weight: 2, arbitrary: value });
}

describe("every zod schema under app/validation", () => {
  it("finds the schemas", () => {
    expect(schemas.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        "admin.ts: LoginForm",
        "admin.ts: AdminUsername",
        "article.ts: ArticleInput",
        "article-import.ts: ArticleImportRow",
        "contact.ts: ContactMessage",
        "generation.ts: GenerationRequest",
        "newsletter-issue.ts: NewsletterForm",
        "search.ts: SearchQuery",
      ]),
    );
  });

  it.each(schemas)("$name answers any input without throwing and accepts no control character", ({ schema }) => {
    const inputs = inputsFor(schema);
    fc.assert(
      fc.property(inputs, (input) => {
        expect(() => schema.safeParse(input)).not.toThrow();
      }),
      { numRuns: 300 },
    );
    // False when the schema accepts a value that holds a control character (fast-check then shows it).
    const refusesControlCharacters = fc.property(inputs, (input) => {
      const result = schema.safeParse(input);
      return !result.success || !stringsIn(result.data).some((text) => CONTROL_CHARACTER.test(text));
    });
    fc.assert(refusesControlCharacters, { numRuns: 300 });
  });
});

import { z } from "zod";
import { FormId } from "./form-id";
import { allowedText } from "./text";
import {
  MAX_TAGS_PER_ARTICLE,
  normaliseTagName,
  TAG_NAME_MAX_LENGTH,
  TAG_SLUG_MAX_LENGTH,
  TAG_SLUG_PATTERN,
  tagNameKey,
} from "../utils/tags";

/** Tags' sentences, in the editor, the Tags tab and the services. */
export const TAG_TEXTS = {
  nameMissing: "Please enter a tag name.",
  nameLong: `A tag name can be at most ${TAG_NAME_MAX_LENGTH} characters.`,
  nameNoLetters: "A tag name needs at least one letter or digit.",
  tooMany: `An article can have at most ${MAX_TAGS_PER_ARTICLE} tags; remove one to add another.`,
  slugForm: `The address can use only lower-case letters a to z, digits and single hyphens between them, 1 to ${TAG_SLUG_MAX_LENGTH} characters (for example eu-ai-act).`,
  nameTaken: "Another tag already has this name; merge the two instead.",
  slugTaken: "Another tag already lives at this address; choose another or merge the two.",
  missing: "This tag no longer exists; someone may have deleted or merged it.",
  sameTag: "Choose another tag to merge into.",
  unknownTarget: "The tag to merge into no longer exists; please choose again.",
} as const;

/** A tag's name as typed: trimmed, inner spaces made one, 1 to 50 characters with a letter or digit among them. */
export const TagName = z
  .string({ error: TAG_TEXTS.nameMissing })
  .transform(normaliseTagName)
  .pipe(
    z
      .string()
      .min(1, TAG_TEXTS.nameMissing)
      .max(TAG_NAME_MAX_LENGTH, TAG_TEXTS.nameLong)
      .check(allowedText("A tag name"))
      .refine((name) => /[\p{L}\p{N}]/u.test(name), TAG_TEXTS.nameNoLetters),
  );

/**
 * An article's tags as the editor posts them: the chips (`tags`, one value each) and what is still typed in the
 * entry field (`tagEntry`, several separated by commas, which is how a browser without JavaScript adds them). Empty
 * entries are skipped, the same name twice (in any case) is kept once, in the order first given; at most 10.
 */
export const ArticleTagNames = z
  .object({
    tags: z.array(z.string()).default([]),
    tagEntry: z.string().default(""),
  })
  .transform(({ tags, tagEntry }) => [...tags, ...tagEntry.split(",")].map(normaliseTagName).filter(Boolean))
  .pipe(z.array(TagName))
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((name) => !seen.has(tagNameKey(name)) && seen.add(tagNameKey(name)));
  })
  .pipe(z.array(z.string()).max(MAX_TAGS_PER_ARTICLE, TAG_TEXTS.tooMany));

/** The editor's form values for ArticleTagNames: every chip's value and the entry field. */
export function tagFieldsOf(form: FormData): { tags: string[]; tagEntry: string } {
  const entry = form.get("tagEntry");
  return {
    tags: form.getAll("tags").filter((value): value is string => typeof value === "string"),
    tagEntry: typeof entry === "string" ? entry : "",
  };
}

/** A tag's address as typed in the Tags tab. */
export const TagSlug = z
  .string({ error: TAG_TEXTS.slugForm })
  .trim()
  .min(1, TAG_TEXTS.slugForm)
  .max(TAG_SLUG_MAX_LENGTH, TAG_TEXTS.slugForm)
  .regex(TAG_SLUG_PATTERN, TAG_TEXTS.slugForm);

/** The Tags tab's three changes: rename (name and address), merge into another tag, delete. */
export const TagAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), id: FormId, name: TagName, slug: TagSlug }),
  z.object({ intent: z.literal("merge"), id: FormId, into: FormId }),
  z.object({ intent: z.literal("delete"), id: FormId }),
]);
export type TagAction = z.infer<typeof TagAction>;

/** The fields a refused rename names, for showing the sentence next to the field. */
export type TagFieldErrors = Partial<Record<"name" | "slug" | "into", string>>;

export function tagFieldErrors(error: z.ZodError): TagFieldErrors {
  const errors: TagFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "slug") && !errors[field]) errors[field] = issue.message;
    // The select offers only tags that exist: anything else names no tag here.
    if (field === "into") errors.into = TAG_TEXTS.unknownTarget;
  }
  return errors;
}

import { z } from "zod";
import { FormId } from "./form-id";
import { SECTION_NAME_MAX } from "../domain/sections";
import { DATABASE_INT_MAX, isStorableInstant } from "../utils/database-limits";
import { DEFAULT_READ_TIME, READ_TIME_MAX, READ_TIME_MIN } from "../utils/read-time";
import { allowedText } from "./text";

/** Longest values the editor accepts; beyond these a field is almost certainly a paste gone wrong. */
export const ARTICLE_LIMITS = {
  title: 300,
  excerpt: 1000,
  content: 200_000,
  sources: 500,
  image: 2000,
} as const;

/**
 * The spec's reading-time rule: a number input from 1 to 15 where a value that is not a number
 * (empty, "abc") falls back to 5. A number outside the range is an error, not silently changed.
 */
export function readTimeFromInput(value: unknown): unknown {
  if (typeof value === "number") return value;
  const text = typeof value === "string" ? value.trim() : "";
  return text !== "" && Number.isFinite(Number(text)) ? Number(text) : DEFAULT_READ_TIME;
}

/**
 * An image is a path on this site (a stock cover, an upload) or an http(s) address; empty means none.
 * A "path" that a browser would resolve to another host ("//host/x", "/\\host/x", "/\t/host/x") is refused.
 */
export function isImageAddress(value: string): boolean {
  if (value === "") return true;
  if (value.startsWith("/"))
    return URL.canParse(value, "https://site.invalid") && new URL(value, "https://site.invalid").host === "site.invalid";
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** The editor's text for an image address that `isImageAddress` refuses. */
export const IMAGE_ADDRESS_MESSAGE = "Please enter an image address that starts with https:// (or http://).";

/** A checkbox posts "on" when ticked and nothing when not. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const readTimeMessage = `Reading time must be a whole number of minutes from ${READ_TIME_MIN} to ${READ_TIME_MAX}.`;

/**
 * The article editor's form (edit and new), checked in the browser for instant feedback and again
 * by the action, which is the authority. Field names are the form's input names.
 */
export const ArticleInput = z.object({
  title: z
    .string({ error: "Please enter a title." })
    .trim()
    .min(1, "Please enter a title.")
    .max(ARTICLE_LIMITS.title, `The title can be at most ${ARTICLE_LIMITS.title} characters.`)
    .check(allowedText("The title")),
  excerpt: z
    .string({ error: "Please enter an excerpt." })
    .trim()
    .min(1, "Please enter an excerpt.")
    .max(ARTICLE_LIMITS.excerpt, `The excerpt can be at most ${ARTICLE_LIMITS.excerpt} characters.`)
    .check(allowedText("The excerpt", { lines: "multi-line" })),
  content: z
    .string({ error: "Please write the article's content." })
    .trim()
    .min(1, "Please write the article's content.")
    .max(ARTICLE_LIMITS.content, `The content can be at most ${ARTICLE_LIMITS.content.toLocaleString("en-US")} characters.`)
    .check(allowedText("The content", { lines: "multi-line" })),
  // One of the newsroom's sections: the schema sees only the text, the form's action checks it names a section.
  category: z
    .string({ error: "Please choose a category." })
    .trim()
    .min(1, "Please choose a category.")
    .max(SECTION_NAME_MAX, "Please choose a category.")
    .check(allowedText("The category")),
  readTime: z.preprocess(
    readTimeFromInput,
    z.number().int(readTimeMessage).min(READ_TIME_MIN, readTimeMessage).max(READ_TIME_MAX, readTimeMessage),
  ),
  sources: z.preprocess(
    (value) => value ?? "",
    z
      .string()
      .trim()
      .max(ARTICLE_LIMITS.sources, `Sources can be at most ${ARTICLE_LIMITS.sources} characters.`)
      .check(allowedText("The list of sources"))
      .transform((value) =>
        value
          .split(",")
          .map((source) => source.trim())
          .filter(Boolean)
          .join(", "),
      ),
  ),
  image: z.preprocess(
    (value) => value ?? "",
    z
      .string()
      .trim()
      .max(ARTICLE_LIMITS.image, `The image address can be at most ${ARTICLE_LIMITS.image} characters.`)
      .refine(isImageAddress, IMAGE_ADDRESS_MESSAGE)
      .check(allowedText("The image address")),
  ),
  isFeatured: checkbox,
  isPopular: checkbox,
});

export type ArticleInput = z.infer<typeof ArticleInput>;

/** The co-author selects of the editor ("Co-author 1" to "Co-author 4"), in byline order after the lead author. */
export const COAUTHOR_FIELDS = ["coauthor1", "coauthor2", "coauthor3", "coauthor4"] as const;
export type CoauthorField = (typeof COAUTHOR_FIELDS)[number];

/** The co-author choice's sentences, in the form and from the service. */
export const COAUTHOR_TEXTS = {
  duplicate: "Each person can be a co-author only once.",
  lead: "The lead author already signs this article; choose someone else as a co-author.",
  unknown: "That author profile no longer exists; please choose again.",
} as const;

/** A select's value: an author profile's id, or nothing for "None". */
const CoauthorSlot = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce
    .number({ error: COAUTHOR_TEXTS.unknown })
    .int(COAUTHOR_TEXTS.unknown)
    .positive(COAUTHOR_TEXTS.unknown)
    .max(DATABASE_INT_MAX, COAUTHOR_TEXTS.unknown)
    .optional(),
);

/**
 * The co-author selects, checked in the browser and by the action: the chosen author ids in the order of the selects,
 * "None" skipped; nobody twice, and never the lead author (`leadAuthorId`, who signs the article already).
 */
export function coauthorChoice(leadAuthorId: number | null) {
  return z
    .object(
      Object.fromEntries(COAUTHOR_FIELDS.map((field) => [field, CoauthorSlot])) as Record<CoauthorField, typeof CoauthorSlot>,
    )
    .superRefine((value, context) => {
      const seen = new Set<number>();
      for (const field of COAUTHOR_FIELDS) {
        const id = value[field];
        if (id === undefined) continue;
        if (id === leadAuthorId) context.addIssue({ code: "custom", path: [field], message: COAUTHOR_TEXTS.lead });
        else if (seen.has(id)) context.addIssue({ code: "custom", path: [field], message: COAUTHOR_TEXTS.duplicate });
        seen.add(id);
      }
    })
    .transform((value) => COAUTHOR_FIELDS.flatMap((field) => (value[field] === undefined ? [] : [value[field]])));
}

/** The editor's messages by field, the first problem of each, for showing next to the field. */
export type ArticleFieldErrors = Partial<Record<keyof ArticleInput | CoauthorField | "tags", string>>;

export function articleFieldErrors(error: z.ZodError): ArticleFieldErrors {
  const errors: ArticleFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof ArticleFieldErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Scheduling's own sentences. */
export const SCHEDULE_TEXTS = {
  invalidTime: "Enter the date and time to publish at.",
  past: "Choose a time in the future.",
  field: "Publish on",
} as const;

/** The row actions of Article Management; each is one state transition (or the deletion). */
export const ARTICLE_ACTIONS = ["publish", "unpublish", "delete", "submit", "sendBack", "schedule", "unschedule"] as const;
export type ArticleAction = (typeof ARTICLE_ACTIONS)[number];

/** A review note: what the submitter tells the editor, or what the editor asks to change. */
export const REVIEW_NOTE_MAX_LENGTH = 2_000;

export const ArticleActionInput = z
  .object({
    intent: z.enum(ARTICLE_ACTIONS),
    id: FormId,
    note: z
      .string()
      .trim()
      .max(REVIEW_NOTE_MAX_LENGTH, `The note must be at most ${REVIEW_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.`)
      .check(allowedText("The note", { lines: "multi-line" }))
      .optional()
      .default(""),
    /** When to publish, on the newsroom's clock, as a datetime-local field sends it ("2026-11-27T09:00"). */
    publishAt: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, SCHEDULE_TEXTS.invalidTime)
      .optional(),
  })
  .refine((value) => value.intent !== "sendBack" || value.note.length > 0, {
    message: "Please say what should change.",
    path: ["note"],
  })
  .refine((value) => value.intent !== "schedule" || value.publishAt !== undefined, {
    message: SCHEDULE_TEXTS.invalidTime,
    path: ["publishAt"],
  });

/** The spec's texts for each row action (spec 001, sections 5 and 8). */
export const ARTICLE_ACTION_TEXTS = {
  publish: {
    heading: "Publish article",
    confirm: "Are you sure you want to publish this article? It will become visible to all users.",
    button: "Publish",
    success: "Article published successfully",
    failure: "Failed to publish article",
    already: "It is already published.",
  },
  unpublish: {
    heading: "Unpublish article",
    confirm: "Are you sure you want to unpublish this article? It will be hidden from users and moved to drafts.",
    button: "Unpublish",
    success: "Article unpublished successfully",
    failure: "Failed to unpublish article",
    already: "It is already a draft.",
  },
  submit: {
    heading: "Submit for review",
    confirm: "Send this article to the editors for review? You cannot edit it again until an editor sends it back.",
    button: "Submit",
    success: "Article submitted for review",
    failure: "Failed to submit article",
    already: "It is no longer a draft.",
  },
  sendBack: {
    heading: "Request changes",
    confirm: "Send this article back to its author as a draft, with a note saying what should change.",
    button: "Send back",
    success: "Article sent back with your note",
    failure: "Failed to send the article back",
    already: "It is no longer waiting for review.",
  },
  schedule: {
    heading: "Schedule article",
    confirm: "Choose when this article appears on the site. Until then readers cannot see it.",
    button: "Schedule",
    success: "Article scheduled",
    failure: "Failed to schedule article",
    already: "It is already published.",
  },
  unschedule: {
    heading: "Unschedule article",
    confirm: "Take this article off the schedule? It goes back to drafts and will not be published.",
    button: "Unschedule",
    success: "Article moved back to drafts",
    failure: "Failed to unschedule article",
    already: "It is no longer scheduled.",
  },
  delete: {
    heading: "Delete article",
    confirm: "Are you sure you want to delete this article? This action cannot be undone.",
    button: "Delete",
    success: "Article deleted successfully",
    failure: "Failed to delete article",
    already: "",
  },
} as const satisfies Record<ArticleAction, Record<string, string>>;

/** The editor's texts: the spec's update messages, and plain sentences for what the spec does not cover. */
export const ARTICLE_EDIT_TEXTS = {
  updated: "Article updated successfully",
  updateFailed: "Failed to update article",
  created: "Article saved as a draft",
  createFailed: "Failed to save article",
  missing: "This article no longer exists; another admin may have deleted it.",
  inReview: "This article is waiting for an editor's review; you can edit it again if it is sent back to you.",
  stale: "Another admin changed this article after you opened it. Copy your changes, reload it, and apply them again.",
  unknownVersion:
    "This form does not say which version of the article it was opened on. Copy your changes, reload it, and apply them again.",
  fixFields: "Please correct the highlighted fields.",
} as const;

/**
 * The version an edit was opened on: the article's `updatedAt`, which the editor carries in a hidden field as
 * `toISOString` writes it. Any other spelling, or a time the database cannot hold (year 0), is no version.
 */
export const OpenedVersion = z.iso
  .datetime({ precision: 3 })
  .transform((value) => new Date(value))
  .refine(isStorableInstant);

/** The offer shown when a new article may follow up an earlier story: welcome, and offered as related. */
export const FOLLOW_UP_TEXTS = {
  offer: "This may be a follow-up to:",
  markRelated: "Mark as related",
  /** Before the model's reason, when a configured model judged a close call. */
  judgement: "The model's judgement:",
  hint: 'Related stories are shown first under "You might also like" on each other\'s page. Save to continue.',
} as const;

/**
 * The editor's answer to that offer, posted with the article: `followUpSeen` once the offer was shown, `relatedTo`
 * the earlier story's id when "Mark as related" is ticked.
 */
export const FollowUpDecision = z.object({
  followUpSeen: z
    .literal("true")
    .optional()
    .transform((value) => value === "true"),
  relatedTo: FormId.optional(),
});

/** The spec's duplicate warning (spec 001, section 8), shown when a new article looks like one that exists. */
export const DUPLICATE_TEXTS = {
  title: "Content Uniqueness Protection Active",
  message:
    "A similar article already exists in the database. The AI detected potential duplicate content based on title and keywords. Please try generating a different topic or wait for new developments in the tech industry.",
} as const;

import { z } from "zod";
import type { ModelProvider } from "../../utils/ai-models";
import { SUBJECT_LENGTH } from "../../domain/newsletter";
import { extractOutermostObject, stripCodeFences } from "../generation/reply-parsing.server";

/** An article as the newsletter prompt shows it to the model. */
export interface PromptArticle {
  id: number;
  title: string;
  category: string;
  excerpt: string;
  /** The start of the body, as plain text. */
  opening: string;
  publishedAt: Date | null;
}

/** How much of each body the model sees: enough for a summary, little enough for five. */
export const OPENING_LENGTH = 700;

/** Markdown to plain prose for the prompt: no headings marks, emphasis, links' addresses or images. */
export function plainOpening(markdown: string): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/[*_`>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= OPENING_LENGTH) return text;
  const cut = text.slice(0, OPENING_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), OPENING_LENGTH - 40))}…`;
}

/**
 * The specification's newsletter prompt, in our shape: the model writes a 50-70 character
 * subject, a welcome intro and one summary per article as JSON; our template adds the layout, the call to
 * action and the unsubscribe footer, so no model HTML ever reaches a subscriber. Perplexity models are
 * also asked for real-time context.
 */
export function buildNewsletterPrompt({
  siteName,
  tagline,
  articles,
  provider,
}: {
  siteName: string;
  /** What the newsroom publishes (the settings' tagline, "technology news"). */
  tagline: string;
  articles: readonly PromptArticle[];
  provider: ModelProvider;
}): string {
  const listed = articles
    .map((article, index) =>
      [
        `[${index + 1}] id: ${article.id}`,
        `Title: ${article.title}`,
        `Category: ${article.category}`,
        article.publishedAt ? `Published: ${article.publishedAt.toISOString().slice(0, 10)}` : null,
        `Excerpt: ${article.excerpt}`,
        `Opening: ${article.opening}`,
      ]
        .filter((line) => line !== null)
        .join("\n"),
    )
    .join("\n\n");
  const realTime =
    provider === "perplexity"
      ? "\nYou have real-time web search: where it helps a reader, add one short sentence of current context from reputable sources to a summary (a reaction, a follow-up, a figure), never contradicting the article and without citation markers.\n"
      : "";
  return `You are the editor of ${siteName}, a newsroom that publishes ${tagline}, writing this week's newsletter for its subscribers.

Write it from the ${articles.length} articles below, which ${siteName} published recently.
${realTime}
Reply with one JSON object and nothing else, with exactly these fields:
{
  "subject": "the e-mail subject",
  "intro": "the welcome and introduction",
  "summaries": [{ "id": 123, "summary": "the summary of that article" }]
}

Rules:
- subject: ${SUBJECT_LENGTH.min} to ${SUBJECT_LENGTH.max} characters, specific to this week's stories, no clickbait, no emoji, no quotes around it.
- intro: a warm one-line welcome to ${siteName} readers, then 2 or 3 sentences on what ties this week's stories together; at most 90 words.
- summaries: exactly one per article, in the order given, each with the article's id; 2 or 3 sentences (40 to 70 words) saying what happened and why it matters to the reader.
- Plain text only: no HTML, no markdown, no links, no emoji.
- Use only facts from the articles${provider === "perplexity" ? " and your cited real-time context" : ""}; never invent figures, names, quotes or dates.
- Do not write a call to action, a sign-off or an unsubscribe line: the template adds them.

Articles:

${listed}`;
}

const plainText = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/<[^>]*>/g, "").trim())
    .pipe(z.string().max(max));

/** The reply the prompt asks for, checked at the border. */
export const DigestReply = z.object({
  subject: plainText(200).optional().catch(undefined),
  intro: plainText(2_000),
  summaries: z.array(z.object({ id: z.coerce.number().int(), summary: plainText(2_000).pipe(z.string().min(1)) })).min(1),
});
export type DigestReply = z.infer<typeof DigestReply>;

/** The model's reply as a DigestReply, reading through code fences and words around the JSON; null when it is not one. */
export function parseDigestReply(reply: string): DigestReply | null {
  const json = extractOutermostObject(stripCodeFences(reply));
  if (json === null) return null;
  try {
    const parsed = DigestReply.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

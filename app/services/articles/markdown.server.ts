import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { articleSanitizeSchema, rehypeArticleElements, rehypeArticleFinish } from "./markdown-schema.server";

/** Turns an article's markdown into sanitized HTML; may throw. */
export type MarkdownConverter = (markdown: string) => string;

// GitHub-flavoured markdown with single line breaks kept as breaks. Raw HTML in the markdown (the
// editors' <u>, say) is parsed, GFM's extras are rewritten into allowed elements, then everything
// outside the allowlist is removed (docs/decisions/004-article-markdown.md). Every plugin is
// synchronous and the processor is frozen, so one instance serves every request.
const articleProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkBreaks)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeArticleElements)
  .use(rehypeSanitize, articleSanitizeSchema)
  .use(rehypeArticleFinish)
  .use(rehypeStringify)
  .freeze();

/** GitHub-flavoured markdown, sanitized to the spec's allowlist (spec section 5). */
export function convertMarkdown(markdown: string): string {
  return String(articleProcessor.processSync(markdown));
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** The spec's fallback (section 8): the text itself, escaped so nothing in it becomes markup, each newline a <br>. */
export function plainTextHtml(text: string): string {
  return `<p>${text
    .split(/\r\n|\r|\n/)
    .map(escapeHtml)
    .join("<br>")}</p>`;
}

/**
 * An article body as sanitized HTML, or the escaped plain-text fallback when the conversion fails;
 * `onError` hears about the failure so it can be logged.
 */
export function renderArticleHtml(
  markdown: string,
  { convert = convertMarkdown, onError }: { convert?: MarkdownConverter; onError?: (error: unknown) => void } = {},
): string {
  try {
    return convert(markdown);
  } catch (error) {
    onError?.(error);
    return plainTextHtml(markdown);
  }
}

import { diffArrays } from "diff";
import type { AiOriginal } from "../../domain/articles";

/** The words of a text, as the rewrite measure counts them: runs of letters, digits and inner punctuation. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * How much of the AI text the editors rewrote, in percent (0 to 100): the share of the model's words (title,
 * excerpt and body) that a word-level diff does not find, in order, in the published text. Words the editors
 * only added do not count: a story that keeps every word of the draft and adds a paragraph is 0% rewritten.
 */
export function rewrittenPercent(original: AiOriginal, current: AiOriginal): number {
  const before = [original.title, original.excerpt, original.content].flatMap(words);
  if (before.length === 0) return 0;
  const after = [current.title, current.excerpt, current.content].flatMap(words);
  let removed = 0;
  for (const part of diffArrays(before, after)) if (part.removed) removed += part.count ?? part.value.length;
  return Math.round((removed / before.length) * 100);
}

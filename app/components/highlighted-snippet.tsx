import { HIGHLIGHT_END, HIGHLIGHT_START } from "~/utils/highlight";

/** A search snippet with its matched words in <mark>; the text is always rendered as text. */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  const parts = snippet.split(HIGHLIGHT_START);
  return (
    <>
      {parts.map((part, index) => {
        if (index === 0) return part;
        const [marked = "", rest = ""] = part.split(HIGHLIGHT_END);
        return (
          <span key={index}>
            <mark className="rounded bg-yellow-200 px-0.5 text-slate-900 dark:bg-yellow-500/40 dark:text-yellow-50">
              {marked}
            </mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}

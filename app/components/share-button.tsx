import { Check, Share2, TriangleAlert } from "lucide-react";
import { SHARE_LABELS } from "~/utils/share";

/**
 * Shares the article with the system share sheet when the browser has one, otherwise copies the link. The
 * islands script (islands/share-button.ts) does the sharing and switches the label and icon; the button
 * carries what to share.
 */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  return (
    <button
      type="button"
      data-share-button=""
      data-url={url}
      data-title={title}
      data-text={text}
      data-state="idle"
      className="group inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 print:hidden"
    >
      <Share2 aria-hidden className="hidden size-4 group-data-[state=idle]:block" />
      <Check aria-hidden className="hidden size-4 group-data-[state=copied]:block group-data-[state=shared]:block" />
      <TriangleAlert aria-hidden className="hidden size-4 group-data-[state=error]:block" />
      <span aria-live="polite">{SHARE_LABELS.idle}</span>
    </button>
  );
}

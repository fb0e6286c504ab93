import { CircleAlert, RefreshCw } from "lucide-react";
import { correctionAnchor, type CorrectionNote } from "~/utils/corrections";
import { formatDateTime } from "~/utils/dates";
import { CORRECTION_HEADINGS } from "~/validation/correction";
import { useSite } from "./layout/use-site";

/**
 * The corrections and updates of an article, at the top of it, newest first: one box per note with its
 * heading ("Correction" or "Updated"), its time in the newsroom's time zone, and the note.
 */
export function CorrectionNotes({ notes }: { notes: readonly CorrectionNote[] }) {
  const { site } = useSite();
  if (notes.length === 0) return null;
  return (
    <div className="mt-6 space-y-3">
      {notes.map((note) => {
        const heading = CORRECTION_HEADINGS[note.kind];
        const Icon = note.kind === "correction" ? CircleAlert : RefreshCw;
        const headingId = `${correctionAnchor(note.id)}-heading`;
        return (
          <aside
            key={note.id}
            id={correctionAnchor(note.id)}
            aria-labelledby={headingId}
            className={
              note.kind === "correction"
                ? "rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
                : "rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
            }
          >
            <div className="flex flex-wrap items-center gap-x-2 text-sm">
              <Icon aria-hidden className="size-4 shrink-0" />
              <h2 id={headingId} className="font-bold">
                {heading}
              </h2>
              <time dateTime={new Date(note.createdAt).toISOString()}>{formatDateTime(note.createdAt, site.timeZone)}</time>
            </div>
            <p className="mt-1 text-sm break-words">{note.note}</p>
          </aside>
        );
      })}
    </div>
  );
}

import { Form } from "react-router";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { ARTICLE_ACTION_TEXTS, REVIEW_NOTE_MAX_LENGTH, type ArticleAction } from "~/validation/article";

export interface PendingAction {
  intent: ArticleAction;
  article: { id: number; title: string };
}

const confirmButtonClass: Record<ArticleAction, string> = {
  publish: "bg-emerald-700 hover:bg-emerald-800 text-white",
  unpublish: "bg-amber-700 hover:bg-amber-800 text-white",
  delete: "bg-red-700 hover:bg-red-800 text-white",
  submit: "bg-sky-700 hover:bg-sky-800 text-white",
  sendBack: "bg-amber-700 hover:bg-amber-800 text-white",
};

/** The note field of the review steps: optional when submitting, required when asking for changes. */
const NOTE_LABEL: Partial<Record<ArticleAction, string>> = {
  submit: "Note for the editor (optional)",
  sendBack: "What should change?",
};

/**
 * The confirmation before a row action, with the spec's exact question. Confirming posts the action
 * to the list's own address, so the list comes back with the same search, filters and page.
 */
export function ConfirmActionDialog({
  pending,
  listUrl,
  onClose,
}: {
  pending: PendingAction | null;
  listUrl: string;
  onClose: () => void;
}) {
  const texts = pending ? ARTICLE_ACTION_TEXTS[pending.intent] : null;
  return (
    <ModalDialog
      open={pending !== null}
      onClose={onClose}
      labelledBy="confirm-title"
      describedBy="confirm-text"
      className="max-w-md"
    >
      {pending && texts ? (
        <Form method="post" action={listUrl} onSubmit={onClose} className="space-y-4 p-6">
          <h2 id="confirm-title" className="text-lg font-bold">
            {texts.heading}
          </h2>
          <p id="confirm-text" className="text-slate-700 dark:text-slate-300">
            {texts.confirm}
          </p>
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium dark:bg-slate-800">{pending.article.title}</p>
          {NOTE_LABEL[pending.intent] ? (
            <div>
              <label htmlFor="review-note" className="mb-1 block text-sm font-medium">
                {NOTE_LABEL[pending.intent]}
              </label>
              <textarea
                id="review-note"
                name="note"
                rows={4}
                maxLength={REVIEW_NOTE_MAX_LENGTH}
                required={pending.intent === "sendBack"}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
              />
            </div>
          ) : null}
          <input type="hidden" name="intent" value={pending.intent} />
          <input type="hidden" name="id" value={pending.article.id} />
          <div className="flex justify-end gap-2 pt-2">
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Cancel
            </button>
            <button type="submit" className={`rounded-lg px-4 py-2 text-sm font-semibold ${confirmButtonClass[pending.intent]}`}>
              {texts.button}
            </button>
          </div>
        </Form>
      ) : null}
    </ModalDialog>
  );
}

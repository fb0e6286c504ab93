import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ModalDialog } from "~/components/ui/modal-dialog";
import type { ArticleStatus } from "~/domain/article-status";
import { instantToZonedTime } from "~/utils/dates";
import { SIGNED_OUT_TEXTS } from "~/validation/admin";
import { ARTICLE_ACTION_TEXTS, REVIEW_NOTE_MAX_LENGTH, SCHEDULE_TEXTS, type ArticleAction } from "~/validation/article";
import { NoticeMessage } from "./notice-message";
import { formResult, useSignInAgain, type SignedOut } from "./signed-out-notice";

export interface PendingAction {
  intent: ArticleAction;
  /** `publishedAt` is the time a scheduled article is set for, offered when it is rescheduled. */
  article: { id: number; title: string; status: ArticleStatus; publishedAt: Date | string | null };
}

const confirmButtonClass: Record<ArticleAction, string> = {
  publish: "bg-emerald-700 hover:bg-emerald-800 text-white",
  unpublish: "bg-amber-700 hover:bg-amber-800 text-white",
  delete: "bg-red-700 hover:bg-red-800 text-white",
  submit: "bg-sky-700 hover:bg-sky-800 text-white",
  sendBack: "bg-amber-700 hover:bg-amber-800 text-white",
  schedule: "bg-violet-700 hover:bg-violet-800 text-white",
  unschedule: "bg-amber-700 hover:bg-amber-800 text-white",
};

/** The note field of the review steps: optional when submitting, required when asking for changes. */
const NOTE_LABEL: Partial<Record<ArticleAction, string>> = {
  submit: "Note for the editor (optional)",
  sendBack: "What should change?",
};

/** The list action's answer when it stays on the page: a refusal of what was typed, or the ended session (or neither). */
export type ConfirmAnswer = { refused: string } | SignedOut | undefined;

interface ConfirmProps {
  listUrl: string;
  /** The newsroom's zone (TIME_ZONE): the schedule field is on its clock, and says so. */
  timeZone: string;
  /** The route's action answer (`actionData`). */
  answer: ConfirmAnswer;
  /** Closes the dialog; a stable function, since the form calls it from an effect. */
  onClose: () => void;
}

/**
 * The confirmation before a row action, with the spec's exact question. Confirming posts the action
 * to the list's own address, so the list comes back with the same search, filters and page, and the dialog
 * closes. When the action answers here instead (a note or time it refuses, or an ended session), the dialog
 * stays open with what was typed and says why (decision 036).
 */
export function ConfirmActionDialog({ pending, ...props }: ConfirmProps & { pending: PendingAction | null }) {
  return (
    <ModalDialog
      open={pending !== null}
      onClose={props.onClose}
      labelledBy="confirm-title"
      describedBy="confirm-text"
      className="max-w-md"
    >
      {/* A form of its own for each opening, so an answer to one never shows in the next. */}
      {pending ? <ConfirmForm key={`${pending.intent}-${pending.article.id}`} pending={pending} {...props} /> : null}
    </ModalDialog>
  );
}

function ConfirmForm({ pending, listUrl, timeZone, answer, onClose }: ConfirmProps & { pending: PendingAction }) {
  const texts = ARTICLE_ACTION_TEXTS[pending.intent];
  const navigation = useNavigation();
  const sent = useRef(false);
  // What the route held when the dialog opened belongs to an earlier dialog; a new answer is a new object.
  const [earlier] = useState(answer);
  const shown = answer === earlier ? undefined : answer;
  const refused = formResult(shown)?.refused;
  const signInAgain = useSignInAgain(shown, SIGNED_OUT_TEXTS.page);
  useEffect(() => {
    // Sent, and answered with the list again (a redirect leaves no action answer): done, so the dialog closes.
    if (!sent.current || navigation.state !== "idle") return;
    sent.current = false;
    if (answer === undefined) onClose();
  }, [navigation.state, answer, onClose]);
  return (
    <>
      <Form method="post" action={listUrl} onSubmit={() => (sent.current = true)} className="space-y-4 p-6">
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
        {pending.intent === "schedule" ? (
          <div>
            <label htmlFor="publish-at" className="mb-1 block text-sm font-medium">
              {SCHEDULE_TEXTS.field}
            </label>
            <input
              id="publish-at"
              name="publishAt"
              type="datetime-local"
              required
              aria-describedby="publish-at-zone"
              defaultValue={
                pending.article.status === "scheduled" && pending.article.publishedAt
                  ? instantToZonedTime(new Date(pending.article.publishedAt), timeZone)
                  : undefined
              }
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:[color-scheme:dark]"
            />
            <p id="publish-at-zone" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              Time zone: {timeZone}
            </p>
          </div>
        ) : null}
        {refused ? <NoticeMessage notice={{ kind: "error", text: refused }} /> : null}
        {signInAgain.message ? <div role="alert">{signInAgain.message}</div> : null}
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
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className={`rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60 ${confirmButtonClass[pending.intent]}`}
          >
            {texts.button}
          </button>
        </div>
      </Form>
      {/* Outside the form above: a sign-in form may not sit inside another form. */}
      {signInAgain.dialog}
    </>
  );
}

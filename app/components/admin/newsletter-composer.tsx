import { Eye, EyeOff, LoaderCircle, Mail, Send } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ModalDialog } from "~/components/ui/modal-dialog";
import type { NewsletterDraftView } from "~/domain/newsletter";
import { NOT_GENERATED_TEXT } from "~/validation/newsletter-issue";
import { LocalTime } from "../local-time";
import { ModelKeyFields, useModelKey, type ModelChoice } from "./model-key-fields";
import { NoticeMessage, type Notice } from "./notice-message";

/** What the newsletter action answers. */
export interface NewsletterActionData {
  notice?: Notice;
  fieldErrors?: { apiKey?: string; model?: string };
}

const PRIMARY =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50";
const SECONDARY =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

/**
 * Spec 001's newsletter controls: the model and key, Generate Newsletter, then Preview / Hide Preview
 * (the HTML in a sandboxed frame, the text version beside it) and Send Newsletter, which asks first
 * with the number of active subscribers.
 */
export function NewsletterComposer({
  models,
  defaultModel,
  draft,
  activeSubscribers,
  result,
  sending,
}: {
  models: ModelChoice[];
  defaultModel: string;
  draft: NewsletterDraftView | null;
  activeSubscribers: number;
  result: NewsletterActionData | undefined;
  /** An issue is being sent right now. */
  sending: boolean;
}) {
  // A fetcher keeps its answer while the page polls for progress; without JavaScript the page's action data is used.
  const fetcher = useFetcher<NewsletterActionData>();
  const answer = fetcher.data ?? result;
  const modelKey = useModelKey(models, defaultModel, answer?.fieldErrors?.apiKey);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [clientNotice, setClientNotice] = useState<Notice | null>(null);
  const intent = fetcher.state === "submitting" ? fetcher.formData?.get("intent") : null;
  // Until the page data has caught up with the fetcher's answer, the draft shown may not be the newest.
  const settling = fetcher.state !== "idle";
  const generating = intent === "generate";
  const notice = clientNotice ?? answer?.notice ?? null;
  const showPreview = draft !== null && previewing;

  return (
    <section
      aria-labelledby="newsletter-composer-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2">
        <Mail aria-hidden className="size-5 text-blue-600 dark:text-blue-400" />
        <h3 id="newsletter-composer-heading" className="text-lg font-semibold">
          Weekly digest
        </h3>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The model writes a subject, an introduction and a summary of each of the 5 newest published articles; the newsletter
        template adds the covers, links and unsubscribe footer.
      </p>
      <fetcher.Form
        method="post"
        className="space-y-4"
        onSubmit={(event) => {
          setClientNotice(null);
          modelKey.checkOnSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="generate" />
        <ModelKeyFields idPrefix="newsletter" state={modelKey} />
        <button type="submit" disabled={generating || modelKey.blocked} className={PRIMARY}>
          {generating ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {generating ? "Generating Newsletter…" : "Generate Newsletter"}
        </button>
      </fetcher.Form>

      <NoticeMessage notice={notice} />

      {draft ? (
        <div className="space-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm dark:bg-slate-800">
          <p>
            <span className="font-medium">Subject:</span> {draft.subject}
          </p>
          <p className="text-slate-600 dark:text-slate-400">
            {draft.articleIds.length} {draft.articleIds.length === 1 ? "article" : "articles"}, written{" "}
            {draft.modelName ? `by ${draft.modelName}` : "from the excerpts"} on <LocalTime value={draft.createdAt} />.
          </p>
        </div>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={!draft || settling}
          aria-expanded={draft ? showPreview : undefined}
          aria-controls={draft ? "newsletter-preview" : undefined}
          onClick={() => setPreviewing((open) => !open)}
          className={SECONDARY}
        >
          {showPreview ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          {showPreview ? "Hide Preview" : "Preview"}
        </button>
        <button
          type="button"
          disabled={sending || settling}
          onClick={() => {
            if (draft) setConfirming(true);
            else setClientNotice({ kind: "error", text: NOT_GENERATED_TEXT });
          }}
          className={PRIMARY}
        >
          {intent === "send" ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden className="size-4" />
          )}
          Send Newsletter
        </button>
      </div>

      {showPreview ? (
        <div id="newsletter-preview" className="grid gap-4 lg:grid-cols-2">
          <section aria-labelledby="preview-html-heading" className="space-y-2">
            <h4 id="preview-html-heading" className="text-sm font-semibold">
              HTML version
            </h4>
            <iframe
              title="HTML version of the newsletter"
              sandbox=""
              srcDoc={draft.html}
              className="h-[36rem] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
            />
          </section>
          <section aria-labelledby="preview-text-heading" className="space-y-2">
            <h4 id="preview-text-heading" className="text-sm font-semibold">
              Text version
            </h4>
            <pre
              tabIndex={0}
              className="h-[36rem] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-950"
            >
              {draft.text}
            </pre>
          </section>
        </div>
      ) : null}

      <ModalDialog open={confirming} onClose={() => setConfirming(false)} labelledBy="send-confirm-title" className="max-w-md">
        {draft ? (
          <fetcher.Form
            method="post"
            onSubmit={() => {
              setConfirming(false);
              setPreviewing(false);
              setClientNotice(null);
            }}
            className="space-y-4 p-6"
          >
            <h2 id="send-confirm-title" className="text-lg font-bold">
              Send Newsletter
            </h2>
            <p className="text-slate-700 dark:text-slate-300">
              Send this newsletter to {activeSubscribers.toLocaleString("en-US")} active{" "}
              {activeSubscribers === 1 ? "subscriber" : "subscribers"}? Each receives it once; it cannot be recalled.
            </p>
            <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium dark:bg-slate-800">{draft.subject}</p>
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="draftId" value={draft.id} />
            <div className="flex justify-end gap-2 pt-2">
              <button type="button" onClick={() => setConfirming(false)} className={SECONDARY}>
                Cancel
              </button>
              <button type="submit" className={PRIMARY}>
                Send to {activeSubscribers.toLocaleString("en-US")}
              </button>
            </div>
          </fetcher.Form>
        ) : null}
      </ModalDialog>
    </section>
  );
}

import { useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { NoticeMessage } from "~/components/admin/notice-message";
import { formResult, SignedOutNotice } from "~/components/admin/signed-out-notice";
import { useSite } from "~/components/layout/use-site";
import { servicesContext } from "~/context";
import { CorrectionError } from "~/services/articles/corrections.server";
import { articlePath, parseArticleId } from "~/utils/articles";
import { formatDateTime } from "~/utils/dates";
import { CORRECTION_KINDS, type CorrectionKind } from "~/domain/history";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import {
  CORRECTION_HEADINGS,
  CORRECTION_KIND_LABELS,
  CORRECTION_NOTE_MAX,
  CORRECTION_TEXTS,
  CorrectionForm,
  CorrectionNote,
  notifyLabel,
} from "~/validation/correction";
import type { Route } from "./+types/article-corrections";
import { keepFormWhenSignedOut, requireArticlePermission } from "./guard.server";
import { noticeHeaders, takeNotice, type Notice } from "./notice.server";
import { SubmitButton } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Corrections: ${loaderData.article.title} · Admin` : "Corrections · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Where a missing article sends the editor back to, with the reason. */
async function backToList(): Promise<never> {
  throw redirect("/admin/articles", { headers: await noticeHeaders({ kind: "error", text: CORRECTION_TEXTS.missing }) });
}

/**
 * The Corrections page of a published article: its notes, newest first, and the form that adds one.
 * Editors and administrators only, published articles only (`article.correct`).
 */
export async function loader(args: Route.LoaderArgs) {
  const id = parseArticleId(args.params.id);
  const { article: facts } = await requireArticlePermission(args, "article.correct", id);
  const { editorial, corrections } = args.context.get(servicesContext);
  const article = facts && id ? await editorial.findForEditing(id) : null;
  if (!article) return backToList();
  const [notes, recipients, { notice, headers }] = await Promise.all([
    corrections.listForArticle(article.id),
    corrections.recipientsToNotify(article.id),
    takeNotice(args.request),
  ]);
  return data(
    {
      article: { id: article.id, title: article.title },
      notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
      recipients,
      notice,
    },
    { headers },
  );
}

/** Add a correction or an update (and, when ticked, the notice to newsletter readers), or delete one. */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => changeNotes(args));
}

async function changeNotes(args: Route.ActionArgs) {
  const id = parseArticleId(args.params.id);
  const { actor, article } = await requireArticlePermission(args, "article.correct", id);
  if (!article || !id) return backToList();
  const { corrections, logger } = args.context.get(servicesContext);
  const posted = Object.fromEntries(await readForm(args.request));
  const here = `/admin/articles/${id}/corrections`;
  const refuse = (text: string, status: number) =>
    data({ notice: { kind: "error", text } satisfies Notice, note: typeof posted.note === "string" ? posted.note : "" }, status);

  const parsed = CorrectionForm.safeParse(posted);
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? CORRECTION_TEXTS.noteRequired, 400);
  const form = parsed.data;
  try {
    if (form.intent === "delete") {
      const outcome = await corrections.delete(id, form.correctionId);
      const notice: Notice =
        outcome === "done"
          ? { kind: "success", text: CORRECTION_TEXTS.deleted }
          : { kind: "error", text: CORRECTION_TEXTS.correctionMissing };
      return redirect(here, { status: 303, headers: await noticeHeaders(notice) });
    }
    const { notified } = await corrections.add({
      articleId: id,
      kind: form.kind,
      note: form.note,
      by: actor.adminId,
      notify: form.notify,
    });
    const sent =
      notified > 0 ? ` ${notified === 1 ? "1 newsletter reader" : `${notified} newsletter readers`} will be notified.` : "";
    return redirect(here, {
      status: 303,
      headers: await noticeHeaders({ kind: "success", text: CORRECTION_TEXTS.added[form.kind] + sent }),
    });
  } catch (error) {
    if (error instanceof CorrectionError)
      return refuse(error.message, error.code === "MISSING" ? 404 : error.code === "INVALID_NOTE" ? 400 : 409);
    logger.error({ err: error, articleId: id }, "correction failed");
    return refuse(CORRECTION_TEXTS.failed, 500);
  }
}

const cardClass = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

export default function ArticleCorrections({ loaderData, actionData }: Route.ComponentProps) {
  const { article, notes, recipients } = loaderData;
  const result = formResult(actionData);
  const { site } = useSite();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [noteError, setNoteError] = useState<string | null>(null);
  const notice = result?.notice ?? loaderData.notice;

  /** The same rule in the browser as on the server, before the form is sent. */
  function checkNote(event: FormEvent<HTMLFormElement>) {
    const note = new FormData(event.currentTarget).get("note");
    const parsed = CorrectionNote.safeParse(note ?? "");
    if (!parsed.success) {
      event.preventDefault();
      setNoteError(parsed.error.issues[0]?.message ?? CORRECTION_TEXTS.noteRequired);
    } else setNoteError(null);
  }

  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/articles" className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-300">
          ← Article Management
        </Link>
        <h2 className="mt-2 text-2xl font-bold">Corrections and updates</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          <a href={articlePath(article.id)} className="font-semibold hover:underline">
            {article.title}
          </a>
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each note is shown at the top of the article with its time, and listed on the public Corrections page. Fixing a typo
          needs no note: edit the article instead.
        </p>
      </div>
      <NoticeMessage notice={notice} />
      <SignedOutNotice result={actionData} />

      <section aria-labelledby="add-correction-heading" className={cardClass}>
        <h3 id="add-correction-heading" className="text-lg font-bold">
          Add a note
        </h3>
        <Form method="post" noValidate onSubmit={checkNote} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="add" />
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Kind</legend>
            <div className="flex flex-wrap gap-4">
              {CORRECTION_KINDS.map((kind: CorrectionKind) => (
                <label key={kind} className="inline-flex items-center gap-2 text-sm">
                  <input type="radio" name="kind" value={kind} defaultChecked={kind === "correction"} />
                  {CORRECTION_KIND_LABELS[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="correction-note" className="mb-1 block text-sm font-medium">
              Note
            </label>
            <textarea
              id="correction-note"
              name="note"
              rows={3}
              maxLength={CORRECTION_NOTE_MAX}
              defaultValue={result?.note ?? ""}
              aria-invalid={noteError ? true : undefined}
              aria-describedby="correction-note-hint correction-note-error"
              className={INPUT_CLASS}
            />
            <p id="correction-note-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              What was wrong and what is right now, or what happened since, in up to {CORRECTION_NOTE_MAX} characters.
            </p>
            <p
              id="correction-note-error"
              role="alert"
              className="mt-1 text-sm font-medium text-red-700 empty:hidden dark:text-red-400"
            >
              {noteError}
            </p>
          </div>
          {recipients > 0 ? (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="notify" className="mt-0.5" />
              <span>{notifyLabel(recipients)}</span>
            </label>
          ) : null}
          <SubmitButton disabled={busy}>{busy ? "Saving…" : "Add note"}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="notes-heading" className={cardClass}>
        <h3 id="notes-heading" className="text-lg font-bold">
          Notes on this article
        </h3>
        {notes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No corrections or updates yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {notes.map((note) => (
              <li key={note.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold">
                    {CORRECTION_HEADINGS[note.kind]} ·{" "}
                    <time dateTime={note.createdAt} className="font-normal text-slate-600 dark:text-slate-400">
                      {formatDateTime(note.createdAt, site.timeZone)}
                    </time>
                  </p>
                  <p className="mt-1 text-sm break-words">{note.note}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="correctionId" value={note.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={`Delete the ${CORRECTION_KIND_LABELS[note.kind].toLowerCase()} of ${formatDateTime(note.createdAt, site.timeZone)}`}
                    className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950"
                  >
                    Delete
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import { Pencil, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { ModalDialog } from "~/components/ui/modal-dialog";
import type { Category } from "~/domain/sections";
import { useSectionNames } from "~/components/layout/use-site";
import { countWords, READ_TIME_MAX, READ_TIME_MIN, readingMinutes } from "~/utils/read-time";
import { ARTICLE_LIMITS, ArticleInput, articleFieldErrors, coauthorChoice, type ArticleFieldErrors } from "~/validation/article";
import { SIGNED_OUT_TEXTS } from "~/validation/admin";
import { REVISION_TEXTS } from "~/validation/revisions";
import { DuplicateWarning, FollowUpOffer, type SimilarArticle } from "./article-save-notices";
import { CoauthorSelects, type CoauthorChooser } from "./coauthor-selects";
import { ImagePanel } from "./image-panel";
import { useSignInAgain } from "./signed-out-notice";
import { MarkdownField } from "./markdown-field";
import { shortcutOf } from "./markdown-toolbar";
import { DiscardChangesDialog, useUnsavedChanges } from "./unsaved-changes";
import { TagPicker } from "./tag-picker";
import { ArticleTagNames, tagFieldsOf } from "~/validation/tags";
import { SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { INPUT_CLASS, TextInput } from "~/components/ui/text-input";

/** What the editor starts from: an article's fields, or empty ones for a new article. */
export interface ArticleFormValues {
  title: string;
  excerpt: string;
  content: string;
  category: Category;
  readTime: number | string;
  sources: string;
  image: string;
  isFeatured: boolean;
  isPopular: boolean;
  /** The co-author selects' values in order: author ids, "" for None. */
  coauthors: string[];
  /** Its tags' names in order. */
  tags: string[];
  /** A tag name typed but not added yet, echoed back after a refused save. */
  tagEntry?: string;
}

export const EMPTY_ARTICLE: ArticleFormValues = {
  title: "",
  excerpt: "",
  content: "",
  category: "AI",
  readTime: 5,
  sources: "",
  image: "",
  isFeatured: false,
  isPopular: false,
  coauthors: [],
  tags: [],
};

/** What the editor's action answers when it does not redirect back to the list. */
export interface ArticleEditorResult {
  fieldErrors?: ArticleFieldErrors;
  formError?: string;
  /** A similar article exists (the duplicate check); saving again with allowDuplicate confirms. */
  duplicate?: SimilarArticle;
  /** The article may follow up an earlier story; saving again saves it, related to that one if ticked. */
  followUp?: SimilarArticle;
  /** The posted values, so a page rendered without JavaScript shows what was typed. */
  values?: ArticleFormValues;
  /** A refused stale save: the History comparison of what changed since the editor opened the article. */
  changesHref?: string;
  /** The save found the session ended: nothing was saved, and the editor offers to sign in again (decision 036). */
  signInRequired?: boolean;
}

/** The version saved against and the answer to the follow-up offer: how the article is saved, not what it says. */
const SAVING_FIELDS = ["updatedAt", "followUpSeen", "relatedTo"] as const;

interface ArticleEditorProps {
  mode: "edit" | "new";
  initial: ArticleFormValues;
  result: ArticleEditorResult | undefined;
  /** The list with its search and filters, where Cancel and Escape go. */
  backTo: string;
  /** The version being edited, so a save cannot overwrite another admin's later change. */
  updatedAt?: string;
  /** A selector of the control that opened the editor, which gets the focus back when it closes (the visible one). */
  returnFocusTo: string;
  /** Who signs it and the latest review note, shown above the fields of an article being edited. */
  review?: { authorName: string; statusLabel: string; note: string };
  /** The article's Corrections page, for a published article someone may correct. */
  correctionsHref?: string;
  /** The article's History page, linked next to the title. */
  historyHref?: string;
  /** The co-author selects, for those who may choose co-authors; none otherwise. */
  coauthors?: CoauthorChooser | null;
  /** The existing tags, suggested in the Tags field. */
  tagSuggestions?: readonly string[];
}

/** The article editor (spec: the edit modal), also used empty to write a new article by hand. */
export function ArticleEditor({
  mode,
  initial,
  result,
  backTo,
  updatedAt,
  returnFocusTo,
  review,
  correctionsHref,
  historyHref,
  coauthors,
  tagSuggestions = [],
}: ArticleEditorProps) {
  const sectionNames = useSectionNames();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const start = result?.values ?? initial;
  const [content, setContent] = useState(start.content);
  const [image, setImage] = useState(start.image);
  const [clientErrors, setClientErrors] = useState<ArticleFieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef, SAVING_FIELDS);
  const signedOut = useSignInAgain(result, SIGNED_OUT_TEXTS);

  // The editor is a route: closing it unmounts the dialog, so focus goes back to its opener by hand.
  useEffect(
    () => () => {
      requestAnimationFrame(() => {
        const openers = [...document.querySelectorAll<HTMLElement>(returnFocusTo)];
        openers.find((opener) => opener.offsetParent !== null)?.focus();
      });
    },
    [returnFocusTo],
  );

  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const heading = mode === "edit" ? "Edit article" : "New article";

  function validate(event: FormEvent<HTMLFormElement>) {
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = ArticleInput.safeParse(fields);
    const chosen = coauthors ? coauthorChoice(coauthors.leadAuthorId).safeParse(fields) : null;
    const tagged = ArticleTagNames.safeParse(tagFieldsOf(new FormData(event.currentTarget)));
    if (parsed.success && (chosen === null || chosen.success) && tagged.success) {
      setClientErrors(null);
      unsaved.submitting();
      return;
    }
    event.preventDefault();
    const found = {
      ...(parsed.success ? {} : articleFieldErrors(parsed.error)),
      ...(chosen && !chosen.success ? articleFieldErrors(chosen.error) : {}),
      ...(tagged.success ? {} : { tags: tagged.error.issues[0]?.message }),
    };
    setClientErrors(found);
    const first = Object.keys(found)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first === "tags" ? "tagEntry" : first}"]`)?.focus();
  }

  return (
    <>
      <ModalDialog open openOnServer onClose={() => void navigate(backTo)} labelledBy="editor-title" className="max-w-5xl">
        <Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={validate}
          // Ctrl+S (⌘S) saves, as Save Changes does: the form's own checks first.
          onKeyDown={(event) => {
            if (shortcutOf(event) !== "s") return;
            event.preventDefault();
            if (!saving) event.currentTarget.requestSubmit();
          }}
          className="flex flex-col"
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
            <h2 id="editor-title" className="flex items-center gap-2 text-lg font-bold">
              <Pencil aria-hidden className="size-5" />
              {heading}
            </h2>
            <div className="flex items-center gap-2">
              {historyHref ? (
                <Link
                  to={historyHref}
                  className="rounded-lg px-2 py-1 text-sm font-medium text-blue-700 underline dark:text-blue-400"
                >
                  History
                </Link>
              ) : null}
              <Link to={backTo} aria-label="Close" className="rounded-lg p-2 hover:bg-slate-100 dark:hover:bg-slate-800">
                <X aria-hidden className="size-5" />
              </Link>
            </div>
          </div>

          {updatedAt ? <input type="hidden" name="updatedAt" value={updatedAt} /> : null}
          {review ? (
            <div className="border-b border-slate-200 px-5 py-3 text-sm dark:border-slate-700">
              <p className="text-slate-700 dark:text-slate-300">
                By <strong>{review.authorName}</strong> · {review.statusLabel}
                {correctionsHref ? (
                  <>
                    {" · "}
                    <Link to={correctionsHref} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
                      Corrections and updates
                    </Link>
                  </>
                ) : null}
              </p>
              {review.note ? (
                <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 whitespace-pre-line text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
                  <strong>Review note:</strong> {review.note}
                </p>
              ) : null}
            </div>
          ) : null}

          <div className="grid gap-6 p-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="space-y-4">
              <Field id="article-title" label="Title" error={errors.title}>
                {(described) => (
                  <TextInput
                    id="article-title"
                    name="title"
                    defaultValue={start.title}
                    maxLength={ARTICLE_LIMITS.title}
                    required
                    {...described}
                  />
                )}
              </Field>
              <Field id="article-excerpt" label="Excerpt" error={errors.excerpt}>
                {(described) => (
                  <textarea
                    id="article-excerpt"
                    name="excerpt"
                    rows={3}
                    defaultValue={start.excerpt}
                    maxLength={ARTICLE_LIMITS.excerpt}
                    required
                    {...described}
                    className={INPUT_CLASS}
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="article-category" label="Category" error={errors.category}>
                  {(described) => (
                    <select
                      id="article-category"
                      name="category"
                      defaultValue={start.category}
                      {...described}
                      className={INPUT_CLASS}
                    >
                      {sectionNames.map((category) => (
                        <option key={category} value={category}>
                          {category}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field id="article-read-time" label="Reading time (minutes)" hint={readingHint(content)} error={errors.readTime}>
                  {(described) => (
                    <TextInput
                      id="article-read-time"
                      name="readTime"
                      type="number"
                      min={READ_TIME_MIN}
                      max={READ_TIME_MAX}
                      step={1}
                      defaultValue={start.readTime}
                      {...described}
                    />
                  )}
                </Field>
              </div>
              <Field id="article-sources" label="Sources" hint="Outlet names, separated by commas." error={errors.sources}>
                {(described) => (
                  <TextInput
                    id="article-sources"
                    name="sources"
                    defaultValue={start.sources}
                    maxLength={ARTICLE_LIMITS.sources}
                    {...described}
                  />
                )}
              </Field>
              <div className="flex flex-wrap gap-6">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" name="isFeatured" defaultChecked={start.isFeatured} className="size-4 accent-blue-700" />
                  Featured
                </label>
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" name="isPopular" defaultChecked={start.isPopular} className="size-4 accent-blue-700" />
                  Popular
                </label>
              </div>
              {coauthors ? <CoauthorSelects chooser={coauthors} chosen={start.coauthors} errors={errors} /> : null}
              <TagPicker initial={start.tags} initialEntry={start.tagEntry} suggestions={tagSuggestions} error={errors.tags} />

              <MarkdownField
                id="article-content"
                name="content"
                label="Content"
                value={content}
                onChange={setContent}
                maxLength={ARTICLE_LIMITS.content}
                required
                error={errors.content}
                onSignedOut={signedOut.ask}
              />
            </div>

            <ImagePanel value={image} onChange={setImage} error={errors.image} />
          </div>

          <div role="alert" className="px-5 empty:hidden">
            {signedOut.message ? <div className="mb-4">{signedOut.message}</div> : null}
            {result?.formError && !clientErrors ? (
              <p className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
                {result.formError}
                {result.changesHref ? (
                  <>
                    {" "}
                    <Link to={result.changesHref} className="underline">
                      {REVISION_TEXTS.staleLink}
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
            {result?.duplicate && !clientErrors ? <DuplicateWarning duplicate={result.duplicate} /> : null}
          </div>
          {result?.followUp && !clientErrors ? <FollowUpOffer earlier={result.followUp} /> : null}

          <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-white px-5 py-4 dark:border-slate-700 dark:bg-slate-900">
            <Link
              to={backTo}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Cancel
            </Link>
            {result?.duplicate && !clientErrors ? (
              <button
                type="submit"
                name="allowDuplicate"
                value="true"
                disabled={saving}
                className="rounded-lg border border-amber-600 px-4 py-2 text-sm font-semibold text-amber-800 hover:bg-amber-50 disabled:opacity-60 dark:text-amber-300 dark:hover:bg-amber-950"
              >
                Save anyway
              </button>
            ) : null}
            <SubmitButton disabled={saving}>{saving ? "Saving…" : "Save Changes"}</SubmitButton>
          </div>
        </Form>
      </ModalDialog>
      <DiscardChangesDialog blocker={unsaved.blocker} />
      {signedOut.dialog}
    </>
  );
}

/** What the content comes to, as it is typed: its words, and the minutes they take at the generator's 200 a minute. */
function readingHint(content: string): string | undefined {
  const words = countWords(content);
  if (words === 0) return undefined;
  return `The content: ${words.toLocaleString("en-US")} ${words === 1 ? "word" : "words"}, about ${readingMinutes(words)} min.`;
}

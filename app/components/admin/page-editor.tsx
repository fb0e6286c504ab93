import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PLACEHOLDER_HINT } from "~/utils/page-text";
import { SIGNED_OUT_TEXTS } from "~/validation/admin";
import {
  PAGE_LIMITS,
  PageInput,
  pageFieldErrors,
  pageFormValues,
  type PageFieldErrors,
  type PageFormValues,
  type PageRowList,
} from "~/validation/page";
import type { PageLayout } from "~/domain/pages";
import { REVISION_TEXTS } from "~/validation/revisions";
import { MarkdownField } from "./markdown-field";
import { shortcutOf } from "./markdown-toolbar";
import { useSignInAgain } from "./signed-out-notice";
import { DiscardChangesDialog, useUnsavedChanges } from "./unsaved-changes";
import { SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { INPUT_CLASS, TextInput } from "~/components/ui/text-input";

/** What the editor's action answers when it does not redirect. */
export interface PageEditorResult {
  fieldErrors?: PageFieldErrors;
  formError?: string;
  /** The posted values, so the form shows what was typed. */
  values?: PageFormValues;
  /** A refused stale save: the History comparison of what changed since the editor opened the page. */
  changesHref?: string;
  /**
   * After a stale save, the version in force: saving again, once the editor has looked at what changed, saves over it
   * (as the Settings form does).
   */
  updatedAt?: string;
  signInRequired?: boolean;
}

/** The version saved against: how the page is saved, not what it says. */
const SAVING_FIELDS = ["updatedAt"] as const;

const linkClass = "text-sm font-medium text-blue-700 underline dark:text-blue-400";

interface PageEditorProps {
  mode: "edit" | "new";
  layout: PageLayout;
  initial: PageFormValues;
  result: PageEditorResult | undefined;
  /** The version being edited, so a save cannot overwrite someone else's later one. */
  updatedAt?: string;
  historyHref?: string;
  /** The page on the site, when readers can see it. */
  liveHref?: string;
}

/**
 * The page editor (decision 039): the article editor's tools for a page: markdown with Bold, Underline and Preview,
 * the unsaved-changes guard, the refusal of a save made from an older version, and the fields of the pages with
 * structure (Careers' openings, Advertise's figures and packages, where Contact's form writes to).
 */
export function PageEditor({ mode, layout, initial, result, updatedAt, historyHref, liveHref }: PageEditorProps) {
  const navigation = useNavigation();
  const start = result?.values ?? initial;
  const [body, setBody] = useState(start.body);
  const [clientErrors, setClientErrors] = useState<PageFieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef, SAVING_FIELDS);
  const signedOut = useSignInAgain(result, SIGNED_OUT_TEXTS);
  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = PageInput.safeParse(pageFormValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      unsaved.submitting();
      return;
    }
    event.preventDefault();
    const found = pageFieldErrors(parsed.error);
    setClientErrors(found);
    const first = Object.keys(found)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const text = (id: string, name: keyof PageFormValues, label: string, max: number, hint?: string) => (
    <Field id={id} label={label} hint={hint} error={errors[name]}>
      {(described) => <TextInput id={id} name={name} defaultValue={String(start[name])} maxLength={max} {...described} />}
    </Field>
  );

  return (
    <>
      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={validate}
        onKeyDown={(event) => {
          if (shortcutOf(event) !== "s") return;
          event.preventDefault();
          if (!saving) event.currentTarget.requestSubmit();
        }}
        aria-labelledby="page-editor-title"
        className="space-y-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="page-editor-title" className="text-xl font-bold break-words">
            {mode === "edit" ? `Edit page: ${initial.title}` : "New page"}
          </h2>
          <nav aria-label="Page" className="flex gap-4">
            {liveHref ? (
              <a href={liveHref} className={linkClass}>
                View on the site
              </a>
            ) : null}
            {historyHref ? (
              <Link to={historyHref} className={linkClass}>
                History
              </Link>
            ) : null}
            <Link to="/admin/pages" className={linkClass}>
              Back to pages
            </Link>
          </nav>
        </div>

        {updatedAt ? <input type="hidden" name="updatedAt" value={result?.updatedAt ?? updatedAt} /> : null}

        <div className="grid gap-4 sm:grid-cols-2">
          {text("page-title", "title", "Title", PAGE_LIMITS.title, 'In the browser\'s tab and the admin list: "About Us".')}
          <Field
            id="page-address"
            label="Address"
            hint="Lower-case letters, digits and hyphens, after the site's address: ethics for /ethics."
            error={errors.address}
          >
            {(described) => (
              <div className="flex items-stretch">
                <span
                  aria-hidden
                  className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300"
                >
                  /
                </span>
                <input
                  id="page-address"
                  name="address"
                  defaultValue={start.address}
                  maxLength={PAGE_LIMITS.address}
                  autoCapitalize="none"
                  spellCheck={false}
                  {...described}
                  className={`${INPUT_CLASS} rounded-l-none`}
                />
              </div>
            )}
          </Field>
          <Field id="page-status" label="Status" hint="A draft answers 404 to readers." error={errors.status}>
            {(described) => (
              <select id="page-status" name="status" defaultValue={start.status} {...described} className={INPUT_CLASS}>
                <option value="published">Published</option>
                <option value="draft">Draft</option>
              </select>
            )}
          </Field>
          {text("page-eyebrow", "eyebrow", "Label above the heading", PAGE_LIMITS.eyebrow, 'A word or two: "Legal", "Careers".')}
        </div>
        {text("page-heading", "heading", "Heading", PAGE_LIMITS.heading, "The page's one h1; the title when empty.")}
        <Field id="page-lead" label="Introduction" hint="Markdown, under the heading." error={errors.lead}>
          {(described) => (
            <textarea
              id="page-lead"
              name="lead"
              rows={3}
              defaultValue={start.lead}
              maxLength={PAGE_LIMITS.lead}
              {...described}
              className={INPUT_CLASS}
            />
          )}
        </Field>
        <Field
          id="page-description"
          label="Description"
          hint="For search engines and link previews: a sentence or two."
          error={errors.description}
        >
          {(described) => (
            <textarea
              id="page-description"
              name="description"
              rows={2}
              defaultValue={start.description}
              maxLength={PAGE_LIMITS.description}
              {...described}
              className={INPUT_CLASS}
            />
          )}
        </Field>

        <MarkdownField
          id="page-body"
          name="body"
          label="Body"
          value={body}
          onChange={setBody}
          rows={16}
          maxLength={PAGE_LIMITS.body}
          error={errors.body}
          hint={`Markdown: ## starts a section, ### a heading within it, - lists, [links](/contact). ${PLACEHOLDER_HINT}`}
          onSignedOut={signedOut.ask}
          placeholders
        />

        {layout === "page" ? (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="showContents" defaultChecked={start.showContents} className="size-4 accent-blue-700" />
            List the sections under "On this page", as the policies do
          </label>
        ) : null}

        {layout === "contact" ? (
          <Field
            id="page-recipient"
            label="Where the form's message goes"
            hint="One address for every message; leave empty to send each subject to its desk's address in Settings (tips, press, advertising, general)."
            error={errors["fields.recipient"]}
          >
            {(described) => (
              <TextInput
                id="page-recipient"
                name="fields.recipient"
                type="email"
                defaultValue={start.fields.recipient}
                maxLength={254}
                {...described}
              />
            )}
          </Field>
        ) : null}

        {layout === "careers" ? (
          <>
            <IntroField
              id="page-openings-intro"
              name="openingsIntro"
              label="Introduction to the openings"
              start={start}
              errors={errors}
            />
            <RowList
              list="openings"
              legend="Openings"
              noun="opening"
              initial={start.fields.openings}
              errors={errors}
              columns={[
                { key: "title", label: "Title" },
                { key: "department", label: "Department" },
                { key: "place", label: "Place" },
                { key: "kind", label: "Kind", hint: "Full-time, part-time, freelance…" },
                {
                  key: "description",
                  label: "Description",
                  multiline: true,
                  hint: "Markdown: a paragraph, then - requirements.",
                },
              ]}
            />
          </>
        ) : null}

        {layout === "advertise" ? (
          <>
            <RowList
              list="figures"
              legend="Figures"
              noun="figure"
              initial={start.fields.figures}
              errors={errors}
              columns={[
                { key: "value", label: "Figure", hint: "50K+, 85%…" },
                { key: "label", label: "Label" },
              ]}
            />
            <IntroField
              id="page-audience-intro"
              name="audienceIntro"
              label="Introduction to the audience"
              start={start}
              errors={errors}
            />
            <RowList
              list="audience"
              legend="Audience breakdown"
              noun="segment"
              initial={start.fields.audience}
              errors={errors}
              columns={[
                { key: "segment", label: "Segment" },
                { key: "percent", label: "Share (%)", type: "number" },
              ]}
            />
            <IntroField
              id="page-packages-intro"
              name="packagesIntro"
              label="Introduction to the packages"
              start={start}
              errors={errors}
            />
            <RowList
              list="packages"
              legend="Packages"
              noun="package"
              initial={start.fields.packages}
              errors={errors}
              columns={[
                { key: "name", label: "Name" },
                { key: "price", label: "Price" },
                { key: "summary", label: "Summary", multiline: true },
                { key: "features", label: "What is included", multiline: true, hint: "One item a line." },
              ]}
            />
          </>
        ) : null}

        <div role="alert" className="empty:hidden">
          {signedOut.message ? <div className="mb-4">{signedOut.message}</div> : null}
          {result?.formError && !clientErrors ? (
            <p className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
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
        </div>

        <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-slate-50/95 py-4 backdrop-blur dark:border-slate-700 dark:bg-slate-950/95">
          <Link
            to="/admin/pages"
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Cancel
          </Link>
          <SubmitButton disabled={saving}>{saving ? "Saving…" : mode === "edit" ? "Save Changes" : "Create page"}</SubmitButton>
        </div>
      </Form>
      <DiscardChangesDialog blocker={unsaved.blocker} />
      {signedOut.dialog}
    </>
  );
}

function IntroField({
  id,
  name,
  label,
  start,
  errors,
}: {
  id: string;
  name: "openingsIntro" | "audienceIntro" | "packagesIntro";
  label: string;
  start: PageFormValues;
  errors: PageFieldErrors;
}) {
  return (
    <Field id={id} label={label} error={errors[`fields.${name}`]}>
      {(described) => (
        <textarea
          id={id}
          name={`fields.${name}`}
          rows={2}
          defaultValue={start.fields[name]}
          maxLength={PAGE_LIMITS.paragraph}
          {...described}
          className={INPUT_CLASS}
        />
      )}
    </Field>
  );
}

interface Column {
  key: string;
  label: string;
  hint?: string;
  multiline?: boolean;
  type?: "number";
}

/**
 * A list the editor can add to, remove from and reorder with buttons (which work from the keyboard): Careers'
 * openings, Advertise's figures and packages. Each row's inputs are named `fields.{list}.{n}.{column}`, numbered in
 * the order shown, so the order saved is the order seen.
 */
function RowList<List extends PageRowList>({
  list,
  legend,
  noun,
  initial,
  columns,
  errors,
}: {
  list: List;
  legend: string;
  noun: string;
  initial: PageFormValues["fields"][List];
  columns: Column[];
  errors: PageFieldErrors;
}) {
  // Each row's React key stays with it as it moves; rows added later number on from the first ones.
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState(() =>
    initial.map((row, index) => ({ key: `${list}-${index}`, cells: row as Record<string, string> })),
  );
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);

  const nameOf = (row: { cells: Record<string, string> }, index: number) =>
    row.cells[columns[0]?.key ?? ""]?.trim() || `${noun} ${index + 1}`;

  function move(index: number, by: -1 | 1, name: string) {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(target, 0, row);
      return next;
    });
    setAnnouncement(`${name} moved to position ${target + 1} of ${rows.length}.`);
    // The button pressed moves with its row: the focus follows it.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLElement>(`[data-row] [data-move="${by}"]`);
      buttons?.[target]?.focus();
    });
  }

  // The inputs keep what is typed (uncontrolled, moved with their rows); the rows' state follows it, for the buttons'
  // names ("Move Night Editor up").
  function typed(index: number, column: string, value: string) {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, cells: { ...row.cells, [column]: value } } : row)));
  }

  return (
    <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {errors[`fields.${list}`] ? (
        <p className="mb-2 text-sm text-red-700 dark:text-red-400">{errors[`fields.${list}`]}</p>
      ) : null}
      <ol ref={listRef} className="space-y-4">
        {rows.map((row, index) => {
          const name = nameOf(row, index);
          return (
            <li key={row.key} data-row="" className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="grid gap-3 sm:grid-cols-2">
                {columns.map((column) => {
                  const id = `${list}-${row.key}-${column.key}`;
                  const fieldName = `fields.${list}.${index}.${column.key}`;
                  return (
                    <div key={column.key} className={column.multiline ? "sm:col-span-2" : undefined}>
                      <Field
                        id={id}
                        label={`${column.label} (${noun} ${index + 1})`}
                        hint={column.hint}
                        error={errors[fieldName]}
                      >
                        {(described) =>
                          column.multiline ? (
                            <textarea
                              id={id}
                              name={fieldName}
                              rows={3}
                              defaultValue={row.cells[column.key] ?? ""}
                              onChange={(event) => typed(index, column.key, event.target.value)}
                              maxLength={PAGE_LIMITS.paragraph}
                              {...described}
                              className={INPUT_CLASS}
                            />
                          ) : (
                            <TextInput
                              id={id}
                              name={fieldName}
                              type={column.type ?? "text"}
                              min={column.type === "number" ? 0 : undefined}
                              max={column.type === "number" ? 100 : undefined}
                              defaultValue={row.cells[column.key] ?? ""}
                              onChange={(event) => typed(index, column.key, event.target.value)}
                              maxLength={column.type === "number" ? undefined : PAGE_LIMITS.cell}
                              {...described}
                            />
                          )
                        }
                      </Field>
                    </div>
                  );
                })}
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <RowButton label={`Move ${name} up`} disabled={index === 0} data-move="-1" onClick={() => move(index, -1, name)}>
                  <ArrowUp aria-hidden className="size-4" /> Up
                </RowButton>
                <RowButton
                  label={`Move ${name} down`}
                  disabled={index === rows.length - 1}
                  data-move="1"
                  onClick={() => move(index, 1, name)}
                >
                  <ArrowDown aria-hidden className="size-4" /> Down
                </RowButton>
                <RowButton
                  label={`Remove ${name}`}
                  onClick={() => {
                    setRows((current) => current.filter((_, at) => at !== index));
                    setAnnouncement(`${name} removed.`);
                  }}
                >
                  <Trash2 aria-hidden className="size-4" /> Remove
                </RowButton>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => {
          const key = `${list}-${nextKey.current++}`;
          setRows((current) => [...current, { key, cells: {} }]);
          setAnnouncement(`A new ${noun} was added at position ${rows.length + 1}.`);
        }}
        className="mt-4 inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        <Plus aria-hidden className="size-4" />
        Add {noun === "opening" ? "an" : "a"} {noun}
      </button>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

function RowButton({
  label,
  disabled,
  onClick,
  children,
  ...rest
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
  "data-move"?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      {...rest}
      className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2.5 py-1 text-sm hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { LocalTime } from "~/components/local-time";
import { canMove, moveItem, type MoveDirection } from "~/utils/list-order";
import { MENU_LIMITS, MENU_TEXTS, menuFieldErrors, SiteMenusInput, type SiteMenus } from "~/validation/menus";
import { AdminTable } from "./admin-table";
import { NoticeMessage, type Notice } from "./notice-message";
import { formResult, SignedOutNotice, type SignedOut } from "./signed-out-notice";
import { DiscardChangesDialog, useUnsavedChanges } from "./unsaved-changes";
import { SubmitButton } from "~/components/ui/button";
import { CARD_CLASS, Field } from "~/components/ui/field";
import { INPUT_CLASS, TextInput } from "~/components/ui/text-input";

/** What the Navigation action answers when it does not redirect: why, field by field, and the menus as sent. */
export type NavigationFormResult = {
  formError: string;
  fieldErrors?: Record<string, string>;
  values: SiteMenus;
  /** The version in force after a refused save (someone else saved meanwhile). */
  version?: number;
};

interface NavigationLoaderData {
  menus: SiteMenus;
  version: number;
  moved: Record<string, string>;
  history: { id: number; adminName: string; savedAt: string }[];
  suggestions: { path: string; label: string }[];
  notice: Notice | null;
}

/** A link as the form holds it: `key` stays with it through moves, so React and the focus follow it. */
interface Row {
  key: number;
  label: string;
  target: string;
}

interface Column {
  key: number;
  heading: string;
  links: Row[];
}

const SAVING_FIELDS = ["version"] as const;
const TARGETS_LIST = "menu-targets";

const smallButtonClass =
  "rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-800";

/**
 * The Navigation tab (decision 040): the header menu, and the footer's blurb and columns of links. Links are
 * added, removed and moved with buttons that keep the keyboard's focus on what moved and say what happened. The form
 * is checked here with the action's own schema before it is sent; the server's answer is the one that counts.
 */
export function NavigationForm({
  loaderData,
  actionData,
}: {
  loaderData: NavigationLoaderData;
  actionData: NavigationFormResult | SignedOut | undefined;
}) {
  const result = formResult(actionData);
  const [clientError, setClientError] = useState<string | null>(null);
  const version = result?.version ?? loaderData.version;
  const formError = clientError ?? result?.formError;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">Navigation</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Saved menus show on every page at once, on every instance of the site.
        </p>
      </div>
      <NoticeMessage notice={formError ? { kind: "error", text: formError } : loaderData.notice} />
      <SignedOutNotice result={actionData} />
      {/* A new version (a save, or a refusal saying someone else saved) shows the form afresh. */}
      <NavigationFields key={version} loaderData={loaderData} result={result} version={version} onChecked={setClientError} />
      <NavigationHistory history={loaderData.history} />
    </div>
  );
}

function NavigationFields({
  loaderData,
  result,
  version,
  onChecked,
}: {
  loaderData: NavigationLoaderData;
  result: NavigationFormResult | undefined;
  version: number;
  onChecked: (error: string | null) => void;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef, SAVING_FIELDS);
  const [initial] = useState(() => {
    const menus = result?.values ?? loaderData.menus;
    let keys = 0;
    const rowOf = (link: { label: string; target: string }): Row => ({ key: keys++, ...link });
    return {
      header: menus.header.map(rowOf),
      blurb: menus.footer.blurb,
      columns: menus.footer.columns.map((column) => ({ key: keys++, heading: column.heading, links: column.links.map(rowOf) })),
      keys,
    };
  });
  /** The key of the next row or column added. */
  const [nextKey, setNextKey] = useState(initial.keys);
  const takeKey = () => {
    setNextKey(nextKey + 1);
    return nextKey;
  };
  const [header, setHeader] = useState<Row[]>(initial.header);
  const [blurb, setBlurb] = useState(initial.blurb);
  const [columns, setColumns] = useState<Column[]>(initial.columns);
  // Once a save was refused for its fields, every change is checked again, so the messages follow the rows they are about.
  const [checking, setChecking] = useState(Boolean(result?.fieldErrors));
  const [announcement, setAnnouncement] = useState("");
  /** The element to focus once the change that named it has rendered (a new object each time, so each is acted on). */
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const setFocusId = (id: string) => setFocusRequest({ id });

  const menus: SiteMenus = {
    header: header.map(({ label, target }) => ({ label, target })),
    footer: {
      blurb,
      columns: columns.map((column) => ({
        heading: column.heading,
        links: column.links.map(({ label, target }) => ({ label, target })),
      })),
    },
  };
  const checked = checking ? SiteMenusInput.safeParse(menus) : null;
  const errors = checked && !checked.success ? menuFieldErrors(checked.error) : {};

  // The moved item's own button keeps the focus (or, at the end of its list, its other move button).
  useEffect(() => {
    if (!focusRequest) return;
    const element = document.getElementById(focusRequest.id);
    const target = element instanceof HTMLButtonElement && element.disabled ? otherMoveButton(focusRequest.id) : element;
    target?.focus();
  }, [focusRequest]);

  function check(event: FormEvent<HTMLFormElement>) {
    const parsed = SiteMenusInput.safeParse(menus);
    if (!parsed.success) {
      event.preventDefault();
      setChecking(true);
      onChecked(MENU_TEXTS.fixFields);
      return;
    }
    onChecked(null);
    unsaved.submitting();
  }

  /** Moves, adds and removes links of one list, saying what happened. */
  function listActions(list: Row[], setList: (rows: Row[]) => void, listName: string, addId: string) {
    const nameOf = (row: Row, index: number) => row.label.trim() || `link ${index + 1}`;
    return {
      move(index: number, direction: MoveDirection) {
        const row = list[index];
        if (!row) return;
        const moved = moveItem(list, index, direction);
        if (moved === list) return;
        setList([...moved]);
        const now = moved.indexOf(row);
        setAnnouncement(`Moved “${nameOf(row, index)}” ${direction} to position ${now + 1} of ${moved.length} in ${listName}.`);
        setFocusId(`row-${row.key}-${direction}`);
      },
      add() {
        const row: Row = { key: takeKey(), label: "", target: "" };
        setList([...list, row]);
        setAnnouncement(`Added link ${list.length + 1} to ${listName}.`);
        setFocusId(`row-${row.key}-label`);
      },
      remove(index: number) {
        const row = list[index];
        if (!row) return;
        setList(list.filter((_, at) => at !== index));
        setAnnouncement(`Removed “${nameOf(row, index)}” from ${listName}.`);
        const next = list[index + 1] ?? list[index - 1];
        setFocusId(next ? `row-${next.key}-label` : addId);
      },
      change(index: number, field: "label" | "target", value: string) {
        setList(list.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
      },
    };
  }

  const columnName = (column: Column, index: number) => column.heading.trim() || `column ${index + 1}`;
  const setColumnLinks = (key: number) => (links: Row[]) =>
    setColumns((all) => all.map((column) => (column.key === key ? { ...column, links } : column)));

  function moveColumn(index: number, direction: MoveDirection) {
    const column = columns[index];
    if (!column) return;
    const moved = moveItem(columns, index, direction);
    if (moved === columns) return;
    setColumns([...moved]);
    setAnnouncement(
      `Moved the “${columnName(column, index)}” column ${direction} to position ${moved.indexOf(column) + 1} of ${moved.length}.`,
    );
    setFocusId(`column-${column.key}-${direction}`);
  }

  function addColumn() {
    const column: Column = { key: takeKey(), heading: "", links: [] };
    setColumns([...columns, column]);
    setAnnouncement(`Added column ${columns.length + 1} to the footer.`);
    setFocusId(`column-${column.key}-heading`);
  }

  function removeColumn(index: number) {
    const column = columns[index];
    if (!column) return;
    setColumns(columns.filter((_, at) => at !== index));
    setAnnouncement(`Removed the “${columnName(column, index)}” column and its links.`);
    const next = columns[index + 1] ?? columns[index - 1];
    setFocusId(next ? `column-${next.key}-heading` : "add-column");
  }

  const headerActions = listActions(header, setHeader, "the header menu", "add-header-link");

  return (
    <Form method="post" ref={formRef} onSubmit={check} noValidate className="space-y-6">
      <input type="hidden" name="version" value={version} />
      <datalist id={TARGETS_LIST}>
        {loaderData.suggestions.map((suggestion) => (
          <option key={suggestion.path} value={suggestion.path}>
            {suggestion.label}
          </option>
        ))}
      </datalist>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <Card id="header-menu" title="Header menu">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The links across the top of every page, in this order. A target is a path on this site (/category/ai, /about) or an
          https:// address.
        </p>
        <LinkRows
          rows={header}
          namePrefix="header"
          listName="the header menu"
          groupName={(index) => `Header link ${index + 1}`}
          actions={headerActions}
          errors={errors}
          moved={loaderData.moved}
        />
        <button
          type="button"
          id="add-header-link"
          onClick={headerActions.add}
          disabled={header.length >= MENU_LIMITS.headerLinks}
          className={smallButtonClass}
        >
          Add a link to the header
        </button>
      </Card>

      <Card id="footer-menu" title="Footer">
        <Field
          id="footer-blurb"
          label="Blurb"
          hint="The short description under the publication's name."
          error={errors["footer.blurb"]}
        >
          {(described) => (
            <textarea
              id="footer-blurb"
              name="footer.blurb"
              rows={2}
              value={blurb}
              onChange={(event) => setBlurb(event.target.value)}
              className={INPUT_CLASS}
              {...described}
            />
          )}
        </Field>
        {errors["footer.columns"] ? <p className="text-sm text-red-700 dark:text-red-400">{errors["footer.columns"]}</p> : null}
        <ol className="space-y-4">
          {columns.map((column, index) => {
            const name = columnName(column, index);
            const listName = `the “${name}” column`;
            const addId = `column-${column.key}-add`;
            const actions = listActions(column.links, setColumnLinks(column.key), listName, addId);
            const prefix = `footer.columns.${index}`;
            return (
              <li key={column.key}>
                <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <legend className="px-1 text-sm font-semibold">Column {index + 1}</legend>
                  <div className="flex flex-wrap items-end gap-2">
                    <div className="min-w-48 flex-1">
                      <Field id={`column-${column.key}-heading`} label="Heading" error={errors[`${prefix}.heading`]}>
                        {(described) => (
                          <TextInput
                            id={`column-${column.key}-heading`}
                            name={`${prefix}.heading`}
                            value={column.heading}
                            autoComplete="off"
                            onChange={(event) =>
                              setColumns((all) =>
                                all.map((at) => (at.key === column.key ? { ...at, heading: event.target.value } : at)),
                              )
                            }
                            {...described}
                          />
                        )}
                      </Field>
                    </div>
                    <MoveButtons
                      idPrefix={`column-${column.key}`}
                      name={name}
                      index={index}
                      length={columns.length}
                      onMove={(direction) => moveColumn(index, direction)}
                      onRemove={() => removeColumn(index)}
                      removeText="Remove column"
                    />
                  </div>
                  {errors[`${prefix}.links`] ? (
                    <p className="text-sm text-red-700 dark:text-red-400">{errors[`${prefix}.links`]}</p>
                  ) : null}
                  <LinkRows
                    rows={column.links}
                    namePrefix={`${prefix}.links`}
                    listName={listName}
                    groupName={(at) => `${name} link ${at + 1}`}
                    actions={actions}
                    errors={errors}
                    moved={loaderData.moved}
                  />
                  <button
                    type="button"
                    id={addId}
                    aria-label={`Add a link to ${listName}`}
                    onClick={actions.add}
                    disabled={column.links.length >= MENU_LIMITS.columnLinks}
                    className={smallButtonClass}
                  >
                    Add a link
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          id="add-column"
          onClick={addColumn}
          disabled={columns.length >= MENU_LIMITS.columns}
          className={smallButtonClass}
        >
          Add a column
        </button>
      </Card>

      <SubmitButton disabled={navigation.state !== "idle"}>
        {navigation.state === "submitting" ? "Saving…" : "Save menus"}
      </SubmitButton>
      <DiscardChangesDialog blocker={unsaved.blocker} />
    </Form>
  );
}

/** The other move button of the same item: where the focus goes when the moved one has reached the end. */
function otherMoveButton(id: string): HTMLElement | null {
  const other = id.endsWith("-up") ? `${id.slice(0, -3)}-down` : `${id.slice(0, -5)}-up`;
  return document.getElementById(other);
}

function LinkRows({
  rows,
  namePrefix,
  listName,
  groupName,
  actions,
  errors,
  moved,
}: {
  rows: Row[];
  namePrefix: string;
  listName: string;
  groupName: (index: number) => string;
  actions: {
    move: (index: number, direction: MoveDirection) => void;
    remove: (index: number) => void;
    change: (index: number, field: "label" | "target", value: string) => void;
  };
  errors: Record<string, string>;
  moved: Record<string, string>;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No links in {listName} yet.</p>;
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-800">
      {rows.map((row, index) => {
        const name = `${namePrefix}.${index}`;
        const movedTo = moved[row.target.trim()];
        return (
          <li key={row.key} className="py-3 first:pt-0 last:pb-0">
            <fieldset className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] lg:items-start">
              <legend className="sr-only">{groupName(index)}</legend>
              <Field id={`row-${row.key}-label`} label="Label" error={errors[`${name}.label`]}>
                {(described) => (
                  <TextInput
                    id={`row-${row.key}-label`}
                    name={`${name}.label`}
                    value={row.label}
                    autoComplete="off"
                    onChange={(event) => actions.change(index, "label", event.target.value)}
                    {...described}
                  />
                )}
              </Field>
              <Field
                id={`row-${row.key}-target`}
                label="Target"
                hint={movedTo ? `This address moved: readers are taken to ${movedTo}.` : undefined}
                error={errors[`${name}.target`]}
              >
                {(described) => (
                  <TextInput
                    id={`row-${row.key}-target`}
                    name={`${name}.target`}
                    value={row.target}
                    list={TARGETS_LIST}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(event) => actions.change(index, "target", event.target.value)}
                    {...described}
                  />
                )}
              </Field>
              <div className="sm:col-span-2 lg:col-span-1 lg:pt-6">
                <MoveButtons
                  idPrefix={`row-${row.key}`}
                  name={row.label.trim() || `link ${index + 1}`}
                  index={index}
                  length={rows.length}
                  onMove={(direction) => actions.move(index, direction)}
                  onRemove={() => actions.remove(index)}
                  removeText="Remove"
                />
              </div>
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}

/** Move up, Move down and Remove for one item, each named with the item for a screen reader ("Move up: AI"). */
function MoveButtons({
  idPrefix,
  name,
  index,
  length,
  onMove,
  onRemove,
  removeText,
}: {
  idPrefix: string;
  name: string;
  index: number;
  length: number;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
  removeText: string;
}) {
  const button = (direction: MoveDirection, text: string) => (
    <button
      type="button"
      id={`${idPrefix}-${direction}`}
      onClick={() => onMove(direction)}
      disabled={!canMove(index, length, direction)}
      aria-label={`${text}: ${name}`}
      className={smallButtonClass}
    >
      {text}
    </button>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {button("up", "Move up")}
      {button("down", "Move down")}
      <button
        type="button"
        id={`${idPrefix}-remove`}
        onClick={onRemove}
        aria-label={`${removeText}: ${name}`}
        className={smallButtonClass}
      >
        {removeText}
      </button>
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={CARD_CLASS}>
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function NavigationHistory({ history }: { history: NavigationLoaderData["history"] }) {
  return (
    <section aria-labelledby="navigation-history-heading" className="space-y-3">
      <h3 id="navigation-history-heading" className="text-lg font-bold">
        Saves
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No one has changed the menus yet: they are the ones Byline starts with.
        </p>
      ) : (
        <AdminTable labelledBy="navigation-history-heading" columns={[{ label: "When" }, { label: "Who" }]}>
          {history.map((save) => (
            <tr key={save.id}>
              <td className="px-3 py-3 whitespace-nowrap">
                <LocalTime value={save.savedAt} />
              </td>
              <td className="px-3 py-3">{save.adminName || "A deleted account"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

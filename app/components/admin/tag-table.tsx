import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ModalDialog } from "~/components/ui/modal-dialog";
import { TAG_NAME_MAX_LENGTH, TAG_SLUG_MAX_LENGTH, tagPath } from "~/utils/tags";
import { articleListSearch } from "~/validation/article-list";
import type { TagFieldErrors } from "~/validation/tags";
import { AdminTable, EmptyListNote } from "./admin-table";
import { Field } from "~/components/ui/field";
import { INPUT_CLASS, TextInput } from "~/components/ui/text-input";

/** A row of the Tags tab. */
export interface TagRow {
  id: number;
  name: string;
  slug: string;
  articles: number;
}

/** A refused rename or merge: which dialog, why, and what was typed, so the dialog opens again with it. */
export interface TagRefusal {
  intent: "rename" | "merge" | "delete";
  id: number;
  fieldErrors: TagFieldErrors;
  values: { name: string; slug: string };
}

type Open = { intent: "rename" | "merge" | "delete"; id: number } | null;

const buttonClass =
  "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

/**
 * The Tags tab's table: each tag with its address and article count, and Rename, Merge and Delete, each
 * in a real modal <dialog>. A refused change opens its dialog again with what was typed and the reason by the field.
 */
export function TagTable({ tags, refusal }: { tags: readonly TagRow[]; refusal: TagRefusal | undefined }) {
  const [open, setOpen] = useState<Open>(null);
  const navigation = useNavigation();
  // Adjusted while rendering, as React advises over effects: a new refusal opens its dialog again with the answer;
  // a new list (the redirect after a change that went through) closes it.
  const [seen, setSeen] = useState({ refusal, tags });
  if (refusal !== seen.refusal || tags !== seen.tags) {
    setSeen({ refusal, tags });
    if (refusal && refusal !== seen.refusal) setOpen({ intent: refusal.intent, id: refusal.id });
    else if (tags !== seen.tags) setOpen(null);
  }
  const chosen = open ? tags.find((tag) => tag.id === open.id) : undefined;
  const close = () => setOpen(null);
  const answer = refusal && open && refusal.intent === open.intent && refusal.id === open.id ? refusal : undefined;

  return (
    <section aria-labelledby="tags-heading" className="space-y-3">
      <h2 id="tags-heading" className="text-lg font-bold">
        Tags
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Topics across sections. Writers add them in the article editor; here you can rename, merge and delete them. A tag that
        changes its address keeps answering at the old one, with a permanent redirect.
      </p>
      {tags.length === 0 ? (
        <EmptyListNote>No tags yet. Add them to articles in the editor.</EmptyListNote>
      ) : (
        <AdminTable
          labelledBy="tags-heading"
          // On a phone the address goes under the name, so the actions fit without scrolling.
          columns={[
            { label: "Name" },
            { label: "Address", className: "hidden sm:table-cell" },
            { label: "Articles" },
            { label: "Actions", className: "text-right" },
          ]}
        >
          {tags.map((tag) => (
            <tr key={tag.id}>
              <th scope="row" className="px-3 py-3 text-left font-semibold">
                {tag.name}
                <span className="block text-xs font-normal break-all text-slate-600 sm:hidden dark:text-slate-400">
                  {tagPath(tag.slug)}
                </span>
              </th>
              <td className="hidden px-3 py-3 sm:table-cell">
                <a href={tagPath(tag.slug)} className="text-blue-700 hover:underline dark:text-blue-300">
                  {tagPath(tag.slug)}
                </a>
              </td>
              <td className="px-3 py-3">
                {tag.articles > 0 ? (
                  <Link
                    to={`/admin/articles${articleListSearch({ tag: tag.slug })}`}
                    aria-label={`${tag.articles} ${tag.articles === 1 ? "article" : "articles"} tagged ${tag.name}`}
                    className="font-medium text-blue-700 underline dark:text-blue-300"
                  >
                    {tag.articles}
                  </Link>
                ) : (
                  tag.articles
                )}
              </td>
              <td className="px-3 py-3">
                {/* Stacked on a phone, so the table stays narrow enough to show them without scrolling. */}
                <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:justify-end">
                  <button
                    type="button"
                    className={buttonClass}
                    aria-label={`Rename ${tag.name}`}
                    onClick={() => setOpen({ intent: "rename", id: tag.id })}
                  >
                    Rename
                  </button>
                  {tags.length > 1 ? (
                    <button
                      type="button"
                      className={buttonClass}
                      aria-label={`Merge ${tag.name}`}
                      onClick={() => setOpen({ intent: "merge", id: tag.id })}
                    >
                      Merge
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={`${buttonClass} text-red-700 dark:text-red-400`}
                    aria-label={`Delete ${tag.name}`}
                    onClick={() => setOpen({ intent: "delete", id: tag.id })}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <ModalDialog
        open={chosen !== undefined}
        onClose={close}
        labelledBy="tag-dialog-title"
        describedBy="tag-dialog-text"
        className="max-w-md"
      >
        {chosen && open ? (
          <Form key={`${open.intent}-${chosen.id}`} method="post" className="space-y-4 p-6" noValidate>
            <input type="hidden" name="intent" value={open.intent} />
            <input type="hidden" name="id" value={chosen.id} />
            {open.intent === "rename" ? (
              <RenameFields tag={chosen} answer={answer} />
            ) : open.intent === "merge" ? (
              <MergeFields tag={chosen} tags={tags} answer={answer} />
            ) : (
              <>
                <h2 id="tag-dialog-title" className="text-lg font-bold">
                  Delete tag
                </h2>
                <p id="tag-dialog-text" className="text-slate-700 dark:text-slate-300">
                  Delete the tag {chosen.name}? {articleCount(chosen.articles)} lose it, and {tagPath(chosen.slug)} will no longer
                  answer. This cannot be undone.
                </p>
              </>
            )}
            <div className="flex justify-end gap-2 pt-2">
              <button type="button" onClick={close} className={buttonClass}>
                Cancel
              </button>
              <button
                type="submit"
                disabled={navigation.state === "submitting"}
                className={`rounded-lg px-4 py-2 text-sm font-semibold text-white disabled:opacity-60 ${
                  open.intent === "delete" ? "bg-red-700 hover:bg-red-800" : "bg-blue-700 hover:bg-blue-800"
                }`}
              >
                {open.intent === "rename" ? "Save" : open.intent === "merge" ? "Merge" : "Delete"}
              </button>
            </div>
          </Form>
        ) : null}
      </ModalDialog>
    </section>
  );
}

function articleCount(count: number): string {
  return count === 1 ? "1 article will" : `${count} articles will`;
}

function RenameFields({ tag, answer }: { tag: TagRow; answer: TagRefusal | undefined }) {
  const errors = answer?.fieldErrors ?? {};
  return (
    <>
      <h2 id="tag-dialog-title" className="text-lg font-bold">
        Rename tag
      </h2>
      <p id="tag-dialog-text" className="text-sm text-slate-700 dark:text-slate-300">
        A new address is recorded: {tagPath(tag.slug)} and its feeds keep answering with a permanent redirect.
      </p>
      <Field id="tag-name" label="Name" error={errors.name}>
        {(described) => (
          <TextInput
            id="tag-name"
            name="name"
            defaultValue={answer ? answer.values.name : tag.name}
            maxLength={TAG_NAME_MAX_LENGTH}
            required
            {...described}
          />
        )}
      </Field>
      <Field
        id="tag-slug"
        label="Address"
        hint={`Shown after /tag/: lower-case letters a to z, digits and hyphens, up to ${TAG_SLUG_MAX_LENGTH} characters.`}
        error={errors.slug}
      >
        {(described) => (
          <input
            id="tag-slug"
            name="slug"
            defaultValue={answer ? answer.values.slug : tag.slug}
            maxLength={TAG_SLUG_MAX_LENGTH}
            required
            spellCheck={false}
            autoCapitalize="none"
            {...described}
            className={`${INPUT_CLASS} font-mono`}
          />
        )}
      </Field>
    </>
  );
}

function MergeFields({ tag, tags, answer }: { tag: TagRow; tags: readonly TagRow[]; answer: TagRefusal | undefined }) {
  const others = tags.filter((other) => other.id !== tag.id);
  return (
    <>
      <h2 id="tag-dialog-title" className="text-lg font-bold">
        Merge tag
      </h2>
      <p id="tag-dialog-text" className="text-sm text-slate-700 dark:text-slate-300">
        The articles tagged {tag.name} get the tag you choose instead (once, if they have both), {tagPath(tag.slug)} redirects to
        its page, and {tag.name} is removed.
      </p>
      <Field id="tag-into" label={`Merge ${tag.name} into`} error={answer?.fieldErrors.into}>
        {(described) => (
          <select id="tag-into" name="into" {...described} className={INPUT_CLASS}>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

import { X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { MAX_TAGS_PER_ARTICLE, normaliseTagName, TAG_NAME_MAX_LENGTH, tagNameKey } from "~/utils/tags";
import { TAG_TEXTS, TagName } from "~/validation/tags";
import { TextInput } from "~/components/ui/text-input";
import { FieldError } from "~/components/ui/field";

/**
 * The editor's tags: a labelled text field whose suggestions are the existing tags (a native <datalist>),
 * and each added tag a chip with its own Remove button. Enter or a comma adds what is typed, as does choosing a
 * suggestion; a name that matches an existing tag in another case takes that tag's spelling. Each chip posts its
 * name as `tags`; whatever is still typed posts as `tagEntry` and is added on save, which is also how it works
 * before the page's script runs (names separated by commas).
 */
export function TagPicker({
  initial,
  initialEntry = "",
  suggestions,
  error,
}: {
  initial: readonly string[];
  initialEntry?: string;
  suggestions: readonly string[];
  error?: string;
}) {
  const id = "article-tags";
  const listId = `${useId()}-suggestions`;
  const [chosen, setChosen] = useState<string[]>([...initial]);
  const [entry, setEntry] = useState(initialEntry);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const shownError = problem ?? error;

  /** Adds each comma-separated name typed; true when all of them were added (or already there). */
  function add(typed: string): boolean {
    const names = typed.split(",").map(normaliseTagName).filter(Boolean);
    if (names.length === 0) return true;
    const next = [...chosen];
    for (const typedName of names) {
      const parsed = TagName.safeParse(typedName);
      if (!parsed.success) {
        setProblem(parsed.error.issues[0]?.message ?? TAG_TEXTS.nameMissing);
        return false;
      }
      const name = suggestions.find((known) => tagNameKey(known) === tagNameKey(parsed.data)) ?? parsed.data;
      if (next.some((earlier) => tagNameKey(earlier) === tagNameKey(name))) continue;
      if (next.length >= MAX_TAGS_PER_ARTICLE) {
        setProblem(TAG_TEXTS.tooMany);
        return false;
      }
      next.push(name);
    }
    setChosen(next);
    setEntry("");
    setProblem(null);
    setAnnouncement(`Tags: ${next.join(", ")}.`);
    return true;
  }

  function remove(name: string) {
    const next = chosen.filter((tag) => tag !== name);
    setChosen(next);
    setProblem(null);
    setAnnouncement(`Removed tag ${name}.`);
    document.getElementById(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" && event.key !== ",") return;
    // Enter would save the whole article; here it adds the tag typed.
    event.preventDefault();
    add(entry);
  }

  const describedBy = [`${id}-hint`, shownError ? `${id}-error` : ""].filter(Boolean).join(" ");
  const offered = suggestions.filter((name) => !chosen.some((tag) => tagNameKey(tag) === tagNameKey(name)));
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Tags
      </label>
      {chosen.length > 0 ? (
        <ul aria-label="Tags of this article" className="mb-2 flex flex-wrap gap-2">
          {chosen.map((name) => (
            <li
              key={name}
              className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-100 py-0.5 pr-1 pl-3 text-sm dark:border-slate-600 dark:bg-slate-800"
            >
              {name}
              <input type="hidden" name="tags" value={name} />
              <button
                type="button"
                aria-label={`Remove tag ${name}`}
                onClick={() => remove(name)}
                className="rounded-full p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <TextInput
          id={id}
          name="tagEntry"
          list={listId}
          value={entry}
          autoComplete="off"
          maxLength={TAG_NAME_MAX_LENGTH * MAX_TAGS_PER_ARTICLE}
          onChange={(event) => {
            const value = event.target.value;
            setEntry(value);
            // Choosing a suggestion replaces the text with it at once: take it as chosen.
            const native = event.nativeEvent as InputEvent;
            if ((native.inputType === undefined || native.inputType === "insertReplacementText") && offered.includes(value))
              add(value);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          onClick={() => add(entry)}
          className="shrink-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Add tag
        </button>
      </div>
      <datalist id={listId}>
        {offered.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Topics across sections, such as OpenAI or EU AI Act. Enter or a comma adds one; existing tags are suggested as you type.
        At most {MAX_TAGS_PER_ARTICLE}.
      </p>
      <FieldError id={`${id}-error`} error={shownError} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

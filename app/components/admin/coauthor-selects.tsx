import { COAUTHOR_FIELDS, type ArticleFieldErrors } from "~/validation/article";
import { INPUT_CLASS } from "~/components/ui/text-input";
import { FieldError } from "~/components/ui/field";

/** What the co-author selects offer (shown to editors and administrators only) and who signs the article already. */
export interface CoauthorChooser {
  options: { id: number; name: string }[];
  leadAuthorId: number;
}

/**
 * "Co-author 1" to "Co-author 4": who signs the article with its lead author, in byline order. Each select offers
 * "None" and the author profiles but the lead author's.
 */
export function CoauthorSelects({
  chooser,
  chosen,
  errors,
}: {
  chooser: CoauthorChooser;
  chosen: string[];
  errors: ArticleFieldErrors;
}) {
  const options = chooser.options.filter((option) => option.id !== chooser.leadAuthorId);
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Co-authors</legend>
      <p id="article-coauthors-hint" className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        Listed after the lead author on the byline, in this order.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {COAUTHOR_FIELDS.map((field, index) => {
          const id = `article-${field}`;
          const error = errors[field];
          return (
            <div key={field}>
              <label htmlFor={id} className="mb-1 block text-sm">
                Co-author {index + 1}
              </label>
              <select
                id={id}
                name={field}
                defaultValue={chosen[index] ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={`article-coauthors-hint${error ? ` ${id}-error` : ""}`}
                className={INPUT_CLASS}
              >
                <option value="">None</option>
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-error`} error={error} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

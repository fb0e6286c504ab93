import type { ReactNode } from "react";

/** A text field of the admin area's forms. */
export const INPUT_CLASS =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-invalid:border-red-600 disabled:bg-slate-100 disabled:text-slate-700 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:disabled:bg-slate-800 dark:disabled:text-slate-300 dark:aria-invalid:border-red-500";
/** A titled group of fields. */
export const CARD_CLASS = "space-y-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
/** A form's main button. */
export const SUBMIT_CLASS =
  "rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60";

export type Described = { "aria-invalid"?: true; "aria-describedby"?: string };

/** A labelled field with its hint and its error right below it, tied to the input for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (described: Described) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's refusal as a whole, announced as it appears; nothing when there is none. */
export function FormAlert({ text }: { text: string | undefined }) {
  return text ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {text}
    </p>
  ) : null;
}

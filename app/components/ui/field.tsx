import type { ReactNode } from "react";

/** A titled group of fields. */
export const CARD_CLASS = "space-y-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/** What a field's control carries so that screen readers tie it to its hint and its error. */
export type Described = { "aria-invalid"?: true; "aria-describedby"?: string };

/** A labelled field with its hint and its error right below it, tied to the input for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  labelClassName = "mb-1 block text-sm font-medium",
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** The label's look where a page has its own (the reader's contact form). */
  labelClassName?: string;
  children: (described: Described) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's error right below it, its id the one the control's `aria-describedby` names; nothing when there is none. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

/** A form's refusal as a whole, announced as it appears; nothing when there is none. */
export function FormAlert({ text }: { text: string | undefined }) {
  return text ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {text}
    </p>
  ) : null;
}

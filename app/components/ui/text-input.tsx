import type { ComponentProps } from "react";

/** A text field of the admin area's forms: inputs, selects and text areas alike. */
export const INPUT_CLASS =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-invalid:border-red-600 disabled:bg-slate-100 disabled:text-slate-700 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:disabled:bg-slate-800 dark:disabled:text-slate-300 dark:aria-invalid:border-red-500";

/** An <input> of the admin area's forms, in INPUT_CLASS. */
export function TextInput(props: Omit<ComponentProps<"input">, "className">) {
  return <input {...props} className={INPUT_CLASS} />;
}

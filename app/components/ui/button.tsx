import type { ComponentProps } from "react";

/** A form's main button. */
export const SUBMIT_CLASS =
  "rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60";

/** The button that sends a form of the admin area, in SUBMIT_CLASS. */
export function SubmitButton(props: Omit<ComponentProps<"button">, "className" | "type">) {
  return <button type="submit" {...props} className={SUBMIT_CLASS} />;
}

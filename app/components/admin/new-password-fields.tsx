import { INPUT_CLASS } from "~/components/ui/text-input";
/** A new password and its repetition, as the invitation and the profile ask for them (fields `password`, `confirm`). */
export function NewPasswordFields({ idPrefix, label }: { idPrefix: string; label: string }) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-password`} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          required
          minLength={10}
          autoComplete="new-password"
          aria-describedby={`${idPrefix}-password-hint`}
          className={INPUT_CLASS}
        />
        <p id={`${idPrefix}-password-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          At least 10 characters.
        </p>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-confirm`} className="mb-1 block text-sm font-medium">
          {label} again
        </label>
        <input
          id={`${idPrefix}-confirm`}
          name="confirm"
          type="password"
          required
          autoComplete="new-password"
          className={INPUT_CLASS}
        />
      </div>
    </>
  );
}

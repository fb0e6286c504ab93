import { useState } from "react";
import { PasswordStrengthMeter } from "~/components/admin/password-strength-meter";
import { PasswordInput } from "~/components/ui/password-input";
import { PASSWORD_MIN_LENGTH } from "~/validation/admin";

/** A new password and its repetition, as the invitation, the reset and the profile ask for them (fields `password`, `confirm`). */
export function NewPasswordFields({ idPrefix, label }: { idPrefix: string; label: string }) {
  const [password, setPassword] = useState("");
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-password`} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <PasswordInput
          id={`${idPrefix}-password`}
          what={label.toLowerCase()}
          name="password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          aria-describedby={`${idPrefix}-password-hint ${idPrefix}-password-strength`}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id={`${idPrefix}-password-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          At least {PASSWORD_MIN_LENGTH} characters. A few unrelated words are easy to remember and hard to guess.
        </p>
        <PasswordStrengthMeter id={`${idPrefix}-password-strength`} password={password} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-confirm`} className="mb-1 block text-sm font-medium">
          {label} again
        </label>
        <PasswordInput
          id={`${idPrefix}-confirm`}
          what={`${label.toLowerCase()} again`}
          name="confirm"
          required
          autoComplete="new-password"
        />
      </div>
    </>
  );
}

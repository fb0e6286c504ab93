import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { INPUT_CLASS } from "./text-input";

/**
 * A password field with a button that shows what was typed and hides it again (OWASP ASVS 2.1.12), named "Show
 * {what}" and "Hide {what}". Paste and password managers work as in any password field.
 */
export function PasswordInput({
  what,
  className = INPUT_CLASS,
  disabled,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { id: string; what: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input {...props} disabled={disabled} type={shown ? "text" : "password"} className={`${className} pr-11`} />
      <button
        type="button"
        onClick={() => setShown((now) => !now)}
        disabled={disabled}
        aria-label={`${shown ? "Hide" : "Show"} ${what}`}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-900 disabled:cursor-not-allowed dark:text-slate-400 dark:hover:text-white"
      >
        {shown ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
      </button>
    </div>
  );
}

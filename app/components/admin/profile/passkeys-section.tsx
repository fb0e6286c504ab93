import { KeyRound } from "lucide-react";
import { PasswordInput } from "~/components/ui/password-input";
import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useSite } from "~/components/layout/use-site";
import { useHydrated } from "~/components/use-hydrated";
import type { Notice } from "~/components/admin/notice-message";
import { FieldError, FormAlert } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";
import { formatDateTime } from "~/utils/dates";
import { PASSKEY_NAME_MAX, PasskeyName } from "~/validation/passkeys";
import { browserCanUsePasskeys, createPasskey } from "../passkey-ceremony";

/** Where the section's forms post, and where "Add a passkey" asks for its options. */
export const PASSKEYS_ACTION = "/admin/profile/passkeys";
export const PASSKEY_REGISTRATION_OPTIONS = "/admin/api/passkeys/options";

/** A passkey as the section lists it (the loader's PasskeyListing). */
export interface PasskeyItem {
  id: number;
  name: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  backedUp: boolean;
}

/** What the passkey action answers when it does not go through. */
export interface PasskeyActionAnswer {
  notice: Notice;
  intent: "add" | "remove";
}

const cardClass = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const hintClass = "text-sm text-slate-600 dark:text-slate-400";

/** Profile's passkeys: the list (when added, when last used), adding one, and removing one with the current password. */
export function PasskeysSection({ passkeys }: { passkeys: readonly PasskeyItem[] }) {
  const { site } = useSite();
  return (
    <section aria-labelledby="passkeys-heading" className={cardClass}>
      <h3 id="passkeys-heading" className="flex items-center gap-2 text-lg font-bold">
        <KeyRound aria-hidden className="size-5" />
        Passkeys
      </h3>
      <p className={`mt-1 ${hintClass}`}>
        A passkey signs you in by itself, unlocked with your fingerprint, face or device PIN, and cannot be phished. Add one for
        each device you use.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-sm">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} timeZone={site.timeZone} />
          ))}
        </ul>
      )}
      {/* Made afresh once the list changes, so the name typed for the passkey just added is gone. */}
      <AddPasskey key={passkeys.map((passkey) => passkey.id).join(",")} />
    </section>
  );
}

function PasskeyRow({ passkey, timeZone }: { passkey: PasskeyItem; timeZone: string }) {
  const fetcher = useFetcher<PasskeyActionAnswer>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data?.notice.kind === "error" ? fetcher.data.notice.text : undefined;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium break-words">{passkey.name}</p>
        <p className={hintClass}>
          Added {formatDateTime(passkey.createdAt, timeZone)} ·{" "}
          {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt, timeZone)}` : "never used"}
          {passkey.backedUp ? " · synced" : ""}
        </p>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-red-700 dark:text-red-400">Remove “{passkey.name}”</summary>
        <fetcher.Form method="post" action={PASSKEYS_ACTION} className="mt-3 grid max-w-md gap-3">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={passkey.id} />
          <div>
            <label htmlFor={`${id}-current`} className="mb-1 block text-sm font-medium">
              Current password
            </label>
            <PasswordInput
              id={`${id}-current`}
              what="current password"
              name="current"
              required
              autoComplete="current-password"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} error={error} />
          </div>
          <EndOthersCheckbox id={`${id}-end-others`} />
          <div>
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {busy ? "Removing..." : "Remove passkey"}
            </button>
          </div>
        </fetcher.Form>
      </details>
    </li>
  );
}

function EndOthersCheckbox({ id }: { id: string }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} name="endOthers" type="checkbox" defaultChecked className="size-4" />
      <label htmlFor={id} className="text-sm">
        End my other sessions
      </label>
    </div>
  );
}

/**
 * Naming and adding a passkey: the browser's ceremony needs JavaScript, so without it (or without WebAuthn) the section
 * says so instead of offering a button that cannot work.
 */
function AddPasskey() {
  const fetcher = useFetcher<PasskeyActionAnswer>();
  const hydrated = useHydrated();
  const id = useId();
  const [nameError, setNameError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [waiting, setWaiting] = useState(false);

  const answer = fetcher.data?.intent === "add" ? fetcher.data.notice : undefined;
  const busy = waiting || fetcher.state !== "idle";
  const shownProblem = problem ?? (answer?.kind === "error" ? answer.text : undefined);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = PasskeyName.safeParse(form.get("name") ?? "");
    if (!name.success) {
      setNameError(name.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    setProblem(undefined);
    setWaiting(true);
    const result = await createPasskey(PASSKEY_REGISTRATION_OPTIONS);
    setWaiting(false);
    if ("error" in result) {
      setProblem(result.error);
      return;
    }
    const endOthers = form.get("endOthers") === "on";
    await fetcher.submit(
      { intent: "add", name: name.data, answer: result.answer, ...(endOthers ? { endOthers: "on" } : {}) },
      { method: "post", action: PASSKEYS_ACTION },
    );
  }

  if (!hydrated) return <p className={`mt-4 ${hintClass}`}>Adding a passkey needs JavaScript in this browser.</p>;
  if (!browserCanUsePasskeys()) return <p className={`mt-4 ${hintClass}`}>This browser cannot make passkeys.</p>;
  return (
    <form onSubmit={add} noValidate className="mt-6 grid max-w-md gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h4 className="font-semibold">Add a passkey</h4>
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
          Name of the passkey
        </label>
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={PASSKEY_NAME_MAX}
          placeholder="Work laptop"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ""}`}
          className={INPUT_CLASS}
        />
        <p id={`${id}-name-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          So you can tell your passkeys apart, such as the device or the password manager that keeps it.
        </p>
        <FieldError id={`${id}-name-error`} error={nameError} />
      </div>
      <EndOthersCheckbox id={`${id}-end-others`} />
      <p role="status" className={waiting ? hintClass : "sr-only"}>
        {waiting ? "Follow your browser's prompt to create the passkey." : ""}
      </p>
      <FormAlert text={shownProblem} />
      <div>
        <SubmitButton disabled={busy}>{busy ? "Adding..." : "Add a passkey"}</SubmitButton>
      </div>
    </form>
  );
}

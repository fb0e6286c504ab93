import { useRef, useState } from "react";
import { useLocation } from "react-router";
import { SIGNED_OUT_TEXTS } from "~/validation/admin";
import { SignInAgainDialog } from "./login-screen";

/** An action's answer when the session had ended: the guard's 401, kept as data by `keepFormWhenSignedOut`. */
export interface SignedOut {
  signInRequired: true;
}

function isSignedOut(result: unknown): result is SignedOut {
  return typeof result === "object" && result !== null && (result as Partial<SignedOut>).signInRequired === true;
}

/** An action's own answer, or undefined when there is none or it only says the session had ended. */
export function formResult<T>(actionData: T | undefined): Exclude<T, SignedOut> | undefined {
  return isSignedOut(actionData) ? undefined : (actionData as Exclude<T, SignedOut> | undefined);
}

/**
 * After a form was sent with the session ended (decision 036): the message to show where the form's errors go, and the
 * Sign in again dialog, which opens with each such answer until it is closed; the message's button opens it again.
 * `ask` opens the dialog for a request of the page's own (a preview, an upload) that was answered 401; signing in there
 * comes back to the page's address, a new location, which closes it.
 */
export function useSignInAgain(result: unknown, texts: { notSaved: string; text: string }) {
  const [closedFor, setClosedFor] = useState<unknown>(null);
  const location = useLocation();
  const [askedAt, setAskedAt] = useState<string | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const signedOut = isSignedOut(result);
  const message = signedOut ? (
    <p
      ref={messageRef}
      className="scroll-mb-24 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {texts.notSaved}{" "}
      <button type="button" onClick={() => setClosedFor(null)} className="font-semibold underline">
        {SIGNED_OUT_TEXTS.button}
      </button>
    </p>
  ) : null;
  const dialog = (
    <SignInAgainDialog
      open={(signedOut && closedFor !== result) || askedAt === location.key}
      text={texts.text}
      onClose={() => {
        setClosedFor(result);
        setAskedAt(null);
        // The message may be out of sight (below the editor's fields): brought into view, where its button is.
        messageRef.current?.scrollIntoView({ block: "nearest" });
      }}
    />
  );
  return { message, dialog, ask: () => setAskedAt(location.key) };
}

/** The same for a page with a notice area (`NoticeMessage`): the message as an alert, and the dialog. */
export function SignedOutNotice({ result }: { result: unknown }) {
  const { message, dialog } = useSignInAgain(result, SIGNED_OUT_TEXTS.page);
  return (
    <>
      {message ? <div role="alert">{message}</div> : null}
      {dialog}
    </>
  );
}

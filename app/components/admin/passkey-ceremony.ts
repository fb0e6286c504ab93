import { PASSKEY_MESSAGES } from "~/validation/passkeys";

/**
 * The browser's half of a passkey ceremony: ask the server for options (a POST, so the same-origin check applies), run
 * the WebAuthn ceremony with @simplewebauthn/browser (loaded only when a ceremony starts), and hand back its answer as
 * the JSON text the form posts, or the sentence to show when it did not happen.
 */
export type CeremonyResult = { answer: string } | { error: string; signedOut?: boolean };

/** Whether this browser can run a passkey ceremony at all (false on the server and before hydration). */
export function browserCanUsePasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

async function askForOptions(optionsUrl: string): Promise<{ options: unknown } | { error: string; signedOut?: boolean }> {
  let response: Response;
  try {
    response = await fetch(optionsUrl, { method: "POST", headers: { Accept: "application/json" } });
  } catch {
    return { error: "The server could not be reached. Check the connection and try again." };
  }
  const body = (await response.json().catch(() => null)) as { options?: unknown; error?: unknown } | null;
  if (response.status === 401) {
    return { error: typeof body?.error === "string" ? body.error : "Your session has ended. Sign in again.", signedOut: true };
  }
  if (!response.ok || !body?.options) {
    return {
      error: typeof body?.error === "string" ? body.error : "The passkey request could not be started. Please try again.",
    };
  }
  return { options: body.options };
}

/** The sentence for a ceremony the browser ended without an answer. */
function ceremonyProblem(error: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const name = error instanceof Error ? error.name : "";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return PASSKEY_MESSAGES.alreadyRegistered;
  }
  if (code === "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT") {
    return "This authenticator cannot keep a passkey. Try another one.";
  }
  if (code === "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT") {
    return "This authenticator cannot check that it is you (a PIN, fingerprint or face). Try another one.";
  }
  return PASSKEY_MESSAGES.cancelled;
}

/** Creates a passkey: the options from `optionsUrl`, then the browser's create() ceremony. */
export async function createPasskey(optionsUrl: string): Promise<CeremonyResult> {
  const asked = await askForOptions(optionsUrl);
  if ("error" in asked) return asked;
  try {
    const { startRegistration } = await import("@simplewebauthn/browser");
    const answer = await startRegistration({ optionsJSON: asked.options as never });
    return { answer: JSON.stringify(answer) };
  } catch (error) {
    return { error: ceremonyProblem(error) };
  }
}

/** Answers with a passkey: the options from `optionsUrl`, then the browser's get() ceremony. */
export async function answerWithPasskey(optionsUrl: string): Promise<CeremonyResult> {
  const asked = await askForOptions(optionsUrl);
  if ("error" in asked) return asked;
  try {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    const answer = await startAuthentication({ optionsJSON: asked.options as never });
    return { answer: JSON.stringify(answer) };
  } catch (error) {
    return { error: ceremonyProblem(error) };
  }
}

import { useLocation } from "react-router";
import { PasskeyButton } from "./passkey-button";

/** Where the sign-in screen asks for a passkey challenge, and where it posts the answer. */
export const PASSKEY_SIGN_IN_OPTIONS = "/auth/passkey/options";
export const PASSKEY_SIGN_IN = "/auth/passkey/verify";

/**
 * "Sign in with a passkey" on the sign-in screen: a passkey alone signs in. Offered only once the page runs JavaScript
 * in a browser that has WebAuthn; without them the password form is all there is. Success goes back to the admin page
 * the screen is on, signed in; anything else says why in a sentence.
 */
export function PasskeySignIn() {
  const location = useLocation();
  // As the password form: after a post without JavaScript the page is /auth/login, and the dashboard is next.
  const returnTo = location.pathname.startsWith("/admin") ? `${location.pathname}${location.search}` : "/admin";
  return (
    <PasskeyButton
      label="Sign in with a passkey"
      optionsUrl={PASSKEY_SIGN_IN_OPTIONS}
      answerUrl={PASSKEY_SIGN_IN}
      fields={{ returnTo }}
      className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800"
    />
  );
}

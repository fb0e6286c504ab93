import { KeyRound } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AuthAlert, AuthCard } from "~/components/admin/auth-card";
import { SubmitButton } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";
import { requestContext, servicesContext } from "~/context";
import type { RouteHandle } from "~/route-handle";
import { readForm, retryAfterHeader } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { ForgotPasswordForm, RESET_TEXTS } from "~/validation/password-reset";
import { firstProblem } from "~/validation/staff";
import type { Route } from "./+types/forgot-password";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => adminMeta("Forgot your password?");

/** Asks for a reset link: the same answer whether or not an account matches (the service waits as long either way). */
export async function action({ request, context }: Route.ActionArgs) {
  const { passwordResets, logger } = context.get(servicesContext);
  const { clientAddress, userAgent } = context.get(requestContext);
  const form = Object.fromEntries(await readForm(request));
  const identifier = typeof form.identifier === "string" ? form.identifier : "";
  const parsed = ForgotPasswordForm.safeParse(form);
  if (!parsed.success) return data({ error: firstProblem(parsed.error), identifier, sent: false }, 400);
  try {
    const result = await passwordResets.request(parsed.data.identifier, clientAddress, userAgent);
    if (result.outcome === "limited") {
      return data(
        { error: RESET_TEXTS.limited, identifier, sent: false },
        { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
      );
    }
    return { error: undefined, identifier: "", sent: true };
  } catch (error) {
    logger.error({ err: error }, "a password reset request failed");
    return data({ error: RESET_TEXTS.failed, identifier, sent: false }, 500);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot your password?"
      intro="Enter your username or your account's e-mail address, and we will send a link to choose a new password."
    >
      <AuthAlert text={actionData?.error} />
      <p role="status" className="mb-4 text-sm font-medium text-green-800 empty:hidden dark:text-green-300">
        {actionData?.sent ? RESET_TEXTS.requested : null}
      </p>
      <Form method="post" className="space-y-4">
        <div>
          <label htmlFor="forgot-identifier" className="mb-1 block text-sm font-medium">
            Username or e-mail address
          </label>
          <input
            id="forgot-identifier"
            name="identifier"
            required
            maxLength={254}
            autoComplete="username"
            defaultValue={actionData?.identifier ?? ""}
            className={INPUT_CLASS}
          />
        </div>
        <SubmitButton disabled={navigation.state === "submitting"}>Send reset link</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <a href="/admin" className="text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
          Back to sign-in
        </a>
      </p>
    </AuthCard>
  );
}

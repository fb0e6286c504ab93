import { data, redirect, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";
import type { EventClient, EventPerson, EventSource } from "~/services/security/security-log.server";
import type { AdminSession } from "~/services/auth/sessions.server";
import { endSessionCookie, sessionTokenIn } from "~/services/auth/session-cookie.server";
import { postOnlyHandle } from "~/route-handle";
import type { ArticleStatus } from "~/domain/article-status";
import { can, type AreaAction, type ArticleAction, type ArticleFacts } from "~/domain/permissions";

/** What a signed-in person gets for something their role does not allow: a 403 with this sentence. */
export const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask an editor or an administrator.";

/** What a request without a valid session gets: a 401 carrying no admin data, only whether an admin exists yet. */
export interface SignInRequired {
  signInRequired: true;
  noAdminYet: boolean;
  /** Why signing in is needed, when the request named a reason (generation's UNAUTHORIZED text). */
  reason?: string;
}

/** Where a person whose role requires a second step, and who has none, is sent from every other admin page. */
export const SECOND_STEP_SETUP_PATH = "/admin/profile/two-step";

/** What the guard needs to know beyond the session. */
export interface GuardOptions {
  /** Why signing in is needed, when the request names a reason (generation's UNAUTHORIZED text). */
  reason?: string;
  /**
   * "allow" only for the second step's set-up (and the layout and session check around it): a person who owes the
   * second step their role requires may use nothing else. Everything else refuses them with a redirect to the set-up.
   */
  whileSecondStepOwed?: "allow" | "refuse";
  /** `touch: false`: a check that is not a use of the session (it does not hold off the idle limit). */
  touch?: boolean;
}

/** The signed-in person, and whether they still owe the second step their role requires. */
export type GuardedSession = AdminSession & { secondStepOwed: boolean };

interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

function readSessionToken({ request, context }: GuardArgs): Promise<string | null> {
  return sessionTokenIn(request.headers.get("Cookie"), context.get(servicesContext).site.url);
}

/**
 * The one guard: the first line of every admin loader and action. Returns the signed-in admin,
 * or throws a 401 that the admin layout shows as the login screen (and a script gets as 401). A person whose role
 * requires a second step they have not set up is redirected to its set-up, unless the route allows them.
 */
export async function requireAdmin(
  args: GuardArgs,
  { reason, whileSecondStepOwed = "refuse", touch = true }: GuardOptions = {},
): Promise<GuardedSession> {
  const { sessions, admins, site, secondStep } = args.context.get(servicesContext);
  const token = await readSessionToken(args);
  const session = token ? await sessions.find(token, { touch }) : null;
  if (session) {
    // A separate query, and only for a role Settings names: whether this person has set up their second step yet.
    const secondStepOwed = await secondStep.owed(session);
    if (secondStepOwed && whileSecondStepOwed !== "allow") throw redirect(SECOND_STEP_SETUP_PATH, 303);
    return { ...session, secondStepOwed };
  }
  const headers = token ? { "Set-Cookie": await endSessionCookie(site.url) } : undefined;
  throw data<SignInRequired>(
    { signInRequired: true, noAdminYet: (await admins.countAdmins()) === 0, ...(reason ? { reason } : {}) },
    { status: 401, statusText: "Unauthorized", headers },
  );
}

/** Whether something thrown is the guard's 401 (requireAdmin's `data`). */
function isSignInRequired(thrown: unknown): thrown is { data: SignInRequired; init: ResponseInit | null } {
  return (
    typeof thrown === "object" &&
    thrown !== null &&
    "data" in thrown &&
    "init" in thrown &&
    (thrown.data as Partial<SignInRequired> | null)?.signInRequired === true
  );
}

/**
 * A form sent when the session has ended (it expired, or someone signed it out): the guard's 401 as the action's
 * answer rather than thrown to the layout's login screen, which would replace the page and lose what was typed (the
 * article editor, a correction note, the profile, an invitation). The page stays, says why, and offers to sign in
 * again there (decision 036). A 4xx action answer revalidates no loader, so the layout's own guard does not throw it
 * either. Without JavaScript the page after the post is the login screen, as before.
 */
export async function keepFormWhenSignedOut<T>(act: () => Promise<T>) {
  try {
    return await act();
  } catch (thrown) {
    if (!isSignInRequired(thrown)) throw thrown;
    return data<SignInRequired>(thrown.data, thrown.init ?? { status: 401 });
  }
}

function forbidden(): never {
  throw data(FORBIDDEN_MESSAGE, { status: 403, statusText: "Forbidden" });
}

/**
 * The guard with a permission: the signed-in person when their role allows `action` on the admin area
 * (`can` in app/domain/permissions.ts), 401 without a session, 403 otherwise.
 */
export async function requirePermission(
  args: GuardArgs,
  action: AreaAction,
  options: GuardOptions = {},
): Promise<GuardedSession> {
  const actor = await requireAdmin(args, options);
  if (!can(actor, action)) forbidden();
  return actor;
}

/**
 * The guard for an action on one article: the signed-in person and the article's facts when `can` allows
 * it, 401 without a session, 403 when the role does not allow it, and `null` facts when there is no such
 * article (the caller answers that in its own words).
 *
 * For a state transition, `startStates` are the states it starts from: the role must be allowed the action
 * on this article in one of them. An article that has meanwhile left those states (another editor published
 * it) is then not a 403 but the transition's own "already" answer, from its conditional update.
 */
export async function requireArticlePermission(
  args: GuardArgs,
  action: ArticleAction,
  articleId: number | null,
  { startStates }: { startStates?: readonly ArticleStatus[] } = {},
): Promise<{ actor: AdminSession; article: ArticleFacts | null }> {
  const actor = await requireAdmin(args);
  const { editorial } = args.context.get(servicesContext);
  const article = articleId === null ? null : await editorial.facts(articleId);
  if (article) {
    const states = startStates ?? [article.status];
    if (!states.some((status) => can(actor, action, { ...article, status }))) forbidden();
  }
  return { actor, article };
}

/** The session cookie's token hash, so a password change can keep the session it was made in. */
export async function currentSessionToken(args: GuardArgs): Promise<string | null> {
  return readSessionToken(args);
}

/**
 * Sign Out: deletes the session row (when there is one), records it in the security log, and returns the cookie
 * that clears it in the browser.
 */
export async function endSession(args: GuardArgs): Promise<string> {
  const { sessions, site } = args.context.get(servicesContext);
  const { clientAddress, userAgent } = args.context.get(requestContext);
  const token = await readSessionToken(args);
  if (token) await sessions.signOut(token, { clientAddress, userAgent });
  return endSessionCookie(site.url);
}

/** `eventSource` for a signed-in person acting on their own account (their sessions, their address): both always there. */
export function ownEventSource(args: GuardArgs, actor: AdminSession): { actor: EventPerson; client: EventClient } {
  const { clientAddress, userAgent } = args.context.get(requestContext);
  return { actor: { id: actor.adminId, name: actor.username }, client: { clientAddress, userAgent } };
}

/** The loader of an admin route that only takes posts: the guard first (401 without a session), then 405. */
export async function postOnly(args: GuardArgs, action: AreaAction = "admin.enter"): Promise<never> {
  await requirePermission(args, action);
  throw new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: postOnlyHandle.allow, "Content-Type": "text/plain" },
  });
}

/** Who is asking and from which browser, as the security log records a change: the signed-in person and this request's client. */
export function eventSource(args: GuardArgs, actor: AdminSession | null): EventSource {
  const { clientAddress, userAgent } = args.context.get(requestContext);
  return { actor: actor ? { id: actor.adminId, name: actor.username } : null, client: { clientAddress, userAgent } };
}

/**
 * The kinds of event the security log keeps (issue 50), each with the words the log shows for it. The table is
 * append-only; this list is the one place a kind is named.
 */
export const SECURITY_EVENT_KINDS = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-in-locked": "Sign-in locked",
  "second-step-failed": "Second step failed",
  "sign-out": "Signed out",
  "password-changed": "Password changed",
  "password-reset-requested": "Password reset requested",
  "password-reset": "Password reset",
  "second-step-added": "Second step added",
  "second-step-removed": "Second step removed",
  "second-step-reset": "Second step reset",
  "recovery-code-used": "Recovery code used",
  "recovery-codes-replaced": "Recovery codes replaced",
  "session-ended": "Session ended",
  "email-change-requested": "E-mail change requested",
  "email-changed": "E-mail changed",
  "invitation-sent": "Invitation sent",
  "invitation-accepted": "Invitation accepted",
  "role-changed": "Role changed",
  "account-suspended": "Account suspended",
  "account-restored": "Account restored",
  "account-deleted": "Account deleted",
  "settings-changed": "Settings changed",
  export: "Export downloaded",
} as const;

export type SecurityEventKind = keyof typeof SECURITY_EVENT_KINDS;

export const SECURITY_EVENT_KIND_LIST = Object.keys(SECURITY_EVENT_KINDS) as SecurityEventKind[];

export function isSecurityEventKind(value: string): value is SecurityEventKind {
  return Object.hasOwn(SECURITY_EVENT_KINDS, value);
}

/** How long the log keeps a row: the database upkeep removes older ones. */
export const SECURITY_LOG_RETENTION_DAYS = 365;

/** A security event as the tables show it (services/security/security-event-view.server.ts makes it): words, no ids but its own; `occurredAt` in ISO 8601. */
export interface SecurityEventView {
  id: number;
  occurredAt: string;
  kind: string;
  actor: string;
  subject: string;
  clientAddress: string;
  browser: string;
  detail: string;
}

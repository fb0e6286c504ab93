import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../domain/permissions";
import { SECURITY_EVENT_KINDS, isSecurityEventKind } from "../domain/security-events";

const isRole = (value: unknown): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value);
const roleName = (value: unknown) => (isRole(value) ? ROLE_LABELS[value] : String(value));

/** The words for an event's kind, or the kind itself for one this version does not know. */
export function securityEventLabel(kind: string): string {
  return isSecurityEventKind(kind) ? SECURITY_EVENT_KINDS[kind] : kind;
}

/** What an event's detail says, in a line: "Author to Editor", "method: app", "fields: siteName, accentColour". */
export function describeEventDetail(kind: string, detail: Record<string, unknown>): string {
  if (kind === "role-changed" && "from" in detail && "to" in detail) {
    return `${roleName(detail.from)} to ${roleName(detail.to)}`;
  }
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${key === "role" ? roleName(value) : String(value)}`)
    .join("; ");
}

import type { SecurityEventView } from "../../domain/security-events";
import type { SecurityEventRow } from "../../db/schema";
import { describeEventDetail, securityEventLabel } from "../../utils/security-events";
import { describeUserAgent } from "../../utils/user-agent";

/** An event in words: its kind, its detail and its browser (the administrators' log, Profile, the CSV). */
export function securityEventView(event: SecurityEventRow): SecurityEventView {
  return {
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    kind: securityEventLabel(event.kind),
    actor: event.actorName,
    subject: event.subjectName,
    clientAddress: event.clientAddress,
    browser: event.userAgent ? describeUserAgent(event.userAgent) : "",
    detail: describeEventDetail(event.kind, event.detail),
  };
}

/** A `mailto:` URL with an optional pre-filled subject and body, each percent-encoded. */
export function mailtoHref(address: string, draft: { subject?: string; body?: string } = {}): string {
  const fields: string[] = [];
  if (draft.subject) fields.push(`subject=${encodeURIComponent(draft.subject)}`);
  if (draft.body) fields.push(`body=${encodeURIComponent(draft.body)}`);
  return `mailto:${address}${fields.length > 0 ? `?${fields.join("&")}` : ""}`;
}

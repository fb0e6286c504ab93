/**
 * Bylines that no staff member may take: the import signs articles without an author "Staff", and the AI drafts are
 * signed "Correspondent", the automated author. Both are author profiles without an account; a staff member who took
 * one of these names would be taken for them by readers, so the names are refused for display names in any letter case.
 */
export const IMPORT_DEFAULT_AUTHOR = "Staff";
export const AUTOMATED_AUTHOR = "Correspondent";

export const RESERVED_BYLINES: readonly string[] = [IMPORT_DEFAULT_AUTHOR, AUTOMATED_AUTHOR];

/** Whether a display name is one of the reserved bylines, ignoring letter case and the spaces around it. */
export function isReservedByline(name: string): boolean {
  const folded = name.trim().toLowerCase();
  return RESERVED_BYLINES.some((reserved) => reserved.toLowerCase() === folded);
}

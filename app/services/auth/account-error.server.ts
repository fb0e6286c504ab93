/** A domain error of staff accounts with a stable code, so callers never read message text. */
export class AdminAccountError extends Error {
  constructor(
    readonly code:
      | "ADMIN_EXISTS"
      | "ADMIN_NOT_FOUND"
      | "NAME_TAKEN"
      | "NAME_RESERVED"
      | "LAST_ADMINISTRATOR"
      | "HAS_ARTICLES"
      | "WRONG_PASSWORD"
      | "WEAK_PASSWORD"
      | "SELF",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where a sign-in goes afterwards: only an admin page on this site ("/admin" or "/admin/..."), never another host;
 * "/admin" for anything else. The password form and the passkey sign-in both post the page they were on.
 */
export function adminReturnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !/^\/admin(?:[/?#]|$)/.test(value) || value.includes("\\")) return "/admin";
  return value;
}

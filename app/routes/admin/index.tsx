import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requirePermission } from "./guard.server";

/** /admin opens Article Management (every role may enter it). */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "admin.enter");
  return redirect("/admin/articles");
}

/** Never shown (the loader redirects or the guard answers), but it makes /admin a page rather than a resource route. */
export default function AdminIndex() {
  return null;
}

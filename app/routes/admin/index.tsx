import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { can } from "~/utils/permissions";
import { requirePermission } from "./guard.server";

/** /admin opens Article Management, with the review queue first for those who review. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "admin.enter");
  return redirect(can(actor, "article.listAll") ? "/admin/articles?status=in_review" : "/admin/articles");
}

/** Never shown (the loader redirects or the guard answers), but it makes /admin a page rather than a resource route. */
export default function AdminIndex() {
  return null;
}

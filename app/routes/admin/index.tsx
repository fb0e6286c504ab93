import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "./guard.server";

/** /admin opens the Article Management tab. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return redirect("/admin/articles");
}

/** Never shown (the loader redirects or the guard answers), but it makes /admin a page rather than a resource route. */
export default function AdminIndex() {
  return null;
}

import { redirect } from "react-router";
import { endSession } from "../admin/guard.server";
import type { Route } from "./+types/logout";
import type { RouteHandle } from "~/route-handle";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

export function loader() {
  return redirect("/admin");
}

/** Sign Out: the session row and the cookie both go; the login screen follows. */
export async function action(args: Route.ActionArgs) {
  return redirect("/admin", { status: 303, headers: { "Set-Cookie": await endSession(args) } });
}

import { redirect } from "react-router";

/** Browsers ask for /favicon.ico on pages that name no icon (plain-text answers, feeds); ours is an SVG. */
export function loader() {
  return redirect("/favicon.svg", { status: 301, headers: { "Cache-Control": "public, max-age=86400" } });
}

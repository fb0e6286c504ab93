import { data } from "react-router";
import type { PreviewAnswer } from "~/components/admin/use-markdown-preview";
import { servicesContext } from "~/context";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/utils/http";
import { fillPlaceholders } from "~/utils/page-text";
import { ARTICLE_LIMITS } from "~/validation/article";
import type { Route } from "./+types/preview-markdown";
import { postOnly, requirePermission } from "./guard.server";
import { postOnlyHandle } from "~/route-handle";

/** Only posts are taken here; a GET gets 401 without a session and 405 with one. */
export const loader = (args: Route.LoaderArgs) => postOnly(args, "article.create");
export const handle = postOnlyHandle;

/** The editors' Preview (articles and pages): the markdown through the very conversion the reader pages use. */
export async function action(args: Route.ActionArgs) {
  await requirePermission(args, "article.create");
  const { articles, site } = args.context.get(servicesContext);
  const form = await readForm(args.request).catch(() => null);
  if (!form) return data<PreviewAnswer>({ error: UNREADABLE_FORM_MESSAGE }, 400);
  const content = form.get("content");
  if (typeof content !== "string" || content.length > ARTICLE_LIMITS.content) {
    return data<PreviewAnswer>({ error: "There is no content to preview." }, 400);
  }
  // A page's text has the site's placeholders ({site.name}, ...), filled in as the page shows them (decision 039).
  const shown = form.get("placeholders") === "site" ? fillPlaceholders(content, site) : content;
  return Response.json({ html: articles.previewHtml(shown) } satisfies PreviewAnswer, {
    headers: { "Cache-Control": "no-store" },
  });
}

import { data } from "react-router";
import type { PreviewAnswer } from "~/components/admin/article-editor";
import { servicesContext } from "~/context";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/utils/http";
import { ARTICLE_LIMITS } from "~/validation/article";
import type { Route } from "./+types/preview-markdown";
import { postOnly, requirePermission } from "./guard.server";
import { postOnlyHandle } from "~/route-handle";

/** Only posts are taken here; a GET gets 401 without a session and 405 with one. */
export const loader = (args: Route.LoaderArgs) => postOnly(args, "article.create");
export const handle = postOnlyHandle;

/** The editor's Preview: the markdown through the very conversion the article page uses. */
export async function action(args: Route.ActionArgs) {
  await requirePermission(args, "article.create");
  const { articles } = args.context.get(servicesContext);
  const form = await readForm(args.request).catch(() => null);
  if (!form) return data<PreviewAnswer>({ error: UNREADABLE_FORM_MESSAGE }, 400);
  const content = form.get("content");
  if (typeof content !== "string" || content.length > ARTICLE_LIMITS.content) {
    return data<PreviewAnswer>({ error: "There is no content to preview." }, 400);
  }
  return Response.json({ html: articles.previewHtml(content) } satisfies PreviewAnswer, {
    headers: { "Cache-Control": "no-store" },
  });
}

import { data, redirect } from "react-router";
import { PageEditor } from "~/components/admin/page-editor";
import { servicesContext } from "~/context";
import { adminMeta } from "~/utils/seo";
import { PageId, pageFormValuesOf, pageHistoryAddress, PAGE_TEXTS } from "~/validation/page";
import type { Route } from "./+types/page-edit";
import { keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders } from "./notice.server";
import { answerSave, parsePageForm } from "./page-editing.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit page: ${loaderData.values.title} · Admin` : "Edit page · Admin");

async function backToList() {
  return redirect("/admin/pages", { headers: await noticeHeaders({ kind: "error", text: PAGE_TEXTS.missing }) });
}

/** A page in the editor, with the version it was opened at. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "pages.manage");
  const id = PageId.safeParse(args.params.id);
  const { pages } = args.context.get(servicesContext);
  const page = id.success ? await pages.find(id.data) : null;
  if (!page || page.deletedAt) throw await backToList();
  return data({
    id: page.id,
    layout: page.layout,
    values: pageFormValuesOf(page),
    updatedAt: page.updatedAt.toISOString(),
    live: page.status === "published" ? `/${page.slug}` : null,
  });
}

/** Saves the page, unless someone saved it since this form was opened. */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(async () => {
    const actor = await requirePermission(args, "pages.manage");
    const id = PageId.safeParse(args.params.id);
    if (!id.success) throw await backToList();
    const parsed = await parsePageForm(args.request);
    if (!parsed.ok) return parsed.answer;
    const { pages } = args.context.get(servicesContext);
    const outcome = await pages.update(id.data, parsed.input, { by: actor.adminId, openedAt: parsed.openedAt });
    return answerSave(outcome, parsed, {
      created: false,
      meanwhile: async () => ({
        changesHref: pageHistoryAddress(id.data, await pages.sinceOpened(id.data, parsed.openedAt)),
        updatedAt: (await pages.find(id.data))?.updatedAt.toISOString(),
      }),
    });
  });
}

export default function EditPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageEditor
      mode="edit"
      layout={loaderData.layout}
      initial={loaderData.values}
      result={actionData ?? undefined}
      updatedAt={loaderData.updatedAt}
      historyHref={pageHistoryAddress(loaderData.id)}
      liveHref={loaderData.live ?? undefined}
    />
  );
}

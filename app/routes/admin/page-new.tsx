import { PageEditor } from "~/components/admin/page-editor";
import { servicesContext } from "~/context";
import { adminMeta } from "~/utils/seo";
import { EMPTY_PAGE_FORM } from "~/validation/page";
import type { Route } from "./+types/page-new";
import { keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { answerSave, parsePageForm } from "./page-editing.server";

export const meta: Route.MetaFunction = () => adminMeta("New page · Admin");

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "pages.manage");
  return null;
}

/** Creates a page at its own address (a draft unless published at once). */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(async () => {
    const actor = await requirePermission(args, "pages.manage");
    const parsed = await parsePageForm(args.request);
    if (!parsed.ok) return parsed.answer;
    const { pages } = args.context.get(servicesContext);
    const outcome = await pages.create(parsed.input, { by: actor.adminId });
    return answerSave(outcome, parsed, { created: true });
  });
}

export default function NewPage({ actionData }: Route.ComponentProps) {
  return (
    <PageEditor mode="new" layout="page" initial={{ ...EMPTY_PAGE_FORM, status: "draft" }} result={actionData ?? undefined} />
  );
}

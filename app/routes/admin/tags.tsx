import { data, redirect } from "react-router";
import { NoticeMessage } from "~/components/admin/notice-message";
import { formResult, SignedOutNotice } from "~/components/admin/signed-out-notice";
import { TagTable, type TagRefusal } from "~/components/admin/tag-table";
import { servicesContext } from "~/context";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { TAG_TEXTS, TagAction, tagFieldErrors } from "~/validation/tags";
import type { Route } from "./+types/tags";
import { keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice, type Notice } from "./notice.server";

export const meta: Route.MetaFunction = () => adminMeta("Tags · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Every tag with how many articles carry it (decision 041). */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "tags.manage");
  const { tags } = args.context.get(servicesContext);
  const [list, { notice, headers }] = await Promise.all([tags.list(), takeNotice(args.request)]);
  return data({ tags: list, notice }, { headers });
}

/**
 * Rename (name and address), merge into another tag, delete. Done goes back to the tab with a notice; a refused
 * rename or merge answers here, so its dialog stays open with what was typed and the sentence next to the field.
 */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => change(args));
}

async function change(args: Route.ActionArgs) {
  await requirePermission(args, "tags.manage");
  const { tags } = args.context.get(servicesContext);
  const form = Object.fromEntries(await readForm(args.request));
  const parsed = TagAction.safeParse(form);
  const refuse = (refusal: Omit<TagRefusal, "values">, status = 400) =>
    data<TagRefusal>(
      {
        ...refusal,
        values: { name: typeof form.name === "string" ? form.name : "", slug: typeof form.slug === "string" ? form.slug : "" },
      },
      status,
    );
  if (!parsed.success) {
    const intent = form.intent === "merge" || form.intent === "delete" ? form.intent : "rename";
    const id = Number(form.id);
    if (!Number.isSafeInteger(id) || id < 1) throw data("Unknown tag action.", 400);
    return refuse({ intent, id, fieldErrors: tagFieldErrors(parsed.error) });
  }
  const command = parsed.data;
  let notice: Notice;
  switch (command.intent) {
    case "rename": {
      const outcome = await tags.rename(command.id, { name: command.name, slug: command.slug });
      if (outcome === "nameTaken")
        return refuse({ intent: "rename", id: command.id, fieldErrors: { name: TAG_TEXTS.nameTaken } }, 409);
      if (outcome === "slugTaken")
        return refuse({ intent: "rename", id: command.id, fieldErrors: { slug: TAG_TEXTS.slugTaken } }, 409);
      notice =
        outcome === "done"
          ? { kind: "success", text: `Tag saved as ${command.name} at /tag/${command.slug}.` }
          : { kind: "error", text: TAG_TEXTS.missing };
      break;
    }
    case "merge": {
      const outcome = await tags.merge(command.id, command.into);
      if (outcome === "same") return refuse({ intent: "merge", id: command.id, fieldErrors: { into: TAG_TEXTS.sameTag } });
      if (outcome === "unknownTarget")
        return refuse({ intent: "merge", id: command.id, fieldErrors: { into: TAG_TEXTS.unknownTarget } }, 409);
      notice = outcome === "done" ? { kind: "success", text: "Tags merged." } : { kind: "error", text: TAG_TEXTS.missing };
      break;
    }
    case "delete": {
      const outcome = await tags.delete(command.id);
      notice = outcome === "done" ? { kind: "success", text: "Tag deleted." } : { kind: "error", text: TAG_TEXTS.missing };
      break;
    }
  }
  return redirect("/admin/tags", { status: 303, headers: await noticeHeaders(notice) });
}

export default function TagsTab({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = formResult(actionData);
  return (
    <div className="space-y-6">
      <NoticeMessage notice={loaderData.notice} />
      <SignedOutNotice result={actionData} />
      <TagTable tags={loaderData.tags} refusal={refusal} />
    </div>
  );
}

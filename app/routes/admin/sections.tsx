import { data, redirect } from "react-router";
import { SectionsScreen, type SectionsActionData } from "~/components/admin/sections-screen";
import { servicesContext } from "~/context";
import { SectionRefusal } from "~/services/sections/sections.server";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { FormId } from "~/validation/form-id";
import { SECTION_TEXTS, sectionFromForm, SectionInput } from "~/validation/sections";
import { keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice } from "./notice.server";
import type { Route } from "./+types/sections";

export const meta: Route.MetaFunction = () => adminMeta("Sections · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The newsroom's sections (editors and administrators): each with its article count, and the one being edited. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "sections.manage");
  const { sections } = args.context.get(servicesContext);
  const [rows, { notice, headers }] = await Promise.all([sections.rows(), takeNotice(args.request)]);
  const edit = FormId.safeParse(new URL(args.request.url).searchParams.get("edit"));
  const editing = edit.success ? (rows.find((row) => row.id === edit.data) ?? null) : null;
  return data(
    {
      sections: rows.map(({ keywords, ...row }) => ({ ...row, keywords: keywords.join("\n") })),
      editing: editing?.id ?? null,
      notice,
    },
    { headers },
  );
}

export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => change(args));
}

const done = async (text: string) =>
  redirect("/admin/sections", { status: 303, headers: await noticeHeaders({ kind: "success", text }) });

/** Adds, changes, moves or deletes a section, as the form's intent says; a refusal keeps what was typed. */
async function change(args: Route.ActionArgs) {
  await requirePermission(args, "sections.manage");
  const { sections, logger } = args.context.get(servicesContext);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const id = FormId.safeParse(form.get("id"));
  const refuse = (result: SectionsActionData, status = 400) => data(result, status);
  try {
    if (intent === "create" || intent === "update") {
      const values = sectionFromForm(form);
      const typed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
      const parsed = SectionInput.safeParse(values);
      const editing = intent === "update" ? (id.success ? id.data : null) : null;
      if (intent === "update" && editing === null) return refuse({ intent, formError: SECTION_TEXTS.notFound, values: typed });
      if (!parsed.success) {
        const fieldErrors: SectionsActionData["fieldErrors"] = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]) as keyof NonNullable<SectionsActionData["fieldErrors"]>;
          fieldErrors[field] ??= issue.message;
        }
        return refuse({ intent, id: editing, fieldErrors, formError: SECTION_TEXTS.fixFields, values: typed });
      }
      try {
        if (editing === null) {
          const created = await sections.create(parsed.data);
          return await done(`Section "${created.name}" added.`);
        }
        await sections.update(editing, parsed.data);
        return await done(`Section "${parsed.data.name}" saved.`);
      } catch (error) {
        if (!(error instanceof SectionRefusal)) throw error;
        const { form: formError, moveTo: _moveTo, ...fieldErrors } = error.fieldErrors;
        return refuse({ intent, id: editing, fieldErrors, formError: formError ?? SECTION_TEXTS.fixFields, values: typed });
      }
    }
    if (intent === "up" || intent === "down") {
      if (!id.success) return refuse({ intent, formError: SECTION_TEXTS.notFound });
      await sections.move(id.data, intent);
      return redirect("/admin/sections", 303);
    }
    if (intent === "delete") {
      const moveTo = FormId.safeParse(form.get("moveTo"));
      if (!id.success) return refuse({ intent, formError: SECTION_TEXTS.notFound });
      if (!moveTo.success) return refuse({ intent, id: id.data, fieldErrors: { moveTo: SECTION_TEXTS.moveTo } });
      const name = sections.list().find((section) => section.id === id.data)?.name ?? "";
      const target = sections.list().find((section) => section.id === moveTo.data)?.name ?? "";
      try {
        const moved = await sections.remove(id.data, moveTo.data);
        return await done(`Section "${name}" deleted. ${moved} ${moved === 1 ? "article" : "articles"} moved to ${target}.`);
      } catch (error) {
        if (!(error instanceof SectionRefusal)) throw error;
        const { form: formError, moveTo: moveToError } = error.fieldErrors;
        return refuse({ intent, id: id.data, formError, fieldErrors: moveToError ? { moveTo: moveToError } : undefined });
      }
    }
    return refuse({ formError: SECTION_TEXTS.unreadable });
  } catch (error) {
    logger.error({ err: error }, "changing a section failed");
    return refuse({ intent: typeof intent === "string" ? intent : undefined, formError: SECTION_TEXTS.failed }, 500);
  }
}

export default function SectionsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <SectionsScreen loaderData={loaderData} actionData={actionData} />;
}

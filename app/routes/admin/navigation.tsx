import { data, redirect } from "react-router";
import { NavigationForm, type NavigationFormResult } from "~/components/admin/navigation-form";
import { keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice } from "./notice.server";
import { servicesContext } from "~/context";
import { knownAddresses, MenusConflictError } from "~/services/menus/site-menus.server";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { menuFieldErrors, menusFromForm, MenusVersion, MENU_TEXTS, SiteMenusInput } from "~/validation/menus";
import type { Route } from "./+types/navigation";

export const meta: Route.MetaFunction = () => adminMeta("Navigation · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The header and footer menus (administrators only), the addresses they may suggest, and every save. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "navigation.manage");
  const { menus, sections } = args.context.get(servicesContext);
  const [form, { notice, headers }] = await Promise.all([menus.form(), takeNotice(args.request)]);
  return data(
    {
      ...form,
      history: form.history.map((save) => ({ ...save, savedAt: save.savedAt.toISOString() })),
      suggestions: knownAddresses(sections.list()),
      notice,
    },
    { headers },
  );
}

/** Saves both menus, made from the version the form names. */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => save(args));
}

async function save(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "navigation.manage");
  const { menus, logger } = args.context.get(servicesContext);
  const fields = Object.fromEntries(
    [...(await readForm(args.request))].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const typed = menusFromForm(fields);
  const version = MenusVersion.safeParse(fields.version);
  const parsed = SiteMenusInput.safeParse(typed);
  const refuse = (result: NavigationFormResult, status: number) => data(result, status);
  if (!version.success) return refuse({ formError: MENU_TEXTS.unreadable, values: typed }, 400);
  if (!parsed.success) {
    return refuse({ formError: MENU_TEXTS.fixFields, fieldErrors: menuFieldErrors(parsed.error), values: typed }, 400);
  }
  try {
    const changed = await menus.save(actor.adminId, parsed.data, version.data);
    const text = changed ? MENU_TEXTS.saved : MENU_TEXTS.unchanged;
    return redirect("/admin/navigation", { status: 303, headers: await noticeHeaders({ kind: "success", text }) });
  } catch (error) {
    if (error instanceof MenusConflictError) {
      const who = error.savedBy.length ? ` Saved meanwhile by ${error.savedBy.join(", ")}.` : "";
      return refuse({ formError: `${error.message}${who}`, values: typed, version: error.version }, 409);
    }
    logger.error({ err: error }, "saving the menus failed");
    return refuse({ formError: MENU_TEXTS.failed, values: typed }, 500);
  }
}

export default function NavigationTab({ loaderData, actionData }: Route.ComponentProps) {
  return <NavigationForm loaderData={loaderData} actionData={actionData} />;
}

import { data, redirect } from "react-router";
import { SettingsForm, type SettingsFormResult } from "~/components/admin/settings-form";
import { eventSource, keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice } from "./notice.server";
import { servicesContext } from "~/context";
import { SettingsConflictError } from "~/services/settings/site-settings.server";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { FormId } from "~/validation/form-id";
import { SETTING_LABELS, settingsFieldErrors, settingsFromForm, SETTINGS_TEXTS } from "~/validation/site-settings";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => adminMeta("Settings · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The newsroom's settings (administrators only): the values in force, which the environment pins, and every save. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "settings.manage");
  const { settings } = args.context.get(servicesContext);
  const [form, { notice, headers }] = await Promise.all([settings.form(), takeNotice(args.request)]);
  return data(
    {
      ...form,
      history: form.history.map((save) => ({ ...save, changedAt: save.changedAt.toISOString() })),
      timeZones: timeZoneChoices(form.values.timeZone),
      notice,
    },
    { headers },
  );
}

/** Saves the form, made from the version it names; a field the environment pins keeps its value. */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => save(args));
}

async function save(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "settings.manage");
  const { settings, logger } = args.context.get(servicesContext);
  const form = Object.fromEntries(await readForm(args.request));
  const values = Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const version = FormId.safeParse(form.version);
  const parsed = settingsFromForm(values, settings.current());
  const refuse = (result: SettingsFormResult, status: number) => data(result, status);
  if (!version.success) return refuse({ formError: SETTINGS_TEXTS.unreadable, values }, 400);
  if (!parsed.success) {
    return refuse({ formError: SETTINGS_TEXTS.fixFields, fieldErrors: settingsFieldErrors(parsed.error), values }, 400);
  }
  try {
    const changed = await settings.save(actor.adminId, parsed.data, version.data, eventSource(args, actor));
    const text = changed.length === 0 ? SETTINGS_TEXTS.unchanged : SETTINGS_TEXTS.saved;
    return redirect("/admin/settings", { status: 303, headers: await noticeHeaders({ kind: "success", text }) });
  } catch (error) {
    if (error instanceof SettingsConflictError) {
      const meanwhile = error.changedMeanwhile.map((key) => SETTING_LABELS[key]).join(", ");
      return refuse(
        {
          formError: meanwhile ? `${error.message} Changed meanwhile: ${meanwhile}.` : error.message,
          values: Object.fromEntries(Object.entries(error.merged).map(([key, value]) => [key, String(value)])),
          version: error.version,
        },
        409,
      );
    }
    logger.error({ err: error }, "saving the settings failed");
    return refuse({ formError: SETTINGS_TEXTS.failed, values }, 500);
  }
}

/** The IANA zones this server knows, with the one in force even where the list leaves it out (UTC, say). */
function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
}

export default function SettingsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsForm loaderData={loaderData} actionData={actionData} />;
}

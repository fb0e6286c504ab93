import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { LocalTime } from "~/components/local-time";
import { contrast, DARK_BACKGROUND, darkThemeTone, HEX_COLOUR, LIGHT_BACKGROUND, ratioText } from "~/utils/colour";
import {
  AD_MODES,
  settingsFieldErrors,
  settingsFromForm,
  SETTING_LABELS,
  SETTINGS_TEXTS,
  SOCIAL_ACCOUNTS,
  twoStepRoleField,
  WEEKDAYS,
  type AdMode,
  type SettingKey,
  type SiteSettings,
} from "~/validation/site-settings";
import type { SettingChange } from "~/domain/site-settings";
import { isStaffRole, ROLE_LABELS, STAFF_ROLES } from "~/domain/permissions";
import { AdminTable } from "./admin-table";
import { ImageAddressField } from "./image-panel";
import { NoticeMessage, type Notice } from "./notice-message";
import { formResult, SignedOutNotice, type SignedOut } from "./signed-out-notice";
import { DiscardChangesDialog, useUnsavedChanges } from "./unsaved-changes";
import { SubmitButton } from "~/components/ui/button";
import { CARD_CLASS, Field } from "~/components/ui/field";
import { INPUT_CLASS, TextInput } from "~/components/ui/text-input";

/** What the Settings action answers when it does not redirect: why, field by field, and what was sent. */
export type SettingsFormResult = {
  formError: string;
  fieldErrors?: Partial<Record<SettingKey, string>>;
  values: Record<string, string>;
  /** The version in force after a refused save (someone else saved meanwhile). */
  version?: number;
};

interface SettingsLoaderData {
  values: SiteSettings;
  version: number;
  pinnedBy: Partial<Record<SettingKey, string>>;
  pinnedSchedule: string | undefined;
  history: { id: number; adminName: string; changedAt: string; changes: SettingChange[] }[];
  timeZones: string[];
  notice: Notice | null;
}

const AD_MODE_LABELS: Record<AdMode, { label: string; hint: string }> = {
  placeholder: { label: "Placeholders", hint: 'Labelled "Advertisement" boxes keep the ad places on every page.' },
  adsense: { label: "Google AdSense", hint: "The ad network's units, with the client id below." },
  none: { label: "No ads", hint: "No ad slot on any page." },
};

/** Fields that only say how the form is saved, not what it holds (the unsaved-changes guard leaves them out). */
const SAVING_FIELDS = ["version"] as const;

/**
 * The Settings tab (decision 038): General, Newsletter and Advertising. A field a server variable pins is
 * shown read-only and says which; every save is listed below the form. The form is checked here with the action's
 * own schema before it is sent; the server's answer is the one that counts.
 */
export function SettingsForm({
  loaderData,
  actionData,
}: {
  loaderData: SettingsLoaderData;
  actionData: SettingsFormResult | SignedOut | undefined;
}) {
  const result = formResult(actionData);
  const [clientError, setClientError] = useState<string | null>(null);
  const version = result?.version ?? loaderData.version;
  const formError = clientError ?? result?.formError;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">Settings</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Saved settings show on every page at once, on every instance of the site.
        </p>
      </div>
      <NoticeMessage notice={formError ? { kind: "error", text: formError } : loaderData.notice} />
      <SignedOutNotice result={actionData} />
      {/* A new version (a save, or a refusal that brings the current settings) shows the form afresh from its values. */}
      <SettingsFields key={version} loaderData={loaderData} result={result} version={version} onChecked={setClientError} />
      <SettingsHistory history={loaderData.history} />
    </div>
  );
}

function SettingsFields({
  loaderData,
  result,
  version,
  onChecked,
}: {
  loaderData: SettingsLoaderData;
  result: SettingsFormResult | undefined;
  version: number;
  /** The form's own check found problems (their sentence), or none (null). */
  onChecked: (error: string | null) => void;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef, SAVING_FIELDS);
  const [clientErrors, setClientErrors] = useState<Partial<Record<SettingKey, string>> | null>(null);
  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const shown = (key: SettingKey): string => result?.values[key] ?? String(loaderData.values[key]);
  const [adMode, setAdMode] = useState(shown("adMode"));
  const { pinnedBy } = loaderData;

  function check(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    const parsed = settingsFromForm(values, loaderData.values);
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors(settingsFieldErrors(parsed.error));
      onChecked(SETTINGS_TEXTS.fixFields);
      return;
    }
    setClientErrors(null);
    onChecked(null);
    unsaved.submitting();
  }

  /** A text input for one setting: its value, its error, read-only when a server variable pins it. */
  const text = (key: SettingKey, props: { type?: string; placeholder?: string; hint?: string; autoComplete?: string } = {}) => (
    <Field id={`settings-${key}`} label={SETTING_LABELS[key]} hint={pinnedHint(key) ?? props.hint} error={errors[key]}>
      {(described) => (
        <TextInput
          id={`settings-${key}`}
          name={key}
          type={props.type ?? "text"}
          defaultValue={shown(key)}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete ?? "off"}
          disabled={Boolean(pinnedBy[key])}
          {...described}
        />
      )}
    </Field>
  );

  const textArea = (key: SettingKey, hint?: string) => (
    <Field id={`settings-${key}`} label={SETTING_LABELS[key]} hint={hint} error={errors[key]}>
      {(described) => (
        <textarea id={`settings-${key}`} name={key} rows={3} defaultValue={shown(key)} className={INPUT_CLASS} {...described} />
      )}
    </Field>
  );

  /** A choice for one setting, read-only when a server variable pins it (the pin's sentence is then its hint). */
  const select = (key: SettingKey, options: readonly { value: string | number; label: string }[], hint?: string) => (
    <Field id={`settings-${key}`} label={SETTING_LABELS[key]} hint={pinnedHint(key) ?? hint} error={errors[key]}>
      {(described) => (
        <select
          id={`settings-${key}`}
          name={key}
          defaultValue={shown(key)}
          disabled={Boolean(pinnedBy[key])}
          className={INPUT_CLASS}
          {...described}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  function pinnedHint(key: SettingKey): string | undefined {
    const variable = pinnedBy[key];
    return variable ? `Set by ${variable} on the server.` : undefined;
  }

  return (
    <>
      <Form method="post" ref={formRef} noValidate onSubmit={check} className="space-y-6">
        <input type="hidden" name="version" value={version} />

        <Section id="settings-general" title="General">
          <div className="grid gap-4 md:grid-cols-2">
            {text("siteName")}
            {text("tagline", {
              hint: "What you publish, in a few words: the home page's title is the name and this, and the AI writes for it.",
            })}
            {text("language", { hint: "A language tag such as en, de or pt-BR: the pages', the feeds' and the News sitemap's." })}
          </div>
          {textArea("description", "The home page's description for search engines and the site feed's description.")}
          {select(
            "timeZone",
            loaderData.timeZones.map((zone) => ({ value: zone, label: zone })),
            "Dates readers see and the newsletter's week follow it.",
          )}
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold">Contact addresses</legend>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              The contact form, the info pages and every mail link on the site write to these.
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              {text("contactGeneral", { type: "email" })}
              {text("contactTips", { type: "email" })}
              {text("contactPress", { type: "email" })}
              {text("contactAdvertising", { type: "email" })}
              {text("contactCareers", { type: "email" })}
            </div>
          </fieldset>
          {textArea("postalAddress", "Shown at the foot of every newsletter, as mail rules ask.")}
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold">Social accounts</legend>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Full https addresses. The footer links them, and search engines learn they are yours.
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              {SOCIAL_ACCOUNTS.map(({ key }) => (
                <div key={key}>{text(key, { type: "url", placeholder: "https://" })}</div>
              ))}
            </div>
          </fieldset>
          <ImageField
            name="defaultSocialImage"
            first={shown("defaultSocialImage")}
            hint="Shared with links to pages that have no cover of their own. A path on this site or an https address."
            error={errors.defaultSocialImage}
            previewClass="aspect-[1.91/1] w-full rounded-lg object-cover"
          />
        </Section>

        <Section id="settings-branding" title="Branding">
          <div className="grid gap-6 md:grid-cols-2">
            <ImageField
              name="logo"
              first={shown("logo")}
              hint="Shown in the header and in e-mails instead of the name, and named as the publisher's logo to search engines. JPEG, PNG, WebP or GIF; empty: the name as text."
              error={errors.logo}
              previewClass="h-12 w-auto max-w-full rounded bg-white object-contain p-1"
            />
            <ImageField
              name="logoDark"
              first={shown("logoDark")}
              hint="Shown on the dark theme instead of the logo. Empty: the logo."
              error={errors.logoDark}
              previewClass="h-12 w-auto max-w-full rounded bg-slate-950 object-contain p-1"
            />
          </div>
          <ImageField
            name="icon"
            first={shown("icon")}
            hint="Upload a square image of at least 512 px: the browser tab's icon, the home-screen icon and favicon.ico are made from it (another shape is cropped to its middle). Empty: the stock icon."
            error={errors.icon}
            previewClass="size-16 rounded-lg object-cover"
          />
          <AccentFields
            light={shown("accentColor")}
            dark={shown("accentDarkColor")}
            errors={{ light: errors.accentColor, dark: errors.accentDarkColor }}
          />
        </Section>

        <Section id="settings-newsletter" title="Newsletter">
          <div className="grid gap-4 md:grid-cols-2">
            {text("senderName", { placeholder: shown("siteName"), hint: "Empty: the publication name." })}
            {text("replyTo", { type: "email", hint: "Where replies to the newsletter go. Empty: the sender's address." })}
          </div>
          {textArea("newsletterFooter", "Your own words at the foot of every issue, above the postal address.")}
          {loaderData.pinnedSchedule ? (
            <p className="text-sm">
              The digest goes out on the schedule <code className="font-mono">{loaderData.pinnedSchedule}</code>. Set by
              NEWSLETTER_SCHEDULE on the server.
            </p>
          ) : null}
          <div className="grid gap-4 md:grid-cols-3">
            {select(
              "digestDay",
              WEEKDAYS.map((day, index) => ({ value: index, label: day })),
            )}
            {text("digestTime", { type: "time", hint: "In the newsroom's time zone." })}
            {text("digestStories", { type: "number", hint: "The spec's 5 unless you choose otherwise." })}
          </div>
        </Section>

        <Section id="settings-advertising" title="Advertising">
          <fieldset aria-describedby={pinnedHint("adMode") ? "settings-adMode-hint" : undefined}>
            <legend className="mb-2 text-sm font-medium">{SETTING_LABELS.adMode}</legend>
            <div className="grid gap-2 md:grid-cols-3">
              {AD_MODES.map((mode) => (
                <label
                  key={mode}
                  className="flex gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-blue-700 dark:border-slate-600 dark:has-checked:border-blue-400"
                >
                  <input
                    type="radio"
                    name="adMode"
                    value={mode}
                    checked={adMode === mode}
                    onChange={() => setAdMode(mode)}
                    disabled={Boolean(pinnedBy.adMode)}
                    className="mt-0.5"
                  />
                  <span>
                    <span className="block font-semibold">{AD_MODE_LABELS[mode].label}</span>
                    <span className="block text-slate-600 dark:text-slate-400">{AD_MODE_LABELS[mode].hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {pinnedHint("adMode") ? (
              <p id="settings-adMode-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {pinnedHint("adMode")}
              </p>
            ) : null}
          </fieldset>
          {adMode === "adsense" ? text("adClient", { placeholder: "ca-pub-1234567890123456" }) : null}
        </Section>

        <TwoStepRolesSection
          inForce={
            result
              ? STAFF_ROLES.filter((role) => result.values[twoStepRoleField(role)] !== undefined).join(",")
              : loaderData.values.twoStepRoles
          }
        />

        <div className="flex items-center gap-3">
          <SubmitButton disabled={navigation.state === "submitting"}>Save settings</SubmitButton>
        </div>
      </Form>
      <DiscardChangesDialog blocker={unsaved.blocker} />
    </>
  );
}

/** An image setting: its address, a preview, and an upload that fills the address in. */
function ImageField({
  name,
  first,
  hint,
  error,
  previewClass,
}: {
  name: "defaultSocialImage" | "logo" | "logoDark" | "icon";
  first: string;
  hint: string;
  error?: string;
  previewClass: string;
}) {
  return (
    <ImageAddressField
      id={`settings-${name}`}
      name={name}
      label={SETTING_LABELS[name]}
      first={first}
      hint={hint}
      error={error}
      previewClass={previewClass}
    />
  );
}

/**
 * The accent: the light theme's tone (a hex value, or a colour picked), the dark theme's (empty: made from the light
 * one, shown beside it), and what each reaches against its theme's background, as the form will be checked.
 */
function AccentFields({
  light: firstLight,
  dark: firstDark,
  errors,
}: {
  light: string;
  dark: string;
  errors: { light?: string; dark?: string };
}) {
  const [light, setLight] = useState(firstLight);
  const [dark, setDark] = useState(firstDark);
  const lightValid = HEX_COLOUR.test(light);
  const made = lightValid ? darkThemeTone(light) : "";
  const darkInForce = HEX_COLOUR.test(dark) ? dark : made;
  const swatch = (colour: string, label: string) =>
    HEX_COLOUR.test(colour) ? (
      <span className="inline-flex items-center gap-2">
        <span aria-hidden className="inline-block size-4 rounded border border-slate-400" style={{ backgroundColor: colour }} />
        {label}
      </span>
    ) : null;
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Links, buttons, badges and focus rings on every page, in the admin area too, follow the accent. Leave it empty for the
        specification&apos;s blue. Text in it must reach 4.5:1 on its theme&apos;s background (WCAG 2.2 AA).
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          id="settings-accentColor"
          label={SETTING_LABELS.accentColor}
          hint="The light theme's tone, such as #1d4ed8."
          error={errors.light}
        >
          {(described) => (
            <div className="flex gap-2">
              <TextInput
                id="settings-accentColor"
                name="accentColor"
                value={light}
                onChange={(event) => setLight(event.target.value)}
                placeholder="#1d4ed8"
                autoComplete="off"
                {...described}
              />
              <input
                type="color"
                aria-label="Pick the accent colour"
                value={lightValid ? light : "#1d4ed8"}
                onChange={(event) => setLight(event.target.value)}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-950"
              />
            </div>
          )}
        </Field>
        <Field
          id="settings-accentDarkColor"
          label={SETTING_LABELS.accentDarkColor}
          hint={made ? `Empty: made from the accent, ${made}.` : "Empty: made from the accent."}
          error={errors.dark}
        >
          {(described) => (
            <TextInput
              id="settings-accentDarkColor"
              name="accentDarkColor"
              value={dark}
              onChange={(event) => setDark(event.target.value)}
              placeholder={made || "#60a5fa"}
              autoComplete="off"
              {...described}
            />
          )}
        </Field>
      </div>
      {lightValid ? (
        <p className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-live="polite">
          {swatch(light, `Light theme: ${ratioText(contrast(light, LIGHT_BACKGROUND))} on white`)}
          {swatch(darkInForce, `Dark theme: ${ratioText(contrast(darkInForce, DARK_BACKGROUND))} on the dark background`)}
        </p>
      ) : null}
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={CARD_CLASS}>
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * Which roles must use a second step at sign-in: one checkbox per role, and an empty field so that none ticked is
 * sent too. A person in a ticked role without a second step is taken to set one up right after signing in.
 */
function TwoStepRolesSection({ inForce }: { inForce: string }) {
  const ticked = inForce.split(",");
  return (
    <Section id="settings-sign-in" title="Sign-in">
      <input type="hidden" name="twoStepRoles" value="" />
      <fieldset className="mt-3" aria-describedby="settings-twoStepRoles-hint">
        <legend className="mb-2 text-sm font-medium">{SETTING_LABELS.twoStepRoles}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {STAFF_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={twoStepRoleField(role)} defaultChecked={ticked.includes(role)} />
              {ROLE_LABELS[role]}
            </label>
          ))}
        </div>
        <p id="settings-twoStepRoles-hint" className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Someone in a ticked role without an authenticator app or a passkey is asked to set one up right after signing in, and
          can do nothing else until they have.
        </p>
      </fieldset>
    </Section>
  );
}

/** A stored value as the history shows it. */
function shownValue(key: string, value: string | number): string {
  if (key === "twoStepRoles" && typeof value === "string") {
    return value === ""
      ? "(none)"
      : value
          .split(",")
          .map((role) => (isStaffRole(role) ? ROLE_LABELS[role] : role))
          .join(", ");
  }
  if (key === "digestDay" && typeof value === "number") return WEEKDAYS[value] ?? String(value);
  if (key === "adMode" && typeof value === "string" && value in AD_MODE_LABELS) return AD_MODE_LABELS[value as AdMode].label;
  return value === "" ? "(empty)" : String(value);
}

function SettingsHistory({ history }: { history: SettingsLoaderData["history"] }) {
  return (
    <section aria-labelledby="settings-history-heading" className="space-y-3">
      <h3 id="settings-history-heading" className="text-lg font-bold">
        Changes
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No one has changed the settings yet.</p>
      ) : (
        <AdminTable
          labelledBy="settings-history-heading"
          columns={[{ label: "When" }, { label: "Who" }, { label: "What changed" }]}
        >
          {history.map((save) => (
            <tr key={save.id} className="align-top">
              <td className="px-3 py-3 whitespace-nowrap">
                <LocalTime value={save.changedAt} />
              </td>
              <td className="px-3 py-3">{save.adminName || "A deleted account"}</td>
              <td className="px-3 py-3">
                <ul className="space-y-1">
                  {save.changes.map((change) => (
                    <li key={change.key} className="break-words">
                      <span className="font-medium">{SETTING_LABELS[change.key as SettingKey] ?? change.key}</span>:{" "}
                      {shownValue(change.key, change.from)} → {shownValue(change.key, change.to)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

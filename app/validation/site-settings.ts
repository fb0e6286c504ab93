import { z } from "zod";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "../domain/permissions";
import {
  contrast,
  DARK_BACKGROUND,
  darkThemeTone,
  HEX_COLOUR,
  LIGHT_BACKGROUND,
  ratioText,
  TEXT_CONTRAST,
} from "../utils/colour";
import { isTimeZone } from "../utils/dates";
import { iconSetOf } from "../utils/responsive-images";
import { IMAGE_ADDRESS_MESSAGE, isImageAddress } from "./article";
import { EMAIL_MAX_LENGTH, isPlainMailbox } from "./email";
import { allowedText } from "./text";

/*
 * The newsroom's settings (decision 038): what an administrator changes at /admin/settings. The defaults are
 * the specification's site, so a fresh install shows it word for word. One schema, used by the form in the browser and
 * by its action on the server; the stored document is read through the same schema, so a field added later simply
 * takes its default.
 */

/** The social accounts the footer links and the Organization's `sameAs` names, in the order they are shown. */
export const SOCIAL_ACCOUNTS = [
  { key: "socialX", label: "X" },
  { key: "socialMastodon", label: "Mastodon" },
  { key: "socialBluesky", label: "Bluesky" },
  { key: "socialLinkedin", label: "LinkedIn" },
  { key: "socialFacebook", label: "Facebook" },
  { key: "socialInstagram", label: "Instagram" },
  { key: "socialYoutube", label: "YouTube" },
] as const;

export type SocialAccountKey = (typeof SOCIAL_ACCOUNTS)[number]["key"];

/** What the ad slots show: the spec's labelled placeholders, the ad network's units, or nothing at all. */
export const AD_MODES = ["placeholder", "adsense", "none"] as const;
export type AdMode = (typeof AD_MODES)[number];

/** Sunday first, as cron counts them. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
export const AD_CLIENT = /^ca-pub-\d{10,20}$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const text = (field: string, max: number, lines: "single-line" | "multi-line" = "single-line") =>
  z
    .string()
    .trim()
    .max(max, `${field} can be at most ${max.toLocaleString("en-US")} characters.`)
    .check(allowedText(field, { lines }));

const required = (field: string, max: number) =>
  text(field, max).min(1, `Please enter ${field.replace(/^The /, "the ").toLowerCase()}.`);

const email = (field: string) =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `${field} must be an email address, such as hello@example.com.`)
    .refine(isPlainMailbox, `${field} must be an email address, such as hello@example.com.`);

const optionalEmail = (field: string) => z.union([z.literal(""), email(field)]);

/** A hex colour such as #1d4ed8 (stored in lower case), or nothing. */
const colour = (field: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || HEX_COLOUR.test(value), `${field} must be a hex value such as #1d4ed8.`)
    .transform((value) => value.toLowerCase());

/** An https address of a profile elsewhere, or nothing. */
const profileUrl = (label: string) =>
  text(`The ${label} address`, 300).refine(
    (value) => value === "" || (URL.canParse(value) && new URL(value).protocol === "https:"),
    `The ${label} address must start with https://, such as https://example.com/@newsroom.`,
  );

/** The fields and their rules, before the checks that look at several fields at once. */
const SettingsFields = z.object({
  // General
  siteName: required("The publication name", 80),
  /** What the newsroom publishes, in a few words: the home page's title after the name, search's, the AI's brief. */
  tagline: required("The tagline", 60),
  description: text("The description", 300),
  language: z.string().trim().regex(LANGUAGE_TAG, "The language must be a language tag such as en, de or pt-BR."),
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, "The time zone must be an IANA time zone name, such as Europe/Berlin or America/New_York."),
  contactGeneral: email("The general address"),
  contactTips: email("The tips address"),
  contactPress: email("The press address"),
  contactAdvertising: email("The advertising address"),
  contactCareers: email("The careers address"),
  postalAddress: text("The postal address", 300, "multi-line"),
  socialX: profileUrl("X"),
  socialMastodon: profileUrl("Mastodon"),
  socialBluesky: profileUrl("Bluesky"),
  socialLinkedin: profileUrl("LinkedIn"),
  socialFacebook: profileUrl("Facebook"),
  socialInstagram: profileUrl("Instagram"),
  socialYoutube: profileUrl("YouTube"),
  defaultSocialImage: text("The default social image address", 2_000).refine(isImageAddress, IMAGE_ADDRESS_MESSAGE),
  // Branding
  /** The logo (an upload or an address); empty: the name as text. */
  logo: text("The logo address", 2_000).refine(isImageAddress, IMAGE_ADDRESS_MESSAGE),
  /** The logo on the dark theme; empty: the logo. */
  logoDark: text("The dark-theme logo address", 2_000).refine(isImageAddress, IMAGE_ADDRESS_MESSAGE),
  /** The icon, an upload: favicons, the touch icon and the web manifest's are made from it; empty: the stock icon. */
  icon: text("The icon address", 2_000).refine(
    (value) => value === "" || /^\/uploads\/[0-9a-f]{32}\.(jpg|png|gif|webp)$/.test(value),
    "Please upload the icon: favicons are made from an image uploaded here.",
  ),
  /** The light theme's accent; empty: the specification's blue. */
  accentColor: colour("The accent colour"),
  /** The dark theme's accent; empty: made from the light one (`darkThemeTone`). */
  accentDarkColor: colour("The dark-theme accent"),
  // Newsletter
  /** Empty: the publication name. */
  senderName: text("The sender name", 80),
  replyTo: optionalEmail("The reply-to address"),
  newsletterFooter: text("The footer text", 500, "multi-line"),
  digestDay: z.coerce
    .number({ error: "Please choose the day the digest goes out." })
    .int("Please choose the day the digest goes out.")
    .min(0, "Please choose the day the digest goes out.")
    .max(6, "Please choose the day the digest goes out."),
  digestTime: z.string().trim().regex(TIME_OF_DAY, "The time must be written as hours and minutes, such as 09:00."),
  digestStories: z.coerce
    .number({ error: "Stories per issue must be a whole number from 1 to 20." })
    .int("Stories per issue must be a whole number from 1 to 20.")
    .min(1, "Stories per issue must be a whole number from 1 to 20.")
    .max(20, "Stories per issue must be a whole number from 1 to 20."),
  // Advertising
  adMode: z.enum(AD_MODES, { error: "Please choose what the ad slots show." }),
  adClient: z.string().trim().max(40, "The client id must look like ca-pub-1234567890123456."),
  // Sign-in
  /** The roles that must use a second step at sign-in, comma-separated in the permission table's order; empty: none. */
  twoStepRoles: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || value.split(",").every((role) => isStaffRole(role.trim())),
      "Please choose roles from the list.",
    )
    .transform((value) => STAFF_ROLES.filter((role) => value.split(",").some((part) => part.trim() === role)).join(",")),
});

/** The settings document: every field checked, the accent readable as text on both themes, an ad network with its id. */
export const SiteSettingsInput = SettingsFields.superRefine((value, context) => {
  for (const problem of accentProblems(value)) context.addIssue({ code: "custom", ...problem });
  if (value.adMode === "adsense" && !AD_CLIENT.test(value.adClient)) {
    context.addIssue({
      code: "custom",
      path: ["adClient"],
      message: "The client id must look like ca-pub-1234567890123456.",
    });
  }
});

export type SiteSettings = z.infer<typeof SettingsFields>;

/**
 * Where an accent falls short of WCAG 2.2 AA for text (4.5:1) on its theme's background: the light tone on white, the
 * dark tone (the one set, else the one made from the light tone) on the dark theme's background.
 */
export function accentProblems({
  accentColor,
  accentDarkColor,
}: Pick<SiteSettings, "accentColor" | "accentDarkColor">): { path: SettingKey[]; message: string }[] {
  const problems: { path: SettingKey[]; message: string }[] = [];
  if (!HEX_COLOUR.test(accentColor)) {
    if (accentDarkColor) problems.push({ path: ["accentDarkColor"], message: "Choose the light-theme accent first." });
    return problems;
  }
  const light = contrast(accentColor, LIGHT_BACKGROUND);
  if (light < TEXT_CONTRAST) {
    problems.push({
      path: ["accentColor"],
      message: `The light theme fails: the accent reaches ${ratioText(light)} on white, short of the 4.5:1 text needs. Choose a darker colour.`,
    });
  }
  if (HEX_COLOUR.test(accentDarkColor)) {
    const dark = contrast(accentDarkColor, DARK_BACKGROUND);
    if (dark < TEXT_CONTRAST) {
      problems.push({
        path: ["accentDarkColor"],
        message: `The dark theme fails: the accent reaches ${ratioText(dark)} on the dark background, short of the 4.5:1 text needs. Choose a lighter colour, or leave it empty to have it made from the light one.`,
      });
    }
  }
  return problems;
}

/** The two tones in force, or null for the specification's blue. */
export function accentTones({
  accentColor,
  accentDarkColor,
}: Pick<SiteSettings, "accentColor" | "accentDarkColor">): { light: string; dark: string } | null {
  if (!HEX_COLOUR.test(accentColor)) return null;
  return { light: accentColor, dark: HEX_COLOUR.test(accentDarkColor) ? accentDarkColor : darkThemeTone(accentColor) };
}

export type SettingKey = keyof SiteSettings;

/** The specification's newsroom: the first values of a fresh install. */
export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: "Byline",
  tagline: "technology news",
  description: "The latest technology news: AI, startups, mobile, cloud, gadgets, software and security.",
  language: "en",
  timeZone: "UTC",
  contactGeneral: "hello@byline.example",
  contactTips: "tips@byline.example",
  contactPress: "press@byline.example",
  contactAdvertising: "ads@byline.example",
  contactCareers: "careers@byline.example",
  postalAddress: "",
  socialX: "",
  socialMastodon: "",
  socialBluesky: "",
  socialLinkedin: "",
  socialFacebook: "",
  socialInstagram: "",
  socialYoutube: "",
  defaultSocialImage: "",
  logo: "",
  logoDark: "",
  icon: "",
  accentColor: "",
  accentDarkColor: "",
  senderName: "",
  replyTo: "",
  newsletterFooter: "",
  digestDay: 0,
  digestTime: "09:00",
  digestStories: 5,
  adMode: "placeholder",
  adClient: "",
  twoStepRoles: "",
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** How each field is named in the history and in messages. */
export const SETTING_LABELS: Record<SettingKey, string> = {
  siteName: "Publication name",
  tagline: "Tagline",
  description: "Description",
  language: "Language",
  timeZone: "Time zone",
  contactGeneral: "General address",
  contactTips: "Tips address",
  contactPress: "Press address",
  contactAdvertising: "Advertising address",
  contactCareers: "Careers address",
  postalAddress: "Postal address",
  socialX: "X",
  socialMastodon: "Mastodon",
  socialBluesky: "Bluesky",
  socialLinkedin: "LinkedIn",
  socialFacebook: "Facebook",
  socialInstagram: "Instagram",
  socialYoutube: "YouTube",
  defaultSocialImage: "Default social image",
  logo: "Logo",
  logoDark: "Dark-theme logo",
  icon: "Icon",
  accentColor: "Accent colour",
  accentDarkColor: "Dark-theme accent",
  senderName: "Sender name",
  replyTo: "Reply-to address",
  newsletterFooter: "Footer text",
  digestDay: "Digest day",
  digestTime: "Digest time",
  digestStories: "Stories per issue",
  adMode: "Ad slots",
  adClient: "Ad network client id",
  twoStepRoles: "Roles that must use a second step",
};

/**
 * A stored document read back: each field that still passes its rule is kept, any other takes its default, so a
 * document written by an older or newer Byline never stops the site.
 */
export function readStoredSettings(stored: unknown): SiteSettings {
  const source = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    const parsed = SettingsFields.shape[key].safeParse(source[key]);
    if (parsed.success) (settings as Record<SettingKey, unknown>)[key] = parsed.data;
  }
  return settings;
}

/** The digest's day and time as the cron expression the weekly schedule runs on. */
export function digestCron({ digestDay, digestTime }: Pick<SiteSettings, "digestDay" | "digestTime">): string {
  const [hours, minutes] = digestTime.split(":").map(Number);
  return `${minutes} ${hours} * * ${digestDay}`;
}

/** The day and time a simple weekly cron expression ("0 9 * * 0") names, or null for any other expression. */
export function digestFromCron(pattern: string): Pick<SiteSettings, "digestDay" | "digestTime"> | null {
  const match = /^(\d{1,2}) (\d{1,2}) \* \* ([0-6])$/.exec(pattern.trim());
  if (!match) return null;
  const [minutes, hours, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (minutes > 59 || hours > 23) return null;
  return { digestDay: day, digestTime: `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}` };
}

/** The public part of the settings in force, as pages, feeds and mails read it (utils/seo.ts `SiteInfo`). */
export function siteInfoFrom(settings: SiteSettings, { url, analytics }: { url: string; analytics?: boolean }) {
  return {
    name: settings.siteName,
    url,
    timeZone: settings.timeZone,
    language: settings.language,
    tagline: settings.tagline,
    description: settings.description,
    adsenseClient: settings.adMode === "adsense" && settings.adClient ? settings.adClient : undefined,
    adSlots: settings.adMode === "adsense" && !settings.adClient ? "placeholder" : settings.adMode,
    contact: {
      general: settings.contactGeneral,
      tips: settings.contactTips,
      press: settings.contactPress,
      ads: settings.contactAdvertising,
      careers: settings.contactCareers,
    },
    social: SOCIAL_ACCOUNTS.flatMap(({ key, label }) => (settings[key] ? [{ label, url: settings[key] }] : [])),
    defaultSocialImage: settings.defaultSocialImage,
    accent: accentTones(settings),
    logo: settings.logo ? { light: settings.logo, dark: settings.logoDark || settings.logo } : null,
    icons: iconSetOf(settings.icon),
    ...(analytics === undefined ? {} : { analytics }),
  } satisfies Record<string, unknown>;
}

/** The specification's site, for a part of a page rendered without the root loader's data. */
export const DEFAULT_SITE_INFO = siteInfoFrom(DEFAULT_SETTINGS, { url: "http://localhost" });

export const SETTINGS_TEXTS = {
  saved: "Settings saved. Every page shows them now.",
  unchanged: "Nothing was changed.",
  fixFields: "Please correct the highlighted fields.",
  unreadable: "The form could not be read. Please reload the page and send it again.",
  failed: "The settings could not be saved; nothing was changed. Please try again.",
} as const;

/**
 * What a posted form says, field by field, checked by `SiteSettingsInput`: a field the form leaves out (one the
 * environment pins is shown disabled, so the browser does not send it) keeps the value in force.
 */
export function settingsFromForm(form: Record<string, string>, inForce: SiteSettings) {
  const values: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) values[key] = form[key] ?? inForce[key];
  // The form sends an empty `twoStepRoles` and one checkbox per role, so that none ticked still says "none".
  if (form.twoStepRoles !== undefined) {
    values.twoStepRoles = STAFF_ROLES.filter((role) => form[twoStepRoleField(role)] !== undefined).join(",");
  }
  return SiteSettingsInput.safeParse(values);
}

/** The name of the Settings form's checkbox for one role of `twoStepRoles`. */
export function twoStepRoleField(role: StaffRole): string {
  return `twoStepRole-${role}`;
}

/** The roles that must use a second step at sign-in, as the settings say. */
export function twoStepRolesOf(settings: Pick<SiteSettings, "twoStepRoles">): StaffRole[] {
  return STAFF_ROLES.filter((role) => settings.twoStepRoles.split(",").includes(role));
}

/** The first problem of each field, for the message next to it. */
export function settingsFieldErrors(error: z.ZodError): Partial<Record<SettingKey, string>> {
  const errors: Partial<Record<SettingKey, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as SettingKey | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

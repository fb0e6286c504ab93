import { z } from "zod";
import { isTrustProxyEntry } from "./rate-limits/client-address.server";
import { AdminPassword, AdminUsername } from "../validation/admin";
import { cronProblem, DEFAULT_NEWSLETTER_SCHEDULE } from "./newsletter/weekly-schedule.server";
import { isTimeZone } from "../utils/dates";
import { digestFromCron, type SettingKey, type SiteSettings } from "../validation/site-settings";

/**
 * Every environment variable Byline reads, checked once at start-up.
 * An empty value counts as unset, so a copied `.env.example` works as is.
 */
const optionalText = z.string().trim().min(1).optional();
const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && protocols.test(new URL(value).protocol), hint)
    .optional();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    PORT: z.coerce
      .number({ error: "must be a whole number between 0 and 65535" })
      .int("must be a whole number between 0 and 65535")
      .min(0, "must be a whole number between 0 and 65535")
      .max(65535, "must be a whole number between 0 and 65535")
      .default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, "must be a postgres:// or postgresql:// URL"),
    SITE_URL: optionalUrl(/^https?:$/, "must be an http:// or https:// URL, such as https://news.example.com"),
    SITE_NAME: z.string().trim().min(1).default("Byline"),
    SITE_LANGUAGE: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a language code such as en, de or pt-BR")
      .default("en"),
    ADMIN_USERNAME: AdminUsername.optional(),
    ADMIN_PASSWORD: AdminPassword.optional(),
    SEED_CONTENT: z.enum(["demo", "none"], { error: 'must be "demo" or "none"' }).default("demo"),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalUrl(/^https?:$/, "must be an http:// or https:// URL"),
    PERPLEXITY_API_KEY: optionalText,
    PERPLEXITY_BASE_URL: optionalUrl(/^https?:$/, "must be an http:// or https:// URL"),
    AI_COMPATIBLE_BASE_URL: optionalUrl(/^https?:$/, "must be an http:// or https:// URL, such as http://127.0.0.1:11434/v1"),
    AI_COMPATIBLE_MODELS: z
      .string()
      .trim()
      .regex(/^[^,\s]+(\s*,\s*[^,\s]+)*$/, "must be a comma-separated list of model ids, such as llama3.1,qwen2.5")
      .optional(),
    AI_COMPATIBLE_NAME: z.string().trim().min(1).max(40).default("Local"),
    AI_COMPATIBLE_API_KEY: optionalText,
    NEWS_FEEDS_FILE: z.string().trim().min(1).default("config/news-feeds.json"),
    SMTP_URL: optionalUrl(/^smtps?:$/, "must be an smtp:// or smtps:// URL, such as smtp://user:pass@smtp.example.com:587"),
    MAIL_FROM: optionalText,
    NEWSLETTER_AUTO_SEND: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).default("false"),
    NEWSLETTER_DOUBLE_OPT_IN: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).default("true"),
    TIME_ZONE: z
      .string()
      .trim()
      .refine(isTimeZone, "must be an IANA time zone name, such as Europe/Berlin or America/New_York")
      .optional(),
    NEWSLETTER_SCHEDULE: z
      .string()
      .trim()
      .superRefine((pattern, context) => {
        const problem = cronProblem(pattern);
        if (problem) context.addIssue({ code: "custom", message: `must be a cron expression such as "0 9 * * 0" (${problem})` });
      })
      .default(DEFAULT_NEWSLETTER_SCHEDULE),
    GENERATION_SPACING_MS: z.coerce
      .number({ error: "must be a whole number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(0, "must be a whole number of milliseconds")
      .default(20_000),
    WEBSUB_HUB: z
      .string()
      .trim()
      .transform((value) => value.split(",").map((entry) => entry.trim()))
      .refine(
        (urls) => urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)),
        "must be one or more http:// or https:// hub URLs separated by commas, such as https://pubsubhubbub.appspot.com/",
      )
      .optional(),
    PAGE_CACHE: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    ANALYTICS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    TRUST_PROXY: z
      .string()
      .trim()
      .transform((value) => value.split(",").map((entry) => entry.trim()))
      .refine(
        (entries) => (entries.length === 1 && entries[0] === "false") || entries.every(isTrustProxyEntry),
        "must be false, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal",
      )
      .default(["loopback"]),
    ALLOWED_HOSTS: z
      .string()
      .trim()
      .transform((value) => value.split(",").map((entry) => entry.trim().toLowerCase()))
      .refine(
        (names) =>
          names.every((name) =>
            /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/.test(name),
          ),
        "must be a comma-separated list of host names, such as news.example.com,www.news.example.com",
      )
      .default([]),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    ADSENSE_CLIENT: z
      .string()
      .trim()
      .regex(/^ca-pub-\d{10,20}$/, "must look like ca-pub-1234567890123456")
      .optional(),
  })
  .superRefine((env, context) => {
    if (Boolean(env.AI_COMPATIBLE_BASE_URL) !== Boolean(env.AI_COMPATIBLE_MODELS)) {
      const missing = env.AI_COMPATIBLE_BASE_URL ? "AI_COMPATIBLE_MODELS" : "AI_COMPATIBLE_BASE_URL";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "must be set together with the other AI_COMPATIBLE variable",
      });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      const missing = env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME";
      context.addIssue({ code: "custom", path: [missing], message: "must be set together with the other admin variable" });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The public address of the site, without a trailing slash. */
  siteUrl: string;
  /** False when SITE_URL is unset and siteUrl is the local address, which start-up corrects to the port it got. */
  siteUrlConfigured: boolean;
  siteName: string;
  /** The site's language (SITE_LANGUAGE, default "en"): the News sitemap's publication language, the feeds'. */
  siteLanguage: string;
  /** WebSub hubs (WEBSUB_HUB): every feed names them, and publishing pings them. Empty: nothing is sent. */
  websubHubs: string[];
  /**
   * The newsroom's IANA time zone (TIME_ZONE; else TZ when set; else UTC): reader dates, the weekly
   * schedule and the week key follow it, never the process's zone.
   */
  timeZone: string;
  initialAdmin: { username: string; password: string } | undefined;
  seedContent: Env["SEED_CONTENT"];
  openai: { apiKey: string | undefined; baseUrl: string | undefined };
  perplexity: { apiKey: string | undefined; baseUrl: string | undefined };
  /** Any OpenAI-compatible server (a local Ollama, say) whose models join the catalogue. */
  compatible: { name: string; baseUrl: string; models: string[]; apiKey: string | undefined } | undefined;
  newsFeedsFile: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The weekly digest: on when NEWSLETTER_AUTO_SEND=true, fired by NEWSLETTER_SCHEDULE in the newsroom's time zone. */
  newsletter: { autoSend: boolean; schedule: string };
  /** Sign-ups wait for the confirmation link (NEWSLETTER_DOUBLE_OPT_IN, on by default; decision 013). */
  newsletterDoubleOptIn: boolean;
  generationSpacingMs: number;
  /** Keep rendered reader pages between requests (PAGE_CACHE, on by default). */
  pageCache: boolean;
  /** Count article views without cookies (ANALYTICS, on by default; decision 032). */
  analytics: boolean;
  /** The peers whose X-Forwarded-For is believed (Express's `trust proxy`), or false for none. */
  trustProxy: string[] | false;
  /** Host names besides SITE_URL's (and loopback) that requests may name in `Host`. */
  allowedHosts: string[];
  logLevel: Env["LOG_LEVEL"];
  adsenseClient: string | undefined;
  /** What the environment says about the settings administrators change (decision 038). */
  settings: SettingsFromEnvironment;
}

/**
 * The environment's part in the newsroom's settings: the values a fresh database starts with, and those a set
 * variable pins (the form shows them read-only, naming the variable).
 */
export interface SettingsFromEnvironment {
  firstValues: Partial<SiteSettings>;
  pinned: Partial<SiteSettings>;
  /** The variable that pins each pinned setting. */
  pinnedBy: Partial<Record<SettingKey, string>>;
  /** MAIL_FROM, when set: the newsletter's whole From header, which pins the sender name. */
  mailFrom: string | undefined;
  /** NEWSLETTER_SCHEDULE, when set: the digest's cron expression, which pins its day and time. */
  schedule: string | undefined;
}

/** The display name of a From header such as `"The Daily" <news@example.com>`, or the header itself. */
function displayName(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<[^>]*>\s*$/.exec(from);
  return (match?.[1] ?? from).trim().slice(0, 80);
}

function settingsFromEnvironment(env: Env, source: Record<string, string | undefined>): SettingsFromEnvironment {
  const pinned: Partial<SiteSettings> = {};
  const pinnedBy: Partial<Record<SettingKey, string>> = {};
  const pin = (variable: string, values: Partial<SiteSettings>) => {
    Object.assign(pinned, values);
    for (const key of Object.keys(values) as SettingKey[]) pinnedBy[key] = variable;
  };
  const set = (name: string) => source[name] !== undefined;
  if (set("SITE_NAME")) pin("SITE_NAME", { siteName: env.SITE_NAME });
  if (set("SITE_LANGUAGE")) pin("SITE_LANGUAGE", { language: env.SITE_LANGUAGE });
  if (env.TIME_ZONE) pin("TIME_ZONE", { timeZone: env.TIME_ZONE });
  if (env.MAIL_FROM) pin("MAIL_FROM", { senderName: displayName(env.MAIL_FROM) });
  if (set("NEWSLETTER_SCHEDULE")) {
    pin("NEWSLETTER_SCHEDULE", digestFromCron(env.NEWSLETTER_SCHEDULE) ?? { digestDay: 0, digestTime: "09:00" });
  }
  if (env.ADSENSE_CLIENT) pin("ADSENSE_CLIENT", { adMode: "adsense", adClient: env.ADSENSE_CLIENT });
  return {
    firstValues: { ...pinned, timeZone: env.TIME_ZONE ?? processTimeZone(source.TZ) },
    pinned,
    pinnedBy,
    mailFrom: env.MAIL_FROM,
    schedule: set("NEWSLETTER_SCHEDULE") ? env.NEWSLETTER_SCHEDULE : undefined,
  };
}

export class ConfigError extends Error {
  readonly code = "INVALID_CONFIGURATION";
}

function blankToUndefined(source: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([name, value]) => [name, value?.trim() === "" ? undefined : value]));
}

/**
 * TIME_ZONE's default: the process's TZ when it names a zone (a leading ":" as in ":Europe/Berlin" is
 * allowed), else UTC. A TZ Intl does not know stops start-up too, naming both variables.
 */
function processTimeZone(tz: string | undefined): string {
  const name = tz?.trim().replace(/^:/, "");
  if (!name) return "UTC";
  if (isTimeZone(name)) return name;
  throw new ConfigError(
    `Invalid configuration: TIME_ZONE is unset and TZ ("${tz}") is not an IANA time zone name; set TIME_ZONE, such as Europe/Berlin.`,
  );
}

/**
 * Reads the configuration from the given environment. A wrong value throws a
 * ConfigError whose message is one line naming the variable.
 */
export function loadConfig(
  source: Record<string, string | undefined>,
  resolvePath: (path: string) => string = (path) => path,
): Config {
  const parsed = EnvSchema.safeParse(blankToUndefined(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const given = source[name];
    const secret = /PASSWORD|KEY|URL/.test(name);
    const shown = given === undefined || secret ? "" : ` (got "${given}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${shown}.`);
  }
  const env = parsed.data;
  const given = blankToUndefined(source);
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolvePath(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    siteUrl,
    siteUrlConfigured: env.SITE_URL !== undefined,
    siteName: env.SITE_NAME,
    siteLanguage: env.SITE_LANGUAGE,
    timeZone: env.TIME_ZONE ?? processTimeZone(source.TZ),
    initialAdmin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD } : undefined,
    seedContent: env.SEED_CONTENT,
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL },
    perplexity: { apiKey: env.PERPLEXITY_API_KEY, baseUrl: env.PERPLEXITY_BASE_URL },
    compatible:
      env.AI_COMPATIBLE_BASE_URL && env.AI_COMPATIBLE_MODELS
        ? {
            name: env.AI_COMPATIBLE_NAME,
            baseUrl: env.AI_COMPATIBLE_BASE_URL,
            models: env.AI_COMPATIBLE_MODELS.split(",").map((id) => id.trim()),
            apiKey: env.AI_COMPATIBLE_API_KEY,
          }
        : undefined,
    newsFeedsFile: resolvePath(env.NEWS_FEEDS_FILE),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `"${env.SITE_NAME}" <newsletter@${new URL(siteUrl).hostname}>`,
    newsletter: { autoSend: env.NEWSLETTER_AUTO_SEND === "true", schedule: env.NEWSLETTER_SCHEDULE },
    newsletterDoubleOptIn: env.NEWSLETTER_DOUBLE_OPT_IN === "true",
    generationSpacingMs: env.GENERATION_SPACING_MS,
    pageCache: env.PAGE_CACHE === "on",
    analytics: env.ANALYTICS === "on",
    websubHubs: env.WEBSUB_HUB ?? [],
    trustProxy: env.TRUST_PROXY.length === 1 && env.TRUST_PROXY[0] === "false" ? false : env.TRUST_PROXY,
    allowedHosts: env.ALLOWED_HOSTS,
    logLevel: env.LOG_LEVEL,
    adsenseClient: env.ADSENSE_CLIENT,
    settings: settingsFromEnvironment(env, given),
  };
}

/** Host names of this machine, where an http SITE_URL is a local trial, not a newsroom readers receive mail from. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The start-up warning for a SITE_URL that unsubscribe links cannot work well under: Gmail and Yahoo offer
 * one-click unsubscribe only for https links (RFC 8058). Null for https, and for a loopback address.
 */
export function siteUrlWarning(siteUrl: string): string | null {
  const url = new URL(siteUrl);
  if (url.protocol === "https:" || LOOPBACK_HOST.test(url.hostname)) return null;
  return "SITE_URL is http: newsletter unsubscribe links use it, and Gmail and Yahoo expect https unsubscribe links. Serve the site over https and set SITE_URL to its https address.";
}

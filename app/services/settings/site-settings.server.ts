import { desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, siteSettings, siteSettingsChanges } from "../../db/schema";
import type { SiteInfo } from "../../utils/seo";
import {
  DEFAULT_SETTINGS,
  readStoredSettings,
  siteInfoFrom,
  SETTING_KEYS,
  type SettingKey,
  type SiteSettings,
} from "../../validation/site-settings";
import type { SettingChange } from "../../domain/site-settings";
import type { Clock } from "../clock.server";
import { createSecurityLog, type EventSource, type SecurityLog } from "../security/security-log.server";
import type { SettingsFromEnvironment } from "../env.server";
import type { Logger } from "../logger.server";

/** Saves listed under the form. */
export const SETTINGS_HISTORY_LENGTH = 30;

/** The settings changed since the form was opened: the save is refused and nothing of it is lost from the form. */
export const SETTINGS_CHANGED_MESSAGE =
  "The settings were changed by someone else since you opened them. Your changes are still in the form: check them against the current settings below and save again.";

/**
 * A save from a form opened at an older version. It carries what the form should show now: the fields its sender
 * changed as they typed them, every other field as it is now, the fields someone else changed meanwhile, and the
 * version in force, so saving again keeps both people's changes.
 */
export class SettingsConflictError extends Error {
  readonly code = "SETTINGS_CHANGED";
  constructor(
    readonly merged: SiteSettings,
    readonly changedMeanwhile: SettingKey[],
    readonly version: number,
  ) {
    super(SETTINGS_CHANGED_MESSAGE);
  }
}

/** One save, as the history lists it. */
export interface SettingsSave {
  id: number;
  adminName: string;
  changedAt: Date;
  changes: SettingChange[];
}

/** What the Settings form shows: the values in force, which of them the environment pins, and the version saved. */
export interface SettingsForm {
  values: SiteSettings;
  version: number;
  pinnedBy: Partial<Record<SettingKey, string>>;
  /** NEWSLETTER_SCHEDULE's expression when it pins one the day and time fields cannot show ("0 9 * * 1-5"). */
  pinnedSchedule: string | undefined;
  history: SettingsSave[];
}

/**
 * The newsroom's settings (decision 038). Every instance keeps the settings in force in memory, so pages,
 * feeds and mails read them without a query: loaded at start-up, and again before this instance drops its pages
 * whenever content changes anywhere (content-changes.server.ts), so a save reaches every instance without a restart.
 * A variable set in the environment pins its setting; a fresh database starts from the environment's values.
 */
export function createSiteSettings({
  db,
  clock,
  logger,
  environment,
  onPublicChange = async () => undefined,
  securityLog = createSecurityLog({ db, clock }),
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  environment: SettingsFromEnvironment;
  /** Where every save that changed something is recorded. */
  securityLog?: SecurityLog;
  /** Tells every instance that what readers see changed: they read the settings again and drop their pages. */
  onPublicChange?: () => Promise<unknown>;
}) {
  const pinned = (values: SiteSettings): SiteSettings => ({ ...values, ...environment.pinned });
  let inForce = pinned({ ...DEFAULT_SETTINGS, ...environment.firstValues });
  const listeners = new Set<(settings: SiteSettings, before: SiteSettings) => void>();

  function use(values: SiteSettings): void {
    const before = inForce;
    inForce = pinned(values);
    if (SETTING_KEYS.some((key) => before[key] !== inForce[key])) {
      for (const listener of listeners) listener(inForce, before);
    }
  }

  /** The stored row, made from the environment's first values when the database has none yet. */
  async function storedRow(): Promise<{ values: SiteSettings; version: number }> {
    const [row] = await db.select({ values: siteSettings.values, version: siteSettings.version }).from(siteSettings);
    if (row) return { values: readStoredSettings(row.values), version: row.version };
    const values = { ...DEFAULT_SETTINGS, ...environment.firstValues };
    await db.insert(siteSettings).values({ id: 1, values, version: 1, updatedAt: clock.now() }).onConflictDoNothing();
    const [made] = await db.select({ values: siteSettings.values, version: siteSettings.version }).from(siteSettings);
    return { values: readStoredSettings(made?.values ?? values), version: made?.version ?? 1 };
  }

  /**
   * The refusal of a save made from `opened`: the values the form was opened with are the current ones with every
   * later save undone, field by field, from the history.
   */
  async function conflict(
    tx: Database,
    current: SiteSettings,
    currentVersion: number,
    input: SiteSettings,
    opened: number,
  ): Promise<SettingsConflictError> {
    const later = await tx
      .select({ changes: siteSettingsChanges.changes })
      .from(siteSettingsChanges)
      .where(gt(siteSettingsChanges.version, opened))
      .orderBy(desc(siteSettingsChanges.version));
    const before: Record<string, unknown> = { ...current };
    for (const { changes } of later) for (const change of changes) before[change.key] = change.from;
    const seen = readStoredSettings(before);
    const merged = { ...current };
    for (const key of SETTING_KEYS) {
      if (input[key] !== seen[key]) (merged as Record<SettingKey, unknown>)[key] = input[key];
    }
    const changedMeanwhile = SETTING_KEYS.filter((key) => current[key] !== seen[key] && !environment.pinnedBy[key]);
    return new SettingsConflictError(pinned(merged), changedMeanwhile, currentVersion);
  }

  async function load(): Promise<void> {
    use((await storedRow()).values);
  }

  return {
    /** The settings in force on this instance: stored values with the environment's pins over them. */
    current(): SiteSettings {
      return inForce;
    },

    /** Reads the stored settings (making them on a fresh database) and puts them in force here. */
    load,

    /** Loads, and says so instead of throwing: for the content-change listener, which must go on dropping pages. */
    async refresh(): Promise<void> {
      try {
        await load();
      } catch (error) {
        logger.warn({ err: error }, "could not read the settings; the ones in force stay until the next change");
      }
    },

    /** Calls `listener` with the new settings and the previous ones whenever a setting in force changes here. */
    onChange(listener: (settings: SiteSettings, before: SiteSettings) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async form(): Promise<SettingsForm> {
      const [{ values, version }, history] = await Promise.all([
        storedRow(),
        db
          .select({
            id: siteSettingsChanges.id,
            adminName: siteSettingsChanges.adminName,
            changedAt: siteSettingsChanges.changedAt,
            changes: siteSettingsChanges.changes,
          })
          .from(siteSettingsChanges)
          .orderBy(desc(siteSettingsChanges.changedAt), desc(siteSettingsChanges.id))
          .limit(SETTINGS_HISTORY_LENGTH),
      ]);
      return {
        values: pinned(values),
        version,
        pinnedBy: environment.pinnedBy,
        pinnedSchedule: environment.pinnedBy.digestDay ? environment.schedule : undefined,
        history,
      };
    },

    /**
     * Saves what the form sent, made from `version`: the fields the environment pins keep their stored values, and
     * a save from an older version is refused (SettingsConflictError) without changing anything. Records who changed
     * which fields from what to what; a save that changes nothing records nothing. Returns the changed fields.
     */
    async save(adminId: number, input: SiteSettings, version: number, by: EventSource = {}): Promise<SettingKey[]> {
      await storedRow();
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ values: siteSettings.values, version: siteSettings.version })
          .from(siteSettings)
          .for("update");
        if (!row) throw new Error("The settings row is missing.");
        const before = readStoredSettings(row.values);
        if (row.version !== version) throw await conflict(tx, before, row.version, input, version);
        const after: SiteSettings = { ...before };
        const changes: SettingChange[] = [];
        for (const key of SETTING_KEYS) {
          if (environment.pinnedBy[key] || before[key] === input[key]) continue;
          (after as Record<SettingKey, unknown>)[key] = input[key];
          changes.push({ key, from: before[key], to: input[key] });
        }
        if (changes.length === 0) return [];
        const now = clock.now();
        const [admin] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, adminId));
        await tx
          .update(siteSettings)
          .set({ values: after, version: sql`${siteSettings.version} + 1`, updatedAt: now, updatedBy: adminId })
          .where(eq(siteSettings.id, 1));
        await tx
          .insert(siteSettingsChanges)
          .values({ adminId, adminName: admin?.username ?? "", version: row.version + 1, changedAt: now, changes });
        await securityLog.record(
          {
            kind: "settings-changed",
            ...by,
            detail: { fields: changes.map((change) => change.key).join(", "), version: row.version + 1 },
          },
          tx,
        );
        return changes.map((change) => change.key as SettingKey);
      });
      if (changed.length > 0) {
        await load();
        await onPublicChange();
      }
      return changed;
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettings>;

/**
 * The site as pages, feeds and mails read it. `site`: every property is read from the settings in force at the moment
 * it is read, so services built once at start-up follow every save. `snapshot`: the same information as one plain
 * object, the same object until the settings change, for a page (the fragments of reader pages are kept per object).
 */
export function liveSite(
  settings: Pick<SiteSettingsService, "current">,
  fixed: { url: string; analytics?: boolean },
): { site: SiteInfo; snapshot: () => SiteInfo } {
  let made: { from: SiteSettings; info: SiteInfo } | undefined;
  const info = (): SiteInfo => {
    const current = settings.current();
    if (made?.from !== current) made = { from: current, info: siteInfoFrom(current, fixed) };
    return made.info;
  };
  const site: SiteInfo = {
    url: fixed.url,
    ...(fixed.analytics === undefined ? {} : { analytics: fixed.analytics }),
    get name() {
      return info().name;
    },
    get tagline() {
      return info().tagline;
    },
    get timeZone() {
      return info().timeZone;
    },
    get language() {
      return info().language;
    },
    get description() {
      return info().description;
    },
    get adsenseClient() {
      return info().adsenseClient;
    },
    get adSlots() {
      return info().adSlots;
    },
    get contact() {
      return info().contact;
    },
    get social() {
      return info().social;
    },
    get defaultSocialImage() {
      return info().defaultSocialImage;
    },
    get accent() {
      return info().accent;
    },
    get logo() {
      return info().logo;
    },
    get icons() {
      return info().icons;
    },
  };
  return { site, snapshot: info };
}

/**
 * The newsletter's From header: MAIL_FROM when set, else the sender name (the publication's name when empty) at
 * `newsletter@` the site's host.
 */
export function newsletterSender(
  settings: Pick<SiteSettings, "senderName" | "siteName">,
  { siteUrl, settings: environment }: { siteUrl: string; settings: Pick<SettingsFromEnvironment, "mailFrom"> },
): string {
  if (environment.mailFrom) return environment.mailFrom;
  const name = (settings.senderName || settings.siteName).replace(/["\\]/g, "\\$&");
  return `"${name}" <newsletter@${new URL(siteUrl).hostname}>`;
}

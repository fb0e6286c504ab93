import { desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, siteMenus, siteMenuSaves } from "../../db/schema";
import { DEFAULT_MENUS, isSitePath, MENU_TEXTS, readStoredMenus, type MenuLink, type SiteMenus } from "../../validation/menus";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";

/** Saves listed under the form. */
export const MENU_HISTORY_LENGTH = 30;

/** The menus as pages show them, with `stamp`: a number that changes whenever what they show changes on this instance. */
export type MenusInForce = SiteMenus & { stamp: number };

/**
 * A save from a form opened at an older version. Menus are lists whose order matters, so there is no merging field by
 * field as the settings do: the sender keeps what they typed, is told who saved meanwhile, and saving again (from
 * `version`) replaces the other save.
 */
export class MenusConflictError extends Error {
  readonly code = "MENUS_CHANGED";
  constructor(
    readonly version: number,
    readonly savedBy: string[],
  ) {
    super(MENU_TEXTS.changed);
  }
}

export interface MenuSave {
  id: number;
  adminName: string;
  savedAt: Date;
}

/** What the Navigation form shows. */
export interface MenusForm {
  /** As stored: the targets as they were typed. */
  menus: SiteMenus;
  version: number;
  /** Targets whose address has moved since, and where readers are taken instead. */
  moved: Record<string, string>;
  history: MenuSave[];
}

/** A suggestion for a target: an address this site answers. */
export interface KnownAddress {
  path: string;
  label: string;
}

/**
 * The addresses the form suggests for a target: home, the newsroom's sections as they are now, and the info pages.
 */
export function knownAddresses(sections: readonly { name: string; slug: string }[]): KnownAddress[] {
  const pages = DEFAULT_MENUS.footer.columns.flatMap((column) => (column.heading === "Categories" ? [] : column.links));
  return [
    { path: "/", label: "Home" },
    ...sections.map((section) => ({ path: `/category/${section.slug}`, label: section.name })),
    ...pages.map((page) => ({ path: page.target, label: page.label })),
  ];
}

/**
 * The header and footer menus (decision 040). Every instance keeps them in memory, as the settings: loaded at
 * start-up and again before this instance drops its pages whenever content changes anywhere, so a save reaches every
 * instance without a restart. Each site path is passed through the moved addresses as it is loaded, so a renamed
 * section or page never leaves a menu pointing at a redirect.
 */
export function createSiteMenus({
  db,
  clock,
  logger,
  movedTo,
  onPublicChange = async () => undefined,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Where a moved address lives now, or null (oldAddresses.movedTo). */
  movedTo: (path: string) => Promise<string | null>;
  /** Tells every instance that what readers see changed: they read the menus again and drop their pages. */
  onPublicChange?: () => Promise<unknown>;
}) {
  let inForce: MenusInForce = { ...DEFAULT_MENUS, stamp: 0 };
  let shown = JSON.stringify(DEFAULT_MENUS);

  async function storedRow(executor: Database = db): Promise<{ menus: SiteMenus; version: number }> {
    const [row] = await executor.select({ menus: siteMenus.menus, version: siteMenus.version }).from(siteMenus);
    return row ? { menus: readStoredMenus(row.menus), version: row.version } : { menus: DEFAULT_MENUS, version: 0 };
  }

  /** Where each moved site path leads now, by the target as written ("/category/old#top" -> "/category/new#top"). */
  async function movesOf(menus: SiteMenus): Promise<Map<string, string>> {
    const targets = new Set(
      [...menus.header, ...menus.footer.columns.flatMap((column) => column.links)].map((link) => link.target).filter(isSitePath),
    );
    const moves = await Promise.all(
      [...targets].map(async (target) => {
        const hashAt = target.indexOf("#");
        const [path, hash] = hashAt === -1 ? [target, ""] : [target.slice(0, hashAt), target.slice(hashAt)];
        const to = await movedTo(path);
        return to === null ? [] : [[target, `${to}${hash}`] as const];
      }),
    );
    return new Map(moves.flat());
  }

  async function load(): Promise<void> {
    const { menus } = await storedRow();
    const moves = await movesOf(menus);
    const follow = (link: MenuLink): MenuLink => {
      const to = moves.get(link.target);
      return to === undefined ? link : { ...link, target: to };
    };
    const resolved: SiteMenus = {
      header: menus.header.map(follow),
      footer: {
        blurb: menus.footer.blurb,
        columns: menus.footer.columns.map((column) => ({ heading: column.heading, links: column.links.map(follow) })),
      },
    };
    const json = JSON.stringify(resolved);
    // The same object while nothing changed, so the header and footer kept as markup stay kept.
    if (json !== shown) {
      shown = json;
      inForce = { ...resolved, stamp: inForce.stamp + 1 };
    }
  }

  return {
    /** The menus in force on this instance, their site paths following every moved address. */
    current(): MenusInForce {
      return inForce;
    },

    /** Reads the stored menus (the specification's when none are stored) and puts them in force here. */
    load,

    /** Loads, and says so instead of throwing: for the content-change listener, which must go on dropping pages. */
    async refresh(): Promise<void> {
      try {
        await load();
      } catch (error) {
        logger.warn({ err: error }, "could not read the menus; the ones in force stay until the next change");
      }
    },

    async form(): Promise<MenusForm> {
      const [{ menus, version }, history] = await Promise.all([
        storedRow(),
        db
          .select({ id: siteMenuSaves.id, adminName: siteMenuSaves.adminName, savedAt: siteMenuSaves.savedAt })
          .from(siteMenuSaves)
          .orderBy(desc(siteMenuSaves.savedAt), desc(siteMenuSaves.id))
          .limit(MENU_HISTORY_LENGTH),
      ]);
      return { menus, version, moved: Object.fromEntries(await movesOf(menus)), history };
    },

    /**
     * Saves the menus (already checked by SiteMenusInput), made from `version` (0: the specification's, never saved).
     * A save from an older version is refused (MenusConflictError) without changing anything. Records who saved and
     * what the menus became; a save that changes nothing records nothing. Returns whether anything changed.
     */
    async save(adminId: number, menus: SiteMenus, version: number): Promise<boolean> {
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx.select({ version: siteMenus.version }).from(siteMenus).for("update");
        const current = row?.version ?? 0;
        if (current !== version) throw await conflict(tx, current, version);
        const before = await storedRow(tx);
        if (JSON.stringify(before.menus) === JSON.stringify(menus)) return false;
        const now = clock.now();
        const [admin] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, adminId));
        const document = menus as unknown as Record<string, unknown>;
        if (row) {
          await tx
            .update(siteMenus)
            .set({ menus: document, version: sql`${siteMenus.version} + 1`, updatedAt: now, updatedBy: adminId })
            .where(eq(siteMenus.id, 1));
        } else {
          // Two first saves at once: only one row is made; the other is the stale one.
          const made = await tx
            .insert(siteMenus)
            .values({ id: 1, menus: document, version: 1, updatedAt: now, updatedBy: adminId })
            .onConflictDoNothing()
            .returning({ id: siteMenus.id });
          if (made.length === 0) throw await conflict(tx, (await storedRow(tx)).version, version);
        }
        await tx
          .insert(siteMenuSaves)
          .values({ adminId, adminName: admin?.username ?? "", version: current + 1, savedAt: now, menus: document });
        return true;
      });
      if (changed) {
        await load();
        await onPublicChange();
      }
      return changed;
    },
  };
}

/** The refusal of a save made from `opened` while `current` is in force, naming who saved since. */
async function conflict(tx: Database, current: number, opened: number): Promise<MenusConflictError> {
  const later = await tx
    .select({ adminName: siteMenuSaves.adminName })
    .from(siteMenuSaves)
    .where(gt(siteMenuSaves.version, opened))
    .orderBy(siteMenuSaves.version);
  return new MenusConflictError(current, [...new Set(later.map((save) => save.adminName || "a deleted account"))]);
}

export type SiteMenusService = ReturnType<typeof createSiteMenus>;

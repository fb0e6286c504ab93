import type { ArticleStatus } from "./article-status";

/**
 * Who may do what: the one permission table. Every admin loader and action asks `can` (through the guard),
 * and the admin UI asks the same function to hide what a role cannot do; the server's answer is the one
 * that counts. Pure and shared, so the table is tested cell by cell.
 */
export const STAFF_ROLES = ["administrator", "editor", "author", "contributor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  administrator: "Administrator",
  editor: "Editor",
  author: "Author",
  contributor: "Contributor",
};

/** A link on a staff profile. */
export interface ProfileLink {
  label: string;
  url: string;
}

/** Actions on the admin area as a whole. */
export const AREA_ACTIONS = [
  /** Sign in to the admin area, see the dashboard, edit one's own profile and password. */
  "admin.enter",
  /** Write a new article (it starts as one's own draft); upload images and preview markdown for it. */
  "article.create",
  /** See every article in Article Management, not only one's own. */
  "article.listAll",
  /** Choose an article's co-authors in the editor. */
  "article.chooseCoauthors",
  "generation.run",
  "newsletter.manage",
  "subscribers.view",
  "staff.manage",
  /** Read the security log of every account and download it (issue 50); each person reads their own in Profile. */
  "security.view",
  /** See the Insights tab: reading figures, subscribers, newsletter reads, search gaps. */
  "insights.view",
  /** Download the newsroom's export (everything it owns, subscribers' addresses included: decision 027). */
  "newsroom.export",
  /** Change the newsroom's settings: name, language, time zone, addresses, newsletter, advertising (decision 038). */
  "settings.manage",
  /** Add, rename, reorder and delete the newsroom's sections (decision 042). */
  "sections.manage",
  /** Rename, merge and delete tags in the Tags tab; anyone who edits an article may add tags to it. */
  "tags.manage",
  /** Change the header and footer menus (decision 040). */
  "navigation.manage",
  /** Write, publish and unpublish the site's pages (About, the policies, new ones), and delete the ones editors added (decision 039). */
  "pages.manage",
] as const;

/** Actions on one article: the answer depends on whose it is and on its state. */
export const ARTICLE_ACTIONS = [
  "article.view",
  "article.edit",
  "article.submit",
  "article.review",
  "article.publish",
  "article.unpublish",
  /** Schedule a draft or an article in review, move a scheduled one to another time, or take it back to draft. */
  "article.schedule",
  "article.delete",
  /** Add a correction or an update to a published article, or delete one. */
  "article.correct",
] as const;

export type AreaAction = (typeof AREA_ACTIONS)[number];
export type ArticleAction = (typeof ARTICLE_ACTIONS)[number];
export type Action = AreaAction | ArticleAction;

/** The signed-in person, as far as permissions care. */
export interface Actor {
  role: StaffRole;
  /** Their author profile: the articles they sign are theirs. */
  authorId: number;
}

/** An article, as far as permissions care. */
export interface ArticleFacts {
  authorId: number;
  status: ArticleStatus;
  isAiGenerated: boolean;
}

const AREA: Record<AreaAction, readonly StaffRole[]> = {
  "admin.enter": STAFF_ROLES,
  "article.create": STAFF_ROLES,
  "article.listAll": ["administrator", "editor"],
  "article.chooseCoauthors": ["administrator", "editor"],
  "generation.run": ["administrator", "editor"],
  "newsletter.manage": ["administrator", "editor"],
  "subscribers.view": ["administrator", "editor"],
  "staff.manage": ["administrator"],
  "security.view": ["administrator"],
  "insights.view": ["administrator", "editor"],
  "newsroom.export": ["administrator"],
  "settings.manage": ["administrator"],
  "sections.manage": ["administrator", "editor"],
  "tags.manage": ["administrator", "editor"],
  "navigation.manage": ["administrator"],
  "pages.manage": ["administrator", "editor"],
};

/** Editors and administrators act on every article. */
function isEditorial(role: StaffRole): boolean {
  return role === "administrator" || role === "editor";
}

function articleRule(actor: Actor, action: ArticleAction, article: ArticleFacts): boolean {
  const own = article.authorId === actor.authorId;
  if (isEditorial(actor.role)) {
    switch (action) {
      case "article.submit":
        // Editors publish directly; submitting is for those who need a review.
        return false;
      case "article.review":
        return article.status === "in_review";
      case "article.publish":
        return article.status !== "published";
      case "article.unpublish":
      case "article.correct":
        return article.status === "published";
      case "article.schedule":
        return article.status !== "published";
      default:
        return true;
    }
  }
  if (!own) return false;
  if (actor.role === "author") {
    switch (action) {
      case "article.review":
      case "article.correct":
        // A correction is the newsroom's statement: editors and administrators make it.
        return false;
      case "article.submit":
        return article.status === "draft";
      case "article.publish":
        // An AI draft needs a named editor's approval, whoever signs it.
        return article.status !== "published" && !article.isAiGenerated;
      case "article.unpublish":
        return article.status === "published";
      case "article.schedule":
        // Scheduling is publishing later: the same rule as publishing now.
        return article.status !== "published" && !article.isAiGenerated;
      default:
        return true;
    }
  }
  // A contributor: their own drafts only, and nothing once submitted until it is sent back.
  switch (action) {
    case "article.view":
      return true;
    case "article.edit":
    case "article.submit":
    case "article.delete":
      return article.status === "draft";
    default:
      return false;
  }
}

/** The one permission check. An article action without its article is refused. */
export function can(actor: Actor, action: Action, article?: ArticleFacts): boolean {
  if ((AREA_ACTIONS as readonly string[]).includes(action)) return AREA[action as AreaAction].includes(actor.role);
  if (!article) return false;
  return articleRule(actor, action as ArticleAction, article);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

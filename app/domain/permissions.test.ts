import { describe, expect, it } from "vitest";
import { ARTICLE_STATUSES, type ArticleStatus } from "./article-status";
import { AREA_ACTIONS, ARTICLE_ACTIONS, can, STAFF_ROLES, type Actor, type ArticleAction, type StaffRole } from "./permissions";

const actor = (role: StaffRole): Actor => ({ role, authorId: 1 });
const OWN = 1;
const OTHERS = 2;

/** Every cell of the area table, written out: the roles allowed each action. */
const AREA_EXPECTED: Record<(typeof AREA_ACTIONS)[number], StaffRole[]> = {
  "admin.enter": ["administrator", "editor", "author", "contributor"],
  "article.create": ["administrator", "editor", "author", "contributor"],
  "article.listAll": ["administrator", "editor"],
  "article.chooseCoauthors": ["administrator", "editor"],
  "generation.run": ["administrator", "editor"],
  "newsletter.manage": ["administrator", "editor"],
  "subscribers.view": ["administrator", "editor"],
  "staff.manage": ["administrator"],
  "security.view": ["administrator"],
  "insights.view": ["administrator", "editor"],
  "newsroom.export": ["administrator"],
  "sections.manage": ["administrator", "editor"],
  "settings.manage": ["administrator"],
  "tags.manage": ["administrator", "editor"],
  "navigation.manage": ["administrator"],
  "pages.manage": ["administrator", "editor"],
};

/**
 * Every cell of the article table: for each role, action, whose article, its state and whether it is an AI draft,
 * what the brief says. Written as rules a person can check against the team's review flow, not derived from the code.
 */
function expected(role: StaffRole, action: ArticleAction, own: boolean, status: ArticleStatus, ai: boolean): boolean {
  const editorial = role === "administrator" || role === "editor";
  switch (action) {
    case "article.view":
      return editorial || own;
    case "article.edit":
      if (editorial) return true;
      if (role === "author") return own;
      return own && status === "draft"; // contributors: not once submitted, until sent back
    case "article.submit":
      return !editorial && own && status === "draft";
    case "article.review":
      return editorial && status === "in_review";
    case "article.publish":
      if (status === "published") return false;
      if (editorial) return true;
      return role === "author" && own && !ai; // only a named editor publishes an AI draft
    case "article.unpublish":
      return status === "published" && (editorial || (role === "author" && own));
    case "article.schedule": // publishing later follows the rule of publishing now
      if (status === "published") return false;
      if (editorial) return true;
      return role === "author" && own && !ai;
    case "article.correct":
      return editorial && status === "published"; // editors and administrators, published articles only
    case "article.delete":
      if (editorial) return true;
      if (role === "author") return own;
      return own && status === "draft";
  }
}

describe("can: the admin area", () => {
  for (const action of AREA_ACTIONS) {
    for (const role of STAFF_ROLES) {
      const allowed = AREA_EXPECTED[action].includes(role);
      it(`${allowed ? "lets" : "refuses"} ${role} ${action}`, () => {
        expect(can(actor(role), action)).toBe(allowed);
      });
    }
  }
});

describe("can: one article", () => {
  for (const role of STAFF_ROLES) {
    for (const action of ARTICLE_ACTIONS) {
      for (const own of [true, false]) {
        for (const status of ARTICLE_STATUSES) {
          for (const ai of [false, true]) {
            const allowed = expected(role, action, own, status, ai);
            const article = { authorId: own ? OWN : OTHERS, status, isAiGenerated: ai };
            it(`${allowed ? "lets" : "refuses"} ${role} ${action} on ${own ? "their own" : "another's"} ${status}${ai ? " AI" : ""} article`, () => {
              expect(can(actor(role), action, article)).toBe(allowed);
            });
          }
        }
      }
    }
  }

  it("refuses an article action named without its article", () => {
    for (const role of STAFF_ROLES) for (const action of ARTICLE_ACTIONS) expect(can(actor(role), action)).toBe(false);
  });
});

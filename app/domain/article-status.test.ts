import { describe, expect, it } from "vitest";
import { ARTICLE_STATUSES, nextStatus, TRANSITIONS, type ArticleStatus, type Transition } from "./article-status";

/** The machine as the review flow and scheduling draw it: every allowed step, and nothing else. */
const ALLOWED: Record<Transition, Partial<Record<ArticleStatus, ArticleStatus>>> = {
  submit: { draft: "in_review" },
  sendBack: { in_review: "draft" },
  publish: { draft: "published", in_review: "published", scheduled: "published" },
  unpublish: { published: "draft" },
  schedule: { draft: "scheduled", in_review: "scheduled" },
  reschedule: { scheduled: "scheduled" },
  unschedule: { scheduled: "draft" },
};

describe("the editorial state machine", () => {
  for (const transition of Object.keys(TRANSITIONS) as Transition[]) {
    for (const status of ARTICLE_STATUSES) {
      const to = ALLOWED[transition][status] ?? null;
      it(`${transition} from ${status} ${to ? `leads to ${to}` : "is refused"}`, () => {
        expect(nextStatus(status, transition)).toBe(to);
      });
    }
  }
});

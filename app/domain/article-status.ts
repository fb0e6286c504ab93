/**
 * The editorial state machine, in one place. Every change of state is one of these transitions, and the
 * service applies it as one conditional UPDATE naming the states it may start from.
 *
 *   draft ──submit──▶ in_review ──publish (approve)──▶ published
 *     ▲  ◀──send back (note)──┘                          │
 *     └───────────────────unpublish──────────────────────┘
 *   draft ──publish──▶ published   (where the role may publish directly)
 *   draft, in_review ──schedule (a time)──▶ scheduled ──(the time comes: the scheduler)──▶ published
 *   scheduled ──reschedule──▶ scheduled;  scheduled ──unschedule──▶ draft;  scheduled ──publish (now)──▶ published
 */
export const ARTICLE_STATUSES = ["draft", "in_review", "scheduled", "published"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const TRANSITIONS = {
  submit: { from: ["draft"], to: "in_review" },
  sendBack: { from: ["in_review"], to: "draft" },
  publish: { from: ["draft", "in_review", "scheduled"], to: "published" },
  unpublish: { from: ["published"], to: "draft" },
  schedule: { from: ["draft", "in_review"], to: "scheduled" },
  reschedule: { from: ["scheduled"], to: "scheduled" },
  unschedule: { from: ["scheduled"], to: "draft" },
} as const satisfies Record<string, { from: readonly ArticleStatus[]; to: ArticleStatus }>;

export type Transition = keyof typeof TRANSITIONS;

/** The state a transition leads to from `status`, or null when the machine refuses it. */
export function nextStatus(status: ArticleStatus, transition: Transition): ArticleStatus | null {
  const { from, to } = TRANSITIONS[transition];
  return (from as readonly ArticleStatus[]).includes(status) ? to : null;
}

export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: "Draft",
  in_review: "In review",
  scheduled: "Scheduled",
  published: "Published",
};

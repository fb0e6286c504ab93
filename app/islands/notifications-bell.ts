/** When the reader last opened the bell's panel, kept in this browser only. */
export const NOTIFICATIONS_SEEN_KEY = "notifications-seen-at";

function readSeenAt(): number | null {
  try {
    const stored = Number(localStorage.getItem(NOTIFICATIONS_SEEN_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

function markSeen(at: number): void {
  try {
    localStorage.setItem(NOTIFICATIONS_SEEN_KEY, String(at));
  } catch {
    // Without storage every visit is a first visit.
  }
}

/**
 * The header bell (components/layout/notifications-bell.tsx): the stories published since the reader last
 * opened it are counted in the button's name ("Notifications, 3 new") and marked "New" when it opens; opening
 * it is the new "last look".
 */
export function enhanceNotificationsBell(root: ParentNode): void {
  const bell = root.querySelector<HTMLDetailsElement>('details[data-disclosure="bell"]');
  const summary = bell?.querySelector("summary");
  if (!bell || !summary) return;
  const items = [...bell.querySelectorAll<HTMLLIElement>("li[data-published-at]")];
  const status = bell.querySelector("[data-bell-status]");
  const count = bell.querySelector<HTMLElement>("[data-unread-count]");
  const badge = bell.querySelector<HTMLTemplateElement>("template[data-new-badge]");
  const publishedAt = (item: HTMLLIElement) => Date.parse(item.dataset.publishedAt ?? "");
  const isNewSince = (item: HTMLLIElement, seenAt: number | null) => seenAt === null || publishedAt(item) > seenAt;

  let seenAt = readSeenAt();
  const showUnread = () => {
    const unread = items.filter((item) => isNewSince(item, seenAt)).length;
    summary.setAttribute("aria-label", unread > 0 ? `Notifications, ${unread} new` : "Notifications");
    if (count) {
      count.textContent = unread > 0 ? String(unread) : "";
      count.hidden = unread === 0;
    }
  };

  bell.addEventListener("toggle", () => {
    if (!bell.open) return;
    // What this opening marks "New" is decided by the look before it.
    const markedSince = seenAt;
    let newCount = 0;
    for (const item of items) {
      item.querySelector("[data-new]")?.remove();
      if (!isNewSince(item, markedSince) || !badge) continue;
      newCount += 1;
      const mark = badge.content.firstElementChild?.cloneNode(true);
      if (!(mark instanceof HTMLElement)) continue;
      mark.dataset.new = "";
      item.querySelector("a > span")?.prepend(mark);
    }
    if (status) status.textContent = newCount > 0 ? `${newCount} new since your last visit` : "You're all caught up";
    seenAt = Date.now();
    markSeen(seenAt);
    showUnread();
  });
  showUnread();
}

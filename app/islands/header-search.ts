import { categoryBadgeClass } from "~/utils/section-badge";
import { articlePath } from "~/utils/articles";
import type { ArticleSummary } from "~/domain/articles";
import { formatArticleDate } from "~/utils/dates";
import {
  INSTANT_SEARCH_DEBOUNCE_MS,
  INSTANT_SEARCH_LIMIT,
  INSTANT_SEARCH_MIN_LENGTH,
  searchPath,
} from "~/validation/search-rules";

/** A quick result: an article and its section's id, for the badge's colours. */
type InstantResult = ArticleSummary & { sectionId?: number };

type Lookup =
  { state: "idle" } | { state: "loading"; query: string } | { state: "done"; query: string; results: InstantResult[] };

/**
 * The header's search boxes (components/layout/header-search.tsx) become ARIA comboboxes: 300 ms after the
 * reader stops typing (2 characters or more) up to 5 quick results are fetched from /api/search and listed,
 * then "View all results" (or "Try advanced search"). Arrow keys move the active option, Enter opens it,
 * Escape, Tab or a press outside closes the list. An empty box submits nothing.
 */
export function enhanceHeaderSearches(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-header-search]")) enhance(form);
}

function enhance(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input[role=combobox]");
  const popup = form.querySelector<HTMLElement>("[data-popup]");
  const listbox = form.querySelector<HTMLUListElement>("[role=listbox]");
  const resultTemplate = form.querySelector<HTMLTemplateElement>('template[data-option="result"]');
  const viewAllTemplate = form.querySelector<HTMLTemplateElement>('template[data-option="view-all"]');
  if (!input || !popup || !listbox || !resultTemplate || !viewAllTemplate) return;

  let lookup: Lookup = { state: "idle" };
  let open = false;
  let active = -1;
  let shownFor: Lookup | null = null;
  let pending: { timer: ReturnType<typeof setTimeout>; controller: AbortController } | null = null;
  let targets: string[] = [];
  const query = () => input.value.trim();
  // The newsroom's time zone, which the server wrote on the form (TIME_ZONE), so dates read as on the page.
  const timeZone = form.dataset.timeZone ?? "UTC";
  const optionId = (index: number) => `${listbox.id}-option-${index}`;

  const close = () => {
    open = false;
    active = -1;
    render();
  };

  const go = (href: string) => {
    close();
    window.location.assign(href);
  };

  /** Debounced lookup; a newer keystroke cancels the pending one and aborts its request. */
  const scheduleLookup = () => {
    if (pending) {
      clearTimeout(pending.timer);
      pending.controller.abort();
      pending = null;
    }
    const typed = query();
    if (typed.length < INSTANT_SEARCH_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      lookup = { state: "loading", query: typed };
      try {
        const response = await fetch(`/api/search?${new URLSearchParams({ query: typed })}`, { signal: controller.signal });
        const body = (await response.json()) as { results?: InstantResult[] };
        lookup = { state: "done", query: typed, results: (body.results ?? []).slice(0, INSTANT_SEARCH_LIMIT) };
      } catch {
        // The spec: a failed instant search shows empty results.
        if (controller.signal.aborted) return;
        lookup = { state: "done", query: typed, results: [] };
      }
      render();
    }, INSTANT_SEARCH_DEBOUNCE_MS);
    pending = { timer, controller };
  };

  const option = (template: HTMLTemplateElement, index: number, href: string): HTMLLIElement => {
    const item = template.content.firstElementChild?.cloneNode(true) as HTMLLIElement;
    item.id = optionId(index);
    item.addEventListener("pointerdown", (event) => event.preventDefault());
    item.addEventListener("click", () => go(href));
    item.addEventListener("mouseenter", () => {
      if (active === index) return;
      active = index;
      render();
    });
    return item;
  };

  /** A part of an option to fill; the templates hold every slot, so a missing one is a detached stand-in. */
  const slot = (item: Element, name: string): HTMLElement =>
    item.querySelector<HTMLElement>(`[data-slot="${name}"]`) ?? document.createElement("span");

  /** Draws the options for a finished lookup (once per answer). */
  const drawOptions = (current: Extract<Lookup, { state: "done" }>) => {
    const items = current.results.map((result, index) => {
      const item = option(resultTemplate, index, articlePath(result.id));
      (slot(item, "image") as HTMLImageElement).src = result.image;
      const badge = slot(item, "category");
      badge.className = categoryBadgeClass(result.sectionId);
      badge.textContent = result.category;
      slot(item, "date").textContent = formatArticleDate(result.publishedAt, timeZone);
      slot(item, "title").textContent = result.title;
      slot(item, "excerpt").textContent = result.excerpt;
      return item;
    });
    const last = option(viewAllTemplate, items.length, searchPath(current.query));
    if (current.results.length > 0) {
      slot(last, "view-all").textContent = `View all results for "${current.query}"`;
      slot(last, "none-found").remove();
      slot(last, "advanced").remove();
    } else {
      slot(last, "view-all").remove();
      slot(last, "none-found").textContent = `No articles found for "${current.query}"`;
    }
    listbox.replaceChildren(...items, last);
    targets = [...current.results.map((result) => articlePath(result.id)), searchPath(current.query)];
  };

  const render = () => {
    const typed = query();
    // Only an answer for what the box holds now counts.
    const current = lookup.state === "done" && lookup.query === typed ? lookup : null;
    const showList = open && current !== null && typed.length >= INSTANT_SEARCH_MIN_LENGTH;
    if (current && shownFor !== current) {
      drawOptions(current);
      shownFor = current;
    }
    input.setAttribute("aria-expanded", String(showList));
    popup.toggleAttribute("data-open", showList);
    if (showList && active >= 0) input.setAttribute("aria-activedescendant", optionId(active));
    else input.removeAttribute("aria-activedescendant");
    [...listbox.children].forEach((item, index) => item.setAttribute("aria-selected", String(showList && index === active)));
  };

  input.addEventListener("input", () => {
    open = true;
    active = -1;
    scheduleLookup();
    render();
  });
  input.addEventListener("focus", () => {
    open = true;
    render();
  });
  input.addEventListener("blur", (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
  input.addEventListener("keydown", (event) => {
    const showList = input.getAttribute("aria-expanded") === "true";
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!showList) return;
      event.preventDefault();
      const count = targets.length;
      active = event.key === "ArrowDown" ? (active + 1) % count : active <= 0 ? count - 1 : active - 1;
      render();
    } else if (event.key === "Enter" && showList && active >= 0) {
      const target = targets[active];
      if (!target) return;
      event.preventDefault();
      go(target);
    } else if (event.key === "Escape") {
      close();
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = query();
    if (!typed) return; // The spec: an empty submit does nothing.
    go(searchPath(typed));
  });
  document.addEventListener("pointerdown", (event) => {
    if (open && !form.contains(event.target as Node)) close();
  });
}

/**
 * The header's native disclosures (the bell and the mobile menu, `details[data-disclosure]`): they open without
 * JavaScript; with it they also close on Escape and on a press outside, and a summary with
 * `data-open-label`/`data-closed-label` is named for what it would do.
 */
export function enhanceDisclosures(root: Document): void {
  const disclosures = [...root.querySelectorAll<HTMLDetailsElement>("details[data-disclosure]")];
  for (const details of disclosures) {
    const summary = details.querySelector("summary");
    const { openLabel, closedLabel } = summary?.dataset ?? {};
    if (!summary || !openLabel || !closedLabel) continue;
    details.addEventListener("toggle", () => summary.setAttribute("aria-label", details.open ? openLabel : closedLabel));
  }
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const details of disclosures) details.open = false;
  });
  root.addEventListener("pointerdown", (event) => {
    for (const details of disclosures) if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
}

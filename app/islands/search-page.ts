/**
 * The results page's own search form (routes/reader/search.tsx) says "Searching for ..." in its status line
 * while the next page loads.
 */
export function enhanceSearchPageForm(root: ParentNode): void {
  const form = root.querySelector<HTMLFormElement>("form[data-search-page]");
  const status = root.querySelector<HTMLElement>("[data-search-status]");
  if (!form || !status) return;
  form.addEventListener("submit", () => {
    const query = new FormData(form).get("query");
    if (typeof query === "string" && query.trim()) status.textContent = `Searching for "${query.trim()}"...`;
  });
  // Coming back to this page from the history shows it as it was left, without the message.
  window.addEventListener("pageshow", () => (status.textContent = ""));
}

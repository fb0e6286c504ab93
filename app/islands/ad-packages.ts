/**
 * The advertising packages (components/info/ad-package-card.tsx): each native <details> is replaced by the
 * disclosure button and list of its template, the button expanding and collapsing the list.
 */
export function enhanceAdPackages(root: ParentNode): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>("details[data-ad-package]")) {
    const template = details.nextElementSibling;
    if (!(template instanceof HTMLTemplateElement) || !template.hasAttribute("data-ad-package-toggle")) continue;
    const content = template.content.cloneNode(true) as DocumentFragment;
    const button = content.querySelector("button");
    const list = content.querySelector<HTMLElement>("[hidden]");
    const label = button?.querySelector("[data-label]");
    if (!button || !list || !label) continue;
    button.addEventListener("click", () => {
      const expanded = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(expanded));
      label.textContent = (expanded ? button.dataset.hideLabel : button.dataset.showLabel) ?? "";
      list.hidden = !expanded;
    });
    details.replaceWith(content);
    template.remove();
  }
}

import { NEWSLETTER_ANCHOR } from "~/validation/newsletter-rules";

/** The header gains its shadow and blur after this much scrolling. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** Marks the sticky header `data-scrolled` once the page has scrolled (its classes do the rest). */
export function enhanceHeaderShadow(root: Document): void {
  const header = root.querySelector<HTMLElement>("[data-site-header]");
  if (!header) return;
  const update = () => header.toggleAttribute("data-scrolled", window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
  update();
  window.addEventListener("scroll", update, { passive: true });
}

/**
 * The Subscribe links (`a[data-newsletter-link]`): on a page with the sign-up block they scroll to it and focus
 * its field instead of going to the home page's block, closing the menu they sit in.
 */
export function enhanceNewsletterLinks(root: Document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-newsletter-link]")) {
    link.addEventListener("click", (event) => {
      const block = root.getElementById(NEWSLETTER_ANCHOR);
      if (!block) return;
      event.preventDefault();
      const menu = link.closest("details");
      if (menu) menu.open = false;
      block.scrollIntoView({ behavior: "smooth", block: "center" });
      block.querySelector<HTMLInputElement>("input[type=email]")?.focus({ preventScroll: true });
    });
  }
}

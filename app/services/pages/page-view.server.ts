import { convertMarkdown, renderArticleHtml } from "../articles/markdown.server";
import { fillPlaceholders, splitSections, type PagePlaceholders, type PageView } from "../../utils/page-text";
import type { PageLayout } from "../../domain/pages";
import type { PageText } from "./pages.server";

/**
 * Renders a page's text with the articles' markdown and sanitizer (decision 004): the same allowlist, the same
 * plain-text fallback when a conversion fails. `onError` hears of such a failure, to log it.
 */
export function pageView(
  page: PageText & { layout: PageLayout },
  site: PagePlaceholders,
  { onError }: { onError?: (error: unknown) => void } = {},
): PageView {
  const fill = (text: string) => fillPlaceholders(text, site);
  const html = (markdown: string) =>
    markdown.trim() === "" ? "" : renderArticleHtml(fill(markdown), { convert: convertMarkdown, onError });
  const { intro, sections } = splitSections(fill(page.body));
  const { fields } = page;
  return {
    path: `/${page.slug}`,
    layout: page.layout,
    title: fill(page.title),
    heading: fill(page.heading) || fill(page.title),
    eyebrow: fill(page.eyebrow),
    leadHtml: html(page.lead),
    description: fill(page.description),
    introHtml: html(intro),
    sections: sections.map((section) => ({ id: section.id, title: section.title, html: html(section.markdown) })),
    showContents: page.showContents,
    recipient: fields.recipient,
    openingsIntro: fill(fields.openingsIntro),
    openings: fields.openings.map(({ description, ...opening }) => ({
      title: fill(opening.title),
      department: fill(opening.department),
      place: fill(opening.place),
      kind: fill(opening.kind),
      descriptionHtml: html(description),
    })),
    figures: fields.figures.map((figure) => ({ value: fill(figure.value), label: fill(figure.label) })),
    audienceIntro: fill(fields.audienceIntro),
    audience: fields.audience.map((share) => ({ segment: fill(share.segment), percent: share.percent })),
    packagesIntro: fill(fields.packagesIntro),
    packages: fields.packages.map((ad) => ({
      name: fill(ad.name),
      price: fill(ad.price),
      summary: fill(ad.summary),
      features: ad.features.map(fill),
    })),
  };
}

import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { ArticleCard } from "~/components/article-card";
import type { ArticleDetail } from "~/domain/articles";
import ArticlePage from "./article";
import { DEFAULT_SITE_INFO } from "~/validation/site-settings";
import { SPEC_SECTIONS } from "~/services/sections/sections.server";
import { DEFAULT_MENUS } from "~/validation/menus";

// 21:30 on 23 November in New York; 11:30 on 24 November in Tokyo.
const PUBLISHED_AT = new Date("2026-11-24T02:30:00Z");

const article: ArticleDetail = {
  id: 42,
  title: "Chip makers race to the next node",
  excerpt: "A story published late in the evening, New York time.",
  category: "AI",
  image: "/images/stock/ai-1.jpg",
  publishedAt: PUBLISHED_AT,
  readTime: 5,
  isFeatured: false,
  isPopular: false,
  isAiGenerated: false,
  author: { name: "Ada Reporter", avatar: "/images/authors/ada.jpg", role: "Staff writer", slug: "ada-reporter" },
  authors: [
    { id: 1, name: "Ada Reporter", avatar: "/images/authors/ada.jpg", role: "Staff writer", slug: "ada-reporter", links: [] },
  ],
  bodyHtml: "<p>Body.</p>",
  sources: "",
  sourceLinks: [
    { outlet: "Wire", title: "The wire story", url: "https://wire.example/story", publishedAt: PUBLISHED_AT.toISOString() },
  ],
  createdAt: PUBLISHED_AT,
  updatedAt: PUBLISHED_AT,
  aiDisclosure: null,
};

/** Renders `page` under a root route whose loader data names the newsroom's zone, as the server does. */
function renderUnderRoot(timeZone: string, page: () => React.ReactNode, loaderData: unknown = null): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      children: [{ id: "page", index: true, Component: page as never }],
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/"]}
      hydrationData={{
        loaderData: {
          root: {
            site: { ...DEFAULT_SITE_INFO, url: "https://news.example", timeZone },
            sections: SPEC_SECTIONS.info(),
            menus: { ...DEFAULT_MENUS, stamp: 0 },
            headlines: [],
          },
          page: loaderData,
        },
      }}
    />,
  );
}

describe("reader dates follow TIME_ZONE", () => {
  it("the card shows the newsroom's day", () => {
    expect(renderUnderRoot("America/New_York", () => <ArticleCard article={article} />)).toContain("Nov 23, 2026");
    expect(renderUnderRoot("America/New_York", () => <ArticleCard article={article} />)).not.toContain("Nov 24, 2026");
    expect(renderUnderRoot("Asia/Tokyo", () => <ArticleCard article={article} />)).toContain("Nov 24, 2026");
    expect(renderUnderRoot("Asia/Tokyo", () => <ArticleCard article={article} />)).not.toContain("Nov 23, 2026");
  });

  it("the article page's dateline shows the newsroom's day", () => {
    const pageProps = { loaderData: { article, related: [], corrections: [], tags: [] } } as unknown as Parameters<
      typeof ArticlePage
    >[0];
    const page = () => <ArticlePage {...pageProps} />;
    const newYork = renderUnderRoot("America/New_York", page, { article, related: [], corrections: [] });
    expect(newYork).toMatch(/<time dateTime="2026-11-24T02:30:00.000Z">Nov 23, 2026<\/time>/);
    const tokyo = renderUnderRoot("Asia/Tokyo", page, { article, related: [], corrections: [] });
    expect(tokyo).toMatch(/<time dateTime="2026-11-24T02:30:00.000Z">Nov 24, 2026<\/time>/);
    expect(tokyo).not.toContain("Nov 23, 2026");
  });
});

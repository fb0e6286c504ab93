import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The explicit route table. Reader pages, admin tabs, auth and resource routes each live in their own folder.
export default [
  index("routes/reader/home.tsx"),
  route("category/:slug", "routes/reader/category.tsx"),
  route("article/:id", "routes/reader/article.tsx"),
  route("author/:slug", "routes/reader/author.tsx"),
  route("search", "routes/reader/search.tsx"),
  route("corrections", "routes/reader/corrections.tsx"),
  route("newsletter", "routes/reader/newsletter.ts"),
  route("newsletter/confirm/:token", "routes/reader/confirm-subscription.tsx"),
  route("unsubscribe/:token", "routes/reader/unsubscribe.tsx"),
  route("unsubscribe/:token/resubscribe", "routes/reader/resubscribe.tsx"),

  // The admin area: every loader and action starts with the guard and its permission (app/utils/permissions.ts);
  // tests/e2e/admin-route-guard.spec.ts checks each route for every role.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("generate", "routes/admin/generate.tsx"),
    route("articles", "routes/admin/articles.tsx", [
      route("new", "routes/admin/article-new.tsx"),
      route(":id/edit", "routes/admin/article-edit.tsx"),
    ]),
    route("articles/:id/corrections", "routes/admin/article-corrections.tsx"),
    route("articles/:id/history", "routes/admin/article-history.tsx"),
    route("newsletter", "routes/admin/newsletter.tsx"),
    route("insights", "routes/admin/insights.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("pages", "routes/admin/pages.tsx"),
    route("pages/new", "routes/admin/page-new.tsx"),
    route("pages/:id/edit", "routes/admin/page-edit.tsx"),
    route("pages/:id/history", "routes/admin/page-history.tsx"),
    route("profile", "routes/admin/profile.tsx"),
  ]),
  route("admin/api/session", "routes/admin/session-status.ts"),
  route("admin/api/preview", "routes/admin/preview-markdown.ts"),
  route("admin/api/uploads", "routes/admin/upload-image.ts"),
  route("admin/newsletter/subscribers.csv", "routes/admin/subscribers-csv.ts"),
  route("admin/export.json", "routes/admin/newsroom-export.ts"),
  route("admin/insights/:file", "routes/admin/insights-csv.ts"),
  route("auth/login", "routes/auth/login.tsx"),
  route("auth/logout", "routes/auth/logout.ts"),
  route("auth/invite/:token", "routes/auth/invite.tsx"),

  route("api/search", "routes/resources/search.ts"),
  route("rss.xml", "routes/resources/rss.ts", { id: "rss-site" }),
  route("category/:slug/rss.xml", "routes/resources/rss.ts", { id: "rss-category" }),
  route("corrections/rss.xml", "routes/resources/corrections-rss.ts"),
  route("author/:author/rss.xml", "routes/resources/rss.ts", { id: "rss-author" }),
  route("feed.json", "routes/resources/json-feed.ts", { id: "json-feed-site" }),
  route("category/:slug/feed.json", "routes/resources/json-feed.ts", { id: "json-feed-category" }),
  route("author/:author/feed.json", "routes/resources/json-feed.ts", { id: "json-feed-author" }),
  route("corrections/feed.json", "routes/resources/corrections-json-feed.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/pages.xml", "routes/resources/sitemap-part.ts", { id: "sitemap-pages" }),
  route("sitemaps/articles/:part", "routes/resources/sitemap-part.ts", { id: "sitemap-articles" }),
  route("news-sitemap.xml", "routes/resources/news-sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("favicon.ico", "routes/resources/favicon.ts"),
  route("site.webmanifest", "routes/resources/web-manifest.ts"),
  // About, the policies and the pages editors add (decision 039): any one-segment address no route above has.
  // app/utils/reserved-addresses.ts lists every address above, which no page may take.
  route(":slug", "routes/reader/page.tsx"),
  route("*", "routes/reader/not-found.tsx"),
] satisfies RouteConfig;

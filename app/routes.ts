import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// The explicit route table. Reader pages, admin tabs, auth and resource routes each live in their own folder.
export default [
  index("routes/reader/home.tsx"),
  route("category/:slug", "routes/reader/category.tsx"),
  route("article/:id", "routes/reader/article.tsx"),
  route("author/:slug", "routes/reader/author.tsx"),
  route("search", "routes/reader/search.tsx"),
  route("corrections", "routes/reader/corrections.tsx"),
  ...prefix("", [
    route("about", "routes/reader/info/about.tsx"),
    route("careers", "routes/reader/info/careers.tsx"),
    route("contact", "routes/reader/info/contact.tsx"),
    route("advertise", "routes/reader/info/advertise.tsx"),
    route("terms", "routes/reader/info/terms.tsx"),
    route("privacy", "routes/reader/info/privacy.tsx"),
    route("cookie-policy", "routes/reader/info/cookie-policy.tsx"),
  ]),
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
    route("staff", "routes/admin/staff.tsx"),
    route("profile", "routes/admin/profile.tsx"),
  ]),
  route("admin/api/session", "routes/admin/session-status.ts"),
  route("admin/api/preview", "routes/admin/preview-markdown.ts"),
  route("admin/api/uploads", "routes/admin/upload-image.ts"),
  route("admin/newsletter/subscribers.csv", "routes/admin/subscribers-csv.ts"),
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
  route("news-sitemap.xml", "routes/resources/news-sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("favicon.ico", "routes/resources/favicon.ts"),
  route("*", "routes/reader/not-found.tsx"),
] satisfies RouteConfig;

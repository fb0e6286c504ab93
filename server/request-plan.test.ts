import { describe, expect, it } from "vitest";
import { ADMIN_BODY_LIMIT, PUBLIC_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "~/route-handle";
import { planRequest, planTarget } from "./request-plan";
import { createRouteMatcher, parseRequestTarget, tidyPath } from "./request-target";
import { buildRoutes } from "../tests/support/route-table";

const match = createRouteMatcher(await buildRoutes());

function plan(url: string, { method = "GET", cookie }: { method?: string; cookie?: string } = {}) {
  const target = parseRequestTarget(url);
  if (!target) throw new Error(`not a target: ${url}`);
  return planRequest({ method, headers: { cookie } }, planTarget(target, match(tidyPath(target.pathname))));
}

describe("planRequest", () => {
  it("keeps anonymous reader pages, feeds and the sitemap under one canonical URL each", () => {
    expect(plan("/").cacheKey).toBe("/");
    expect(plan("/?utm_source=x&x=123").cacheKey, "unknown parameters share the page").toBe("/");
    expect(plan("/article/3").cacheKey).toBe("/article/3");
    expect(plan("/category/ai?page=2&x=1").cacheKey).toBe("/category/ai?page=2");
    expect(plan("/category/ai?page=1").cacheKey, "page 1 is the page without a number").toBe("/category/ai");
    expect(plan("/category/ai?page=abc").cacheKey, "a bad page number is page 1, as the loader reads it").toBe("/category/ai");
    expect(plan("/search?page=2&query=%20robots%20&junk=1").cacheKey).toBe("/search?query=robots&page=2");
    expect(plan("/search?query=").cacheKey).toBe("/search");
    expect(plan("/?newsletter=subscribed").cacheKey, "the sign-up outcome shows on the page").toBe("/?newsletter=subscribed");
    expect(plan("/?newsletter=<script>").cacheKey).toBe("/");
    expect(plan("/?p=101").cacheKey, "a WordPress post's old address reaches the home loader").toBeNull();
    expect(plan("/?p=abc").cacheKey).toBe("/");
    expect(plan("/ethics?x=1").cacheKey, "a page at its address (decision 039)").toBe("/ethics");
    expect(plan("/ethics/").cacheKey, "an old address with its slash is answered as asked").toBeNull();
    expect(plan("/__manifest?paths=%2Fauth&version=ab12").cacheKey, "React Router's route discovery, as asked").toBeNull();
    expect(plan("/rss.xml?x=1").cacheKey).toBe("/rss.xml");
    expect(plan("/category/ai/rss.xml").cacheKey).toBe("/category/ai/rss.xml");
    expect(plan("/author/maya-okafor?page=2&x=1").cacheKey).toBe("/author/maya-okafor?page=2");
    expect(plan("/author/maya-okafor/rss.xml?x=1").cacheKey).toBe("/author/maya-okafor/rss.xml");
    expect(plan("/sitemap.xml").cacheKey).toBe("/sitemap.xml");
    expect(plan("/about").cacheKey).toBe("/about");
    expect(plan("/", { method: "HEAD" }).cacheKey).toBe("/");
  });

  it("sends every other spelling of a path to its one spelling, keeping the query string, and keeps none of them", () => {
    const redirects: [string, string][] = [
      ["/article/13/", "/article/13"],
      ["//article/13", "/article/13"],
      ["/article//13", "/article/13"],
      ["/ARTICLE/13/", "/article/13"],
      ["/Category/AI?page=2&x=1", "/category/ai?page=2&x=1"],
      ["/category/AI/rss.xml", "/category/ai/rss.xml"],
      ["/About/", "/about"],
      ["/search/?query=Robots", "/search?query=Robots"],
      ["/Admin/Newsletter", "/admin/newsletter"],
      ["/admin/articles/7/Edit", "/admin/articles/7/edit"],
      ["//", "/"],
      // Tokens, static files and unknown paths keep their letter case; only their slashes are tidied.
      ["/unsubscribe/AbC.XyZ/", "/unsubscribe/AbC.XyZ"],
      ["/newsletter/confirm/AbC.XyZ//", "/newsletter/confirm/AbC.XyZ"],
      ["/auth/invite/AbC", "/auth/invite/AbC"],
      ["/uploads//Cover-A1B2.PNG", "/uploads/Cover-A1B2.PNG"],
      ["/assets/Entry-AbC123.js", "/assets/Entry-AbC123.js"],
      ["/Nowhere//Else", "/Nowhere/Else"],
      // One segment is a page's address (decision 039): lower case, as the info pages always were.
      ["/Ethics/", "/ethics"],
      // Only the catch-all answers "/nowhere/else": asked with one trailing slash it goes on as asked, so an old Ghost or
      // WordPress address reaches its article in one hop (not-found.tsx sends any other such path to its one spelling).
      ["/2024/05/my-post/", "/2024/05/my-post/"],
    ];
    // React Router's route discovery is answered as asked, never sent to another spelling.
    expect(planTarget(parseRequestTarget("/__manifest?paths=%2Fauth&version=ab12")!, match("/__manifest")).redirect).toBeNull();
    for (const [url, location] of redirects) {
      const target = parseRequestTarget(url)!;
      const planned = planTarget(target, match(tidyPath(target.pathname)));
      expect(planned.redirect, url).toBe(location === url ? null : location);
      if (planned.redirect) expect(plan(url).cacheKey, url).toBeNull();
    }
    for (const url of ["/", "/article/13", "/category/ai?page=2", "/unsubscribe/AbC.XyZ", "/Admin/newsletter.data", "/_.data"]) {
      expect(planTarget(parseRequestTarget(url)!, match(tidyPath(url.split("?")[0]!))).redirect, url).toBeNull();
    }
  });

  it("keys data requests by the loaders they ask for, ignoring route ids that did not match", () => {
    expect(plan("/article/3.data").cacheKey).toBe("/article/3.data");
    expect(plan("/_.data?x=1").cacheKey).toBe("/_.data");
    expect(plan("/article/3.data?_routes=routes%2Freader%2Farticle").cacheKey).toBe(
      "/article/3.data?_routes=routes%2Freader%2Farticle",
    );
    expect(plan("/article/3.data?_routes=root,routes/reader/article,made-up").cacheKey, "every matched route: as no list").toBe(
      "/article/3.data",
    );
  });

  it("never keeps the admin area, sign-in, personal links, non-reads or a signed-in editor's view", () => {
    for (const url of [
      "/admin",
      "/Admin/newsletter",
      "/admin/newsletter.data",
      "/auth/login",
      "/unsubscribe/abc",
      "/newsletter",
      "/healthz",
      "/api/search?query=ai",
      "/nowhere/else",
    ]) {
      expect(plan(url).cacheKey, url).toBeNull();
    }
    expect(plan("/", { method: "POST" }).cacheKey).toBeNull();
    for (const cookie of [
      "byline_session=abc",
      "theme=dark; byline_session=abc",
      "byline_session =abc",
      "__Host-byline_session=abc",
      "BYLINE_SESSION=abc",
    ]) {
      expect(plan("/", { cookie }).cacheKey, cookie).toBeNull();
      expect(plan("/", { cookie }).withSession, cookie).toBe(true);
    }
    expect(plan("/", { cookie: "theme=dark" }).cacheKey).toBe("/");
    expect(plan("/", { cookie: "theme=dark" }).withSession).toBe(false);
  });

  it("marks the admin area and sign-in private, whatever the spelling", () => {
    expect(plan("/Admin/newsletter").private).toBe(true);
    expect(plan("/AUTH/login").private).toBe(true);
    expect(plan("/").private).toBe(false);
  });

  it("gives public forms a small body budget, admin forms more, and uploads the most", () => {
    expect(plan("/newsletter", { method: "POST" }).bodyLimit).toBe(PUBLIC_BODY_LIMIT);
    expect(plan("/auth/login", { method: "POST" }).bodyLimit).toBe(PUBLIC_BODY_LIMIT);
    expect(plan("/admin/articles/new", { method: "POST" }).bodyLimit).toBe(ADMIN_BODY_LIMIT);
    expect(plan("/Admin/api/uploads", { method: "POST" }).bodyLimit).toBe(UPLOAD_BODY_LIMIT);
  });
});

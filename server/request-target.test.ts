import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { buildRoutes } from "../tests/support/route-table";
import { canonicalPath, createRouteMatcher, parseRequestTarget, tidyPath } from "./request-target";

const routes = await buildRoutes();

describe("parseRequestTarget", () => {
  it.each([
    ["/", "/", ""],
    ["/article/12", "/article/12", ""],
    ["/search?query=a%20b&page=2", "/search", "?query=a%20b&page=2"],
    ["/category/ai/", "/category/ai/", ""],
    ["/caf%C3%A9", "/caf%C3%A9", ""],
    // Other spellings of a path are read, to be sent to its one spelling (canonicalPath).
    ["//article/12", "//article/12", ""],
    ["/article//12?x=1", "/article//12", "?x=1"],
  ])("reads %s", (raw, pathname, search) => {
    expect(parseRequestTarget(raw)).toEqual({ pathname, search });
  });

  it.each([
    ["http://x/admin", "absolute form"],
    ["*", "asterisk form"],
    ["/\\evil.example/x", "backslash"],
    ["/admin%5cx", "encoded backslash"],
    ["/admin%2Fnewsletter", "encoded slash"],
    ["/%", "lone percent"],
    ["/article/%E0%A4%A", "truncated UTF-8"],
    ["/article/%FF", "not UTF-8"],
    ["/admin/./x", "dot segment"],
    ["/x/../admin", "dot-dot segment"],
    ["/%2e/admin", "encoded dot segment"],
    ["/%2E%2E/admin", "encoded dot-dot segment"],
    ["//./admin", "dot segment after a doubled slash"],
    ["/a%00b", "encoded NUL"],
    ["/a%0d%0aSet-Cookie:x", "encoded line break"],
    ["/café", "raw non-ASCII"],
    ["/a b", "raw space"],
    ["/a#b", "fragment"],
  ])("refuses %s (%s)", (raw) => {
    expect(parseRequestTarget(raw)).toBeNull();
  });
});

describe("createRouteMatcher", () => {
  const match = createRouteMatcher(routes);

  /** React Router's own matcher over the same table, as the reference. */
  function reference(pathname: string) {
    const children = (parentId: string): RouteObject[] =>
      Object.values(routes)
        .filter((route) => route?.parentId === parentId)
        .map((route) =>
          route!.index ? { id: route!.id, index: true } : { id: route!.id, path: route!.path, children: children(route!.id) },
        );
    const found = matchRoutes([{ id: "root", path: "", children: children("root") }], pathname);
    return found && { routeIds: found.map((one) => one.route.id), params: found.at(-1)?.params };
  }

  it("matches every path as React Router's matchRoutes does", () => {
    const paths = [
      "/",
      "/article/12",
      "/ARTICLE/12/",
      "/article/%31%32",
      "/article/caf%C3%A9",
      "/article",
      "/article/1/2",
      "/category/ai",
      "/category/AI/",
      "/category/ai/rss.xml",
      "/category/ai/rss.xml/",
      "/rss.xml",
      "/RSS.XML",
      "/search",
      "/about",
      "/About/",
      "/cookie-policy",
      "/newsletter",
      "/unsubscribe/abc",
      "/unsubscribe/abc/resubscribe",
      "/admin",
      "/admin/",
      "/Admin/Articles",
      "/admin/articles/new",
      "/admin/articles/7/edit",
      "/admin/articles/7",
      "/admin/newsletter",
      "/admin/newsletter/subscribers.csv",
      "/admin/api/session",
      "/admin/api/uploads",
      "/admin/nothing",
      "/auth/login",
      "/auth/logout",
      "/api/search",
      "/sitemap.xml",
      "/robots.txt",
      "/healthz",
      "/favicon.ico",
      "/nothing/here",
      "/administrator",
    ];
    for (const path of paths) {
      const mine = match(path);
      expect(mine && { routeIds: mine.routeIds, params: mine.params }, path).toEqual(reference(path));
    }
  });

  it("matches as React Router does: any letter case, a trailing slash, single-fetch data paths", () => {
    expect(match("/article/12")).toMatchObject({ leafId: "routes/reader/article", params: { id: "12" }, data: false });
    expect(match("/ARTICLE/12/")).toMatchObject({ leafId: "routes/reader/article", params: { id: "12" } });
    expect(match("/article/12.data")).toMatchObject({ leafId: "routes/reader/article", data: true });
    expect(match("/_.data")).toMatchObject({ leafId: "routes/reader/home", data: true });
    expect(match("/category/ai/rss.xml")).toMatchObject({ leafId: "rss-category", params: { slug: "ai" } });
    expect(match("/nothing/here")).toMatchObject({ leafId: "routes/reader/not-found" });
  });

  it("names the methods the leaf route answers: POST only where its module has an action", () => {
    const withAction = { ...routes };
    const unsubscribe = withAction["routes/reader/unsubscribe"]!;
    withAction[unsubscribe.id] = { ...unsubscribe, module: { action: () => null } as never };
    const matchWithAction = createRouteMatcher(withAction);
    expect(matchWithAction("/unsubscribe/some-token")).toMatchObject({ leafId: unsubscribe.id, allow: "GET, HEAD, POST" });
    expect(matchWithAction("/article/12")).toMatchObject({ allow: "GET, HEAD" });
  });

  it("takes the methods from the route's handle where it names them: an endpoint that only takes posts", () => {
    const postOnly = { ...routes };
    const uploads = postOnly["routes/admin/upload-image"]!;
    postOnly[uploads.id] = { ...uploads, module: { loader: () => null, action: () => null, handle: { allow: "POST" } } as never };
    expect(createRouteMatcher(postOnly)("/admin/api/uploads")).toMatchObject({ leafId: uploads.id, allow: "POST" });
  });

  it("knows the admin area and sign-in by the route, whatever the spelling", () => {
    for (const path of [
      "/admin",
      "/Admin/newsletter",
      "/ADMIN/articles/",
      "/admin/articles/3/edit",
      "/admin/newsletter.data",
      "/auth/login",
      "/AUTH/Login",
      "/admin/newsletter/subscribers.csv",
      "/admin/api/session",
    ]) {
      expect(match(path)?.rules.private, path).toBe(true);
    }
    for (const path of ["/", "/article/1", "/administrator", "/search", "/newsletter"]) {
      expect(match(path)?.rules.private, path).toBe(false);
    }
  });
});

describe("canonicalPath", () => {
  const match = createRouteMatcher(routes);
  const canonical = (pathname: string) => canonicalPath(pathname, match(tidyPath(pathname)));

  it("drops doubled and trailing slashes, but / stays /", () => {
    expect(tidyPath("/")).toBe("/");
    expect(tidyPath("//")).toBe("/");
    expect(canonical("/article/13/")).toBe("/article/13");
    expect(canonical("//article/13")).toBe("/article/13");
    expect(canonical("/article//13//")).toBe("/article/13");
    expect(canonical("/")).toBe("/");
  });

  it("lower-cases paths whose route is lower case: reader and admin pages, feeds", () => {
    expect(canonical("/ARTICLE/13")).toBe("/article/13");
    expect(canonical("/Category/AI")).toBe("/category/ai");
    expect(canonical("/Cookie-Policy/")).toBe("/cookie-policy");
    expect(canonical("/Admin/Articles/7/Edit")).toBe("/admin/articles/7/edit");
    expect(canonical("/RSS.XML")).toBe("/rss.xml");
  });

  it("keeps the letter case of tokens, static files, unknown paths and data requests", () => {
    for (const path of [
      "/unsubscribe/1a.AbCdEfGhIjKlMnOpQrStUv",
      "/unsubscribe/1a.AbCdEfGhIjKlMnOpQrStUv/resubscribe",
      "/newsletter/confirm/AbC",
      "/auth/invite/AbC",
      "/uploads/Cover-A1B2.PNG",
      "/assets/Entry-AbC123.js",
      "/images/covers/Cloud.png",
      // One segment is a page's address (decision 039), lower case like the info pages; deeper, only the catch-all.
      "/Nowhere/Else",
      "/Admin/newsletter.data",
    ]) {
      expect(canonical(path), path).toBe(path);
    }
    expect(canonical("/Unsubscribe/AbC/")).toBe("/Unsubscribe/AbC");
  });
});

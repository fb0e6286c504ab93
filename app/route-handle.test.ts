import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { buildRoutes } from "../tests/support/route-table";
import {
  ADMIN_BODY_LIMIT,
  PUBLIC_BODY_LIMIT,
  routeRules,
  shouldHydrate,
  staffHandle,
  unstatedRules,
  UPLOAD_BODY_LIMIT,
} from "./route-handle";

/** The real route modules, imported once while the file loads (a few seconds), not inside a test's time limit. */
const routes = await buildRoutes();

/** Every way down the route table to a route that answers an address: its id and its routes' handles, root first. */
function branches(table: ServerBuild["routes"]): { id: string; handles: unknown[] }[] {
  const chain = (id: string | undefined): unknown[] => (id ? [...chain(table[id]?.parentId), table[id]?.module.handle] : []);
  return Object.values(table)
    .filter((route) => route && (route.path || route.index))
    .map((route) => ({ id: route!.id, handles: chain(route!.id) }));
}

describe("the routes' handles", () => {
  it("say, for every route, who it is for and whether the page cache may keep it", () => {
    const unstated = branches(routes).flatMap(({ id, handles }) => unstatedRules(handles).map((rule) => `${id}: ${rule}`));
    expect(unstated).toEqual([]);
  });

  it("find a route that says neither", () => {
    const newPage = { id: "routes/reader/new-page", parentId: "root", path: "new-page", module: {} as never };
    const found = branches({ ...routes, [newPage.id]: newPage }).find(({ id }) => id === "routes/reader/new-page")!;
    expect(unstatedRules(found.handles)).toEqual(["access", "cache"]);
  });

  it("never let the page cache keep a private route", () => {
    const both = branches(routes).filter(({ handles }) => {
      const rules = routeRules(handles);
      return rules.private && rules.cache !== false;
    });
    expect(both.map(({ id }) => id)).toEqual([]);
  });
});

describe("routeRules", () => {
  it("takes each rule from the deepest route that states it", () => {
    const rules = routeRules([undefined, staffHandle, { bodyLimit: UPLOAD_BODY_LIMIT }]);
    expect(rules).toMatchObject({ private: true, cache: false, bodyLimit: UPLOAD_BODY_LIMIT, hydrate: true });
    expect(routeRules([undefined, staffHandle, {}]).bodyLimit).toBe(ADMIN_BODY_LIMIT);
  });

  it("keeps a route under a private one private, whatever it says", () => {
    expect(routeRules([staffHandle, { access: "public", cache: { query: [] } }]).private).toBe(true);
    expect(routeRules([{ access: "personal" }]).private).toBe(true);
    expect(routeRules([{ access: "public" }]).private).toBe(false);
  });

  it("gives a route that states nothing the public body budget, no cache and hydration", () => {
    expect(routeRules([undefined, {}])).toEqual({
      private: false,
      cache: false,
      bodyLimit: PUBLIC_BODY_LIMIT,
      hydrate: true,
      answersOldAddresses: false,
      params: {},
    });
  });

  it("leaves a page unhydrated when one matched route asks", () => {
    expect(shouldHydrate([undefined, { hydrate: false }, { hydrate: true }])).toBe(false);
    expect(shouldHydrate([undefined, {}])).toBe(true);
  });
});

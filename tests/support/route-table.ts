import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import routeConfig from "~/routes";

/** The build's route table as React Router makes it from app/routes.ts (ids are file paths without extension). */
export function buildRoutes(): ServerBuild["routes"] {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: {} as never },
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module: {} as never };
      add(entry.children ?? [], id);
    }
  };
  add(routeConfig, "root");
  return routes;
}

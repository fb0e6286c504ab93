import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import routeConfig from "~/routes";
import { PROJECT_ROOT } from "~/db/client.server";

/**
 * The build's route table as React Router makes it from app/routes.ts (ids are file paths without extension), with
 * each route's own module: the server reads their handles' rules and their actions.
 */
export async function buildRoutes(): Promise<ServerBuild["routes"]> {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: (await import("~/root")) as never },
  };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(/* @vite-ignore */ path.join(PROJECT_ROOT, "app", entry.file))) as never;
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  };
  await add(routeConfig, "root");
  return routes;
}

import { createContext, useContext, type ReactNode } from "react";

/** True while rendering a page that loads the islands script instead of being hydrated (root.tsx). */
export const IslandsContext = createContext(false);

/**
 * A `<template>` the islands script clones (decision 016), rendered only on pages that load it: React cannot
 * hydrate a template's content, and a hydrated page has no use for it.
 */
export function IslandTemplate({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, string>) {
  return useContext(IslandsContext) ? <template {...data}>{children}</template> : null;
}

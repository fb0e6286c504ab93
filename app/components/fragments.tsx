import { createContext, useContext, type ReactElement } from "react";

/**
 * Renders a part of a reader page to markup once and gives the same markup back while its data stays the same
 * (decision 030): `owner` is the data the part is made from (an object the reader memo hands out unchanged
 * until the next content change), `variant` names everything else it depends on. `name` prefixes the ids
 * `useId` makes inside it, so they never meet the page's own.
 */
export type RenderFragment = (owner: object, name: string, variant: string, element: ReactElement) => string;

/** Given on the server to pages that are not hydrated (app/entry.server.tsx); absent in the browser. */
export const FragmentContext = createContext<RenderFragment | null>(null);

export function useRenderFragment(): RenderFragment | null {
  return useContext(FragmentContext);
}

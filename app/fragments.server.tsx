import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IslandsContext } from "./components/island-template";
import type { RenderFragment } from "./components/fragments";

/** Variants kept per owner (the header has one per navigation link). */
const VARIANTS_PER_OWNER = 32;

/**
 * The fragment renderer of non-hydrated pages (decision 030). Markup is kept per owner object in a WeakMap, so
 * it goes when the reader memo lets go of the data it was made from: nothing to clear on a content change.
 */
export function createFragmentRenderer(): RenderFragment {
  const kept = new WeakMap<object, Map<string, string>>();
  return (owner: object, name: string, variant: string, element: ReactElement) => {
    let variants = kept.get(owner);
    if (!variants) {
      variants = new Map();
      kept.set(owner, variants);
    }
    const key = `${name}\u0000${variant}`;
    let markup = variants.get(key);
    if (markup === undefined) {
      // A fragment only exists on pages that load the islands script, so its templates are rendered.
      markup = renderToStaticMarkup(<IslandsContext.Provider value={true}>{element}</IslandsContext.Provider>, {
        identifierPrefix: `${name}-`,
      });
      if (variants.size < VARIANTS_PER_OWNER) variants.set(key, markup);
    }
    return markup;
  };
}

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** Asks the ad network (when ADSENSE_CLIENT is set) to fill each unit the page rendered (components/ad-slot.tsx). */
export function fillAdSlots(root: ParentNode): void {
  for (const _unit of root.querySelectorAll("ins.adsbygoogle")) {
    try {
      (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    } catch {
      // A blocked or failed ad leaves the reserved space empty; the page is unaffected.
    }
  }
}

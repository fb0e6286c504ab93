import { useEffect, useRef } from "react";
import { useSite } from "./layout/use-site";

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** Reserved heights, so a page never shifts when an ad arrives (or does not). */
const SLOT_HEIGHTS = {
  banner: "min-h-[100px] sm:min-h-[90px]",
  rectangle: "min-h-[250px]",
} as const;

export type AdFormat = keyof typeof SLOT_HEIGHTS;

/** Where the ad network's loader comes from; the CSP allows it only when ADSENSE_CLIENT is set. */
export function adNetworkScriptUrl(client: string): string {
  return `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`;
}

/**
 * An ad slot, as the Advertising settings say: the ad network's unit, a neutral "Advertisement" placeholder (the
 * spec's, and a fresh install's), or nothing at all. A slot that is shown keeps its space.
 */
export function AdSlot({ format = "banner", className = "" }: { format?: AdFormat; className?: string }) {
  const { site } = useSite();
  if (site.adSlots === "none") return null;
  const client = site.adsenseClient;
  const frame = `flex w-full items-center justify-center overflow-hidden rounded-xl print:hidden ${SLOT_HEIGHTS[format]} ${className}`;
  if (!client) {
    return (
      <div
        className={`${frame} border border-dashed border-slate-300 bg-slate-50 text-xs font-medium tracking-widest text-slate-600 uppercase dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400`}
      >
        Advertisement
      </div>
    );
  }
  return <AdNetworkUnit client={client} className={frame} />;
}

function AdNetworkUnit({ client, className }: { client: string; className: string }) {
  const pushed = useRef(false);
  useEffect(() => {
    if (pushed.current) return;
    pushed.current = true;
    try {
      (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    } catch {
      // A blocked or failed ad leaves the reserved space empty; the page is unaffected.
    }
  }, []);
  return (
    <div className={className}>
      <ins
        className="adsbygoogle block w-full"
        data-ad-client={client}
        data-ad-format="auto"
        data-full-width-responsive="true"
        aria-label="Advertisement"
      />
    </div>
  );
}

import { ChevronDown, Mail, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { cardClass, IconBadge, mutedTextClass, secondaryButtonClass } from "./info-page";
import { IslandTemplate } from "~/components/island-template";

export interface AdPackage {
  name: string;
  icon: LucideIcon;
  /** The price as the spec states it, such as "From $500/month". */
  price: string;
  summary: string;
  features: string[];
  /** The pre-filled mail draft behind Learn More. */
  learnMoreHref: string;
}

const toggleClass =
  "inline-flex cursor-pointer items-center gap-1.5 rounded-md text-sm font-semibold text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:focus-visible:outline-blue-400";

/**
 * One advertising package. Its feature list sits in a native <details> element, so the packages stay readable
 * and openable without JavaScript; the islands script (islands/ad-packages.ts) swaps in the disclosure button
 * of the template (aria-expanded, aria-controls), which expands and collapses the list.
 */
export function AdPackageCard({ ad }: { ad: AdPackage }) {
  const detailsId = useId();

  const features = (
    <ul className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300">
      {ad.features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-blue-600 dark:bg-blue-400" />
          {feature}
        </li>
      ))}
    </ul>
  );

  return (
    <li className={`flex flex-col p-6 ${cardClass}`}>
      <IconBadge icon={ad.icon} />
      <h3 className="mt-4 text-lg font-bold">{ad.name}</h3>
      <p className="mt-1 text-xl font-extrabold tracking-tight text-blue-700 dark:text-blue-300">{ad.price}</p>
      <p className={`mt-3 text-sm leading-relaxed ${mutedTextClass}`}>{ad.summary}</p>

      <div className="mt-4 flex-1 border-t border-slate-200 pt-4 dark:border-slate-800">
        <details className="group" data-ad-package="">
          <summary className={`list-none [&::-webkit-details-marker]:hidden ${toggleClass}`}>
            Show details
            <span className="sr-only"> of {ad.name}</span>
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div>{features}</div>
        </details>
        <IslandTemplate data-ad-package-toggle="">
          <button
            type="button"
            aria-expanded="false"
            aria-controls={detailsId}
            data-show-label="Show details"
            data-hide-label="Hide details"
            className={`group ${toggleClass}`}
          >
            <span data-label="">Show details</span>
            <span className="sr-only"> of {ad.name}</span>
            <ChevronDown aria-hidden className="size-4 transition-transform group-aria-expanded:rotate-180" />
          </button>
          <div id={detailsId} hidden>
            {features}
          </div>
        </IslandTemplate>
      </div>

      <a href={ad.learnMoreHref} className={`mt-6 w-full ${secondaryButtonClass}`}>
        <Mail aria-hidden className="size-4" />
        Learn More<span className="sr-only"> about {ad.name}</span>
      </a>
    </li>
  );
}

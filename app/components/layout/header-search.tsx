import { Search } from "lucide-react";
import { useId } from "react";
import { useSite } from "./use-site";
import { IslandTemplate } from "~/components/island-template";

/**
 * The header's search box. Without JavaScript it is a plain search form that opens the results page. The
 * islands script (islands/header-search.ts) makes it an ARIA combobox with a "Quick Results" listbox, drawing
 * the options from the templates below, so their markup stays here.
 */
export function HeaderSearch({ id }: { id: string }) {
  const listboxId = useId();
  // The newsroom's time zone, for the dates the islands script writes into the options.
  const { site } = useSite();
  return (
    <form
      role="search"
      action="/search"
      method="get"
      data-header-search=""
      data-time-zone={site.timeZone}
      className="relative w-full"
    >
      <label htmlFor={id} className="sr-only">
        Search articles
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <input
        id={id}
        name="query"
        // A text input carries the combobox role as the ARIA practices' examples do; HTML allows no role on a search input.
        type="text"
        enterKeyHint="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={listboxId}
        placeholder="Search articles..."
        className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pr-4 pl-9 text-sm placeholder:text-slate-500 focus:border-blue-500 focus:bg-white focus:ring-2 focus:ring-blue-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:focus:bg-slate-900"
      />
      <div
        data-popup=""
        className="absolute top-full right-0 z-50 mt-2 hidden w-full min-w-[20rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl data-open:block sm:min-w-[26rem] dark:border-slate-700 dark:bg-slate-900"
      >
        <p className="border-b border-slate-200 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400">
          Quick Results
        </p>
        <ul id={listboxId} role="listbox" aria-label="Quick Results" className="max-h-[70vh] overflow-y-auto" />
      </div>
      <IslandTemplate data-option="result">
        <li
          role="option"
          aria-selected="false"
          className="flex cursor-pointer gap-3 px-4 py-3 aria-selected:bg-slate-100 dark:aria-selected:bg-slate-800"
        >
          <img
            data-slot="image"
            alt=""
            width={64}
            height={36}
            className="h-12 w-20 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
          />
          <div className="min-w-0">
            <div className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
              <span data-slot="category" />
              <span data-slot="date" />
            </div>
            <p data-slot="title" className="mt-1 truncate text-sm font-semibold" />
            <p data-slot="excerpt" className="truncate text-xs text-slate-600 dark:text-slate-400" />
          </div>
        </li>
      </IslandTemplate>
      <IslandTemplate data-option="view-all">
        <li
          role="option"
          aria-selected="false"
          className="cursor-pointer border-t border-slate-200 px-4 py-3 text-sm aria-selected:bg-slate-100 dark:border-slate-700 dark:aria-selected:bg-slate-800"
        >
          <span data-slot="view-all" className="font-semibold text-blue-700 dark:text-blue-300" />
          <span data-slot="none-found" className="block text-slate-700 dark:text-slate-300" />
          <span data-slot="advanced" className="mt-1 block font-semibold text-blue-700 dark:text-blue-300">
            Try advanced search
          </span>
        </li>
      </IslandTemplate>
    </form>
  );
}

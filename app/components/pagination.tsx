import { ChevronLeft, ChevronRight } from "lucide-react";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of a page number, keeping the page's other query parameters. */
  hrefFor: (page: number) => string;
}

/** Newer/older links between pages of a list; nothing when there is one page. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const linkClass =
    "inline-flex items-center gap-1 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" className={linkClass}>
          <ChevronLeft aria-hidden className="size-4" /> Previous page
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <a href={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next page <ChevronRight aria-hidden className="size-4" />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

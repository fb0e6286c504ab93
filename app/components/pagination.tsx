import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of a page number, keeping the page's other query parameters. */
  hrefFor: (page: number) => string;
  /** Move between pages inside the app (admin) instead of loading a new document (reader pages, cached as documents). */
  clientSide?: boolean;
}

/** Newer/older links between pages of a list; nothing when there is one page. */
export function Pagination({ page, pageCount, hrefFor, clientSide = false }: PaginationProps) {
  if (pageCount <= 1) return null;
  const linkClass =
    "inline-flex items-center gap-1 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} reloadDocument={!clientSide} rel="prev" className={linkClass}>
          <ChevronLeft aria-hidden className="size-4" /> Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} reloadDocument={!clientSide} rel="next" className={linkClass}>
          Next page <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

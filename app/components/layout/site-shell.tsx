import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The page frame shared by reader pages: header, the page's content, footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-blue-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

const WIDTHS = { page: "max-w-6xl", wide: "max-w-4xl", text: "max-w-3xl", narrow: "max-w-xl" } as const;

/** The centred content column every reader page uses: the page's full width, or narrower for reading. */
export function Container({
  children,
  width = "page",
  className = "",
}: {
  children: ReactNode;
  width?: keyof typeof WIDTHS;
  className?: string;
}) {
  return <div className={`mx-auto w-full px-4 sm:px-6 ${WIDTHS[width]} ${className}`}>{children}</div>;
}

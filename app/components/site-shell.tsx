import type { ReactNode } from "react";

/** The page frame shared by reader pages: a header with the site name, the content, a footer. */
export function SiteShell({ siteName, children }: { siteName: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
          <a href="/" className="text-xl font-extrabold tracking-tight">
            {siteName}
          </a>
          <span className="text-sm text-slate-500 dark:text-slate-400">Technology news</span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">{children}</main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} {siteName}
      </footer>
    </div>
  );
}

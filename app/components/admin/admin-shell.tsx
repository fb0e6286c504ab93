import type { ReactNode } from "react";
import { useSite } from "../layout/use-site";
import { ThemeToggle } from "../theme";

/** The admin area's frame: a slim bar with the site's name and the theme switch, then the page. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { site } = useSite();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 sm:px-6">
          <a href="/" className="text-xl font-extrabold tracking-tight">
            {site.name}
          </a>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
            Admin
          </span>
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main-content" className="flex-1">
        {children}
      </main>
    </div>
  );
}

import { ThemeToggle } from "../theme";
import { useSite } from "./use-site";

/** The site header. (Being built: nav, search, bell, subscribe, mobile menu.) */
export function SiteHeader() {
  const { site } = useSite();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3 sm:px-6">
        <a href="/" className="text-xl font-extrabold tracking-tight">
          {site.name}
        </a>
        <ThemeToggle />
      </div>
    </header>
  );
}

import { Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import { currentTheme, storeTheme, themeToggleLabel, type Theme } from "~/utils/theme";

export { THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, type Theme } from "~/utils/theme";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyTheme(theme: Theme) {
  storeTheme(theme);
  listeners.forEach((listener) => listener());
}

/**
 * The light/dark switch in the header. Its icon follows the `dark` class by CSS alone; its name is the
 * light-theme one until a script runs: React on a hydrated page (admin), the islands script on a reader page
 * (app/islands/theme-toggle.ts), which finds it by `data-theme-toggle`.
 */
export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => "light" as Theme);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      data-theme-toggle=""
      onClick={() => applyTheme(next)}
      aria-label={themeToggleLabel(theme)}
      className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <Moon aria-hidden className="size-5 dark:hidden" />
      <Sun aria-hidden className="hidden size-5 dark:block" />
    </button>
  );
}

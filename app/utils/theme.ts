export type Theme = "light" | "dark";

/** Where the reader's choice is kept in the browser. */
export const THEME_STORAGE_KEY = "theme";

/**
 * Runs in <head> before the first paint: the stored preference, else the system's,
 * becomes the `dark` class on <html>, so a server-rendered page never flashes the wrong theme.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});var d=t==="dark"||(t!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

/** The theme the page shows now (browser only). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** The theme toggle's accessible name while `theme` is shown: it names the other one. */
export function themeToggleLabel(theme: Theme): string {
  return `Switch to ${theme === "dark" ? "light" : "dark"} theme`;
}

/** Shows `theme` and remembers the choice in this browser (browser only). */
export function storeTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be blocked; the choice then lasts for this page only.
  }
}

import { currentTheme, storeTheme, themeToggleLabel } from "~/utils/theme";

/** The header's light/dark switch (components/theme.tsx): its name follows the theme; a click switches. */
export function enhanceThemeToggles(root: ParentNode): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("[data-theme-toggle]")];
  const label = () => buttons.forEach((button) => button.setAttribute("aria-label", themeToggleLabel(currentTheme())));
  for (const button of buttons) {
    button.addEventListener("click", () => {
      storeTheme(currentTheme() === "dark" ? "light" : "dark");
      label();
    });
  }
  label();
}

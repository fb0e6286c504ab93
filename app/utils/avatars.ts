/** Stock avatars for people who would rather not upload a photo; the first is also shown for a profile without one. */
export const STOCK_AVATARS = [
  { url: "/images/avatars/stock-blue.svg", label: "Blue" },
  { url: "/images/avatars/stock-green.svg", label: "Green" },
  { url: "/images/avatars/stock-amber.svg", label: "Amber" },
  { url: "/images/avatars/stock-violet.svg", label: "Violet" },
] as const;

/** The avatar to show for a byline: the person's own, or the first stock one. */
export function avatarOrDefault(avatar: string): string {
  return avatar || STOCK_AVATARS[0].url;
}

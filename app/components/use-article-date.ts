import { formatArticleDate } from "~/utils/dates";
import { useSite } from "./layout/use-site";

/**
 * The reader's date formatter, "Nov 23, 2026", in the newsroom's time zone (TIME_ZONE) from the root
 * loader, so the server's HTML and the hydrated page show the same day wherever the reader is.
 */
export function useArticleDate(): (value: Date | string | null | undefined) => string {
  const { site } = useSite();
  return (value) => formatArticleDate(value, site.timeZone);
}

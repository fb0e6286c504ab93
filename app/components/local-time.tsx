import { useHydrated } from "./use-hydrated";

const withZone = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });

/**
 * A moment shown in the reader's own time zone. The server does not know it, so the first
 * render (server and hydration) shows UTC and the browser then switches to local time.
 */
export function LocalTime({ value }: { value: string }) {
  const hydrated = useHydrated();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{withZone(hydrated ? undefined : "UTC").format(date)}</time>;
}

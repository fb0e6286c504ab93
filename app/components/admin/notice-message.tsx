import { CircleAlert, CircleCheck } from "lucide-react";

/** A one-time message after an admin action. */
export interface Notice {
  kind: "success" | "error";
  text: string;
}

/**
 * The result of the last action. The status region is always in the page, so a screen reader announces
 * a success when it appears; a failure is an alert, which is announced as it is added.
 */
export function NoticeMessage({ notice }: { notice: Notice | null }) {
  return (
    <>
      <div role="status">
        {notice?.kind === "success" ? (
          <p className="flex items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            <CircleCheck aria-hidden className="size-5 shrink-0" />
            {notice.text}
          </p>
        ) : null}
      </div>
      {notice?.kind === "error" ? (
        <div role="alert">
          <p className="flex items-center gap-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <CircleAlert aria-hidden className="size-5 shrink-0" />
            {notice.text}
          </p>
        </div>
      ) : null}
    </>
  );
}

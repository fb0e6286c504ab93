/** The frame of each Profile section. */
export const PROFILE_CARD_CLASS = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/** A small outlined button, for actions beside a row. */
export const SECONDARY_BUTTON_CLASS =
  "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800";

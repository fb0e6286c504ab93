import type { ReactNode } from "react";

/** An honest note for a tab whose tools are not built yet. */
export function TabPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="tab-title"
      className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="tab-title" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-prose text-slate-600 dark:text-slate-400">{children}</p>
    </section>
  );
}

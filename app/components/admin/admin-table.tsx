import type { ReactNode } from "react";

export interface AdminTableColumn {
  label: string;
  /** Extra classes for the header cell: alignment, or hiding it on narrow screens. */
  className?: string;
}

/**
 * The admin area's list tables: a bordered, horizontally scrollable table named by its heading. The scrolling box
 * is a named region in the tab order, so keyboard users can reach and scroll it.
 */
export function AdminTable({
  labelledBy,
  columns,
  tableClassName = "",
  children,
}: {
  labelledBy: string;
  columns: AdminTableColumn[];
  tableClassName?: string;
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <table aria-labelledby={labelledBy} className={`w-full text-left text-sm ${tableClassName}`}>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-3 py-2 font-medium ${column.className ?? ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

/** What a list shows instead of an empty table. */
export function EmptyListNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
      {children}
    </p>
  );
}

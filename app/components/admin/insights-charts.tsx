import type { ReactNode } from "react";
import type { InsightsTable } from "~/utils/insights-tables";

/**
 * The Insights tab's charts (decision 033): small SVGs drawn on the server, no script. Each chart is a picture of
 * a table shown with it; the chart is hidden from assistive technology, which reads the text summary and the table.
 * Shapes scale to the width they get (a phone's too); words and numbers are HTML around them, so they stay legible.
 */

/** Colours of the series, each readable on the light and the dark background. */
export const SERIES_COLOURS = [
  "fill-blue-600 stroke-blue-600 dark:fill-blue-400 dark:stroke-blue-400",
  "fill-amber-500 stroke-amber-500 dark:fill-amber-300 dark:stroke-amber-300",
  "fill-emerald-600 stroke-emerald-600 dark:fill-emerald-400 dark:stroke-emerald-400",
  "fill-slate-500 stroke-slate-500 dark:fill-slate-400 dark:stroke-slate-400",
] as const;

const SWATCH_COLOURS = [
  "bg-blue-600 dark:bg-blue-400",
  "bg-amber-500 dark:bg-amber-300",
  "bg-emerald-600 dark:bg-emerald-400",
  "bg-slate-500 dark:bg-slate-400",
];

export interface Series {
  name: string;
  values: readonly number[];
}

/** The largest value shown, never 0 (an empty chart still has an axis). */
function scaleOf(values: readonly number[]): number {
  return Math.max(1, ...values);
}

function Legend({ series }: { series: readonly Series[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300" aria-hidden>
      {series.map((one, index) => (
        <li key={one.name} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${SWATCH_COLOURS[index % SWATCH_COLOURS.length]}`} />
          {one.name}
        </li>
      ))}
    </ul>
  );
}

/** The frame of a time chart: the top of the scale above, the first and last label below. */
function TimeFrame({ max, first, last, children }: { max: number; first: string; last: string; children: ReactNode }) {
  return (
    <div aria-hidden>
      <div className="text-xs text-slate-600 dark:text-slate-400">{max.toLocaleString("en-US")}</div>
      <div className="h-40 border-b border-l border-slate-300 dark:border-slate-600">{children}</div>
      <div className="mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{first}</span>
        <span>{last}</span>
      </div>
    </div>
  );
}

/** Bars over time, one per label; several series stack. */
export function ColumnChart({ labels, series }: { labels: readonly string[]; series: readonly Series[] }) {
  const totals = labels.map((_, index) => series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0));
  const max = scaleOf(totals);
  const width = labels.length * 10;
  return (
    <>
      <TimeFrame max={max} first={labels[0] ?? ""} last={labels.at(-1) ?? ""}>
        <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="block size-full" focusable="false">
          {labels.map((label, index) => {
            let base = 100;
            return (
              <g key={label}>
                {series.map((one, seriesIndex) => {
                  const height = ((one.values[index] ?? 0) / max) * 100;
                  base -= height;
                  return height > 0 ? (
                    <rect
                      key={one.name}
                      x={index * 10 + 1.5}
                      y={base}
                      width={7}
                      height={height}
                      className={SERIES_COLOURS[seriesIndex % SERIES_COLOURS.length]}
                    />
                  ) : null;
                })}
              </g>
            );
          })}
        </svg>
      </TimeFrame>
      <Legend series={series} />
    </>
  );
}

/** Lines over time, one per series. */
export function LineChart({ labels, series }: { labels: readonly string[]; series: readonly Series[] }) {
  const max = scaleOf(series.flatMap((one) => one.values));
  const step = labels.length > 1 ? 100 / (labels.length - 1) : 0;
  return (
    <>
      <TimeFrame max={max} first={labels[0] ?? ""} last={labels.at(-1) ?? ""}>
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="block size-full overflow-visible" focusable="false">
          {series.map((one, index) => (
            <polyline
              key={one.name}
              points={one.values
                .map((value, at) => `${(at * step).toFixed(2)},${(100 - (value / max) * 96).toFixed(2)}`)
                .join(" ")}
              fill="none"
              strokeWidth={2.5}
              vectorEffect="non-scaling-stroke"
              strokeLinejoin="round"
              className={`fill-none ${SERIES_COLOURS[index % SERIES_COLOURS.length]}`}
            />
          ))}
        </svg>
      </TimeFrame>
      <Legend series={series} />
    </>
  );
}

/** Labelled horizontal bars, largest first as given: categories, articles, issues. */
export function BarList({ items }: { items: readonly { label: string; value: number }[] }) {
  const max = scaleOf(items.map((item) => item.value));
  return (
    <ul aria-hidden className="space-y-2">
      {items.map((item, index) => (
        <li key={`${item.label}-${index}`} className="text-sm">
          <div className="flex justify-between gap-3">
            <span className="min-w-0 truncate">{item.label}</span>
            <span className="shrink-0 tabular-nums">{item.value.toLocaleString("en-US")}</span>
          </div>
          <svg viewBox="0 0 100 4" preserveAspectRatio="none" className="mt-1 block h-2 w-full" focusable="false">
            <rect x={0} y={0} width={100} height={4} className="fill-slate-200 dark:fill-slate-800" />
            <rect x={0} y={0} width={(item.value / max) * 100} height={4} className={SERIES_COLOURS[0]} />
          </svg>
        </li>
      ))}
    </ul>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A table of the tab as a real table: caption, column heads, row heads; with its CSV link. */
export function InsightsDataTable({ table, csvHref }: { table: InsightsTable; csvHref: string }) {
  // Numbers line up on the right, words on the left, heads with their columns.
  const numeric = table.columns.map(
    (_, index) => table.rows.length > 0 && table.rows.every((row) => typeof row[index] === "number"),
  );
  return (
    <div>
      <p className="mb-2 text-sm">
        <a href={csvHref} download className="font-medium text-blue-700 underline dark:text-blue-300">
          Download CSV<span className="sr-only"> of {table.caption.toLowerCase()}</span>
        </a>
      </p>
      {/* A wide table scrolls in its own box on a phone (reachable by keyboard to scroll it); the page does not. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${table.caption} (table)`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{table.caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {table.columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-2 py-1.5 align-bottom font-semibold ${numeric[index] ? "text-right" : ""}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="px-2 py-3 text-slate-600 dark:text-slate-400">
                  Nothing yet.
                </td>
              </tr>
            ) : (
              table.rows.map((row, rowIndex) => (
                <tr key={rowIndex} className="border-b border-slate-100 dark:border-slate-800">
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th
                        key={index}
                        scope="row"
                        className={`px-2 py-1.5 font-normal ${typeof cell === "string" && DAY.test(cell) ? "whitespace-nowrap" : "break-words"}`}
                      >
                        {cell}
                      </th>
                    ) : (
                      <td
                        key={index}
                        className={`px-2 py-1.5 ${typeof cell === "number" ? "text-right tabular-nums" : "whitespace-nowrap"}`}
                      >
                        {typeof cell === "number" ? cell.toLocaleString("en-US") : cell}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

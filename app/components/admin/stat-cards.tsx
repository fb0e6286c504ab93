/** One number of a stats row: its name, and the colour of the number. */
export interface StatCard {
  label: string;
  value: number;
  accent: string;
}

/**
 * A row of counts above an admin table, as a description list so each number is read with its name.
 * `gridClassName` sets the columns; `cardClassName` adds to each card (such as a wider last card).
 */
export function StatCards({
  label,
  cards,
  gridClassName,
  cardClassName = "",
}: {
  label: string;
  cards: StatCard[];
  gridClassName: string;
  cardClassName?: string;
}) {
  return (
    <dl aria-label={label} className={`grid gap-2 sm:gap-3 ${gridClassName}`}>
      {cards.map((card) => (
        <div
          key={card.label}
          className={`min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900 ${cardClassName}`}
        >
          <dt className="text-xs font-medium text-slate-600 sm:text-sm dark:text-slate-400">{card.label}</dt>
          <dd className={`mt-1 text-2xl font-bold tabular-nums ${card.accent}`}>{card.value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}

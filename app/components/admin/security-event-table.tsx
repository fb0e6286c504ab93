import { AdminTable, EmptyListNote } from "~/components/admin/admin-table";
import { LocalTime } from "~/components/local-time";
import type { SecurityEventView } from "~/domain/security-events";

const COLUMNS = [
  { label: "Time" },
  { label: "Event" },
  { label: "By" },
  { label: "Account" },
  { label: "Address" },
  { label: "Browser" },
  { label: "Details" },
];

/** The security log as a table named by its heading: newest first, one event a row. */
export function SecurityEventTable({
  labelledBy,
  events,
  empty,
}: {
  labelledBy: string;
  events: readonly SecurityEventView[];
  empty: string;
}) {
  if (events.length === 0) return <EmptyListNote>{empty}</EmptyListNote>;
  return (
    <AdminTable labelledBy={labelledBy} columns={COLUMNS}>
      {events.map((event) => (
        <tr key={event.id} className="align-top">
          <td className="px-3 py-2 whitespace-nowrap">
            <LocalTime value={event.occurredAt} />
          </td>
          <td className="px-3 py-2 font-medium">{event.kind}</td>
          <td className="px-3 py-2">{event.actor || "—"}</td>
          <td className="px-3 py-2">{event.subject || "—"}</td>
          <td className="px-3 py-2 font-mono text-xs">{event.clientAddress || "—"}</td>
          <td className="px-3 py-2">{event.browser || "—"}</td>
          <td className="px-3 py-2 text-slate-600 dark:text-slate-400">{event.detail}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

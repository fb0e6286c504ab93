import { SecurityEventTable } from "~/components/admin/security-event-table";
import type { SecurityEventView } from "~/domain/security-events";

/** Profile's "Your security activity": the latest events of one's own account, as the administrators' log keeps them. */
export function SecurityActivity({ events }: { events: readonly SecurityEventView[] }) {
  return (
    <section aria-labelledby="security-activity-heading" className="space-y-3">
      <div>
        <h3 id="security-activity-heading" className="text-lg font-bold">
          Your security activity
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The latest sign-ins and changes to your account. If you do not recognise one, change your password and sign out your
          other sessions.
        </p>
      </div>
      <SecurityEventTable labelledBy="security-activity-heading" events={events} empty="Nothing recorded yet." />
    </section>
  );
}

import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { SecurityEventTable } from "~/components/admin/security-event-table";
import { servicesContext } from "~/context";
import { SECURITY_EVENT_KINDS, SECURITY_EVENT_KIND_LIST } from "~/domain/security-events";
import { staffHandle } from "~/route-handle";
import { adminMeta } from "~/utils/seo";
import { parseSecurityLogQuery, securityLogPeriod, securityLogSearch } from "~/validation/security-log";
import { securityEventView } from "~/services/security/security-event-view.server";
import { SubmitButton } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";
import type { Route } from "./+types/security";
import { requirePermission } from "./guard.server";

export const handle = staffHandle;

export const meta: Route.MetaFunction = () => adminMeta("Security · Admin");

/** The security log of every account, newest first, narrowed by person, kind and period; 50 rows a page. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "security.view");
  const { securityLog, admins, site } = args.context.get(servicesContext);
  const query = parseSecurityLogQuery(args.request.url);
  const [people, page] = await Promise.all([
    admins.list(),
    securityLog.list(
      { personId: query.person, kind: query.kind, ...securityLogPeriod(query, site.timeZone) },
      { beforeId: query.before },
    ),
  ]);
  const last = page.events.at(-1);
  return {
    query,
    people: people.map(({ id, username }) => ({ id, username })),
    events: page.events.map(securityEventView),
    older: page.more && last ? securityLogSearch(query, { before: String(last.id) }) : null,
    newest: query.before === undefined ? null : securityLogSearch(query),
    csv: `/admin/security.csv${securityLogSearch(query)}`,
  };
}

const labelClass = "mb-1 block text-sm font-medium";

export default function SecurityTab({ loaderData }: Route.ComponentProps) {
  const { query, people, events, older, newest, csv } = loaderData;
  const filtered = Boolean(query.person || query.kind || query.from || query.to);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="security-log-heading" className="text-xl font-bold">
            Security log
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Sign-ins, second steps, sessions, passwords, roles, invitations, settings and exports of every account, kept for a
            year.
          </p>
        </div>
        <a
          href={csv}
          download
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Security log"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <label htmlFor="security-person" className={labelClass}>
            Person
          </label>
          <select id="security-person" name="person" defaultValue={query.person ?? ""} className={INPUT_CLASS}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.username}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="security-kind" className={labelClass}>
            Kind
          </label>
          <select id="security-kind" name="kind" defaultValue={query.kind ?? ""} className={INPUT_CLASS}>
            <option value="">Every kind</option>
            {SECURITY_EVENT_KIND_LIST.map((kind) => (
              <option key={kind} value={kind}>
                {SECURITY_EVENT_KINDS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="security-from" className={labelClass}>
            From
          </label>
          <input id="security-from" type="date" name="from" defaultValue={query.from ?? ""} className={INPUT_CLASS} />
        </div>
        <div>
          <label htmlFor="security-to" className={labelClass}>
            To
          </label>
          <input id="security-to" type="date" name="to" defaultValue={query.to ?? ""} className={INPUT_CLASS} />
        </div>
        <div className="flex items-center gap-3">
          <SubmitButton>Show</SubmitButton>
          {filtered ? (
            <Link to="/admin/security" className="text-sm font-medium text-blue-700 underline dark:text-blue-300">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      <SecurityEventTable
        labelledBy="security-log-heading"
        events={events}
        empty={filtered ? "No event matches these filters." : "No security event has been recorded yet."}
      />

      {older || newest ? (
        <nav aria-label="Security log pages" className="flex gap-4 text-sm font-medium">
          {newest !== null ? (
            <Link to={`/admin/security${newest}`} className="text-blue-700 underline dark:text-blue-300">
              Newest events
            </Link>
          ) : null}
          {older ? (
            <Link to={`/admin/security${older}`} className="text-blue-700 underline dark:text-blue-300">
              Older events
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

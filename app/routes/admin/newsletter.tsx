import { RecentSubscribers, SubscriberStatsCards } from "~/components/admin/subscriber-overview";
import { servicesContext } from "~/context";
import { adminMeta } from "~/utils/seo";
import type { Route } from "./+types/newsletter";
import { requireAdmin } from "./guard.server";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter Management · Admin");

/** The spec's "first 10" subscribers. */
const RECENT_SUBSCRIBERS = 10;

/** Subscriber counts and the newest subscribers. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { subscribers } = args.context.get(servicesContext);
  const [stats, recent] = await Promise.all([subscribers.stats(), subscribers.recent(RECENT_SUBSCRIBERS)]);
  return { stats, recent };
}

export default function NewsletterManagementTab({ loaderData }: Route.ComponentProps) {
  const { stats, recent } = loaderData;
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold">Newsletter Management</h2>
      <SubscriberStatsCards stats={stats} />
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        Writing and sending the weekly digest from this tab is coming in the next version of Byline. Readers can already subscribe
        on every page.
      </p>
      <RecentSubscribers subscribers={recent} total={stats.total} exportHref="/admin/newsletter/subscribers.csv" />
    </div>
  );
}

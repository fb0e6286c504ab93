import { useRouteLoaderData } from "react-router";
import { SessionBanner } from "~/components/admin/session-banner";
import { TabPlaceholder } from "~/components/admin/tab-placeholder";
import type { Route } from "./+types/articles";
import { requireAdmin } from "./guard.server";
import { adminMeta } from "~/utils/seo";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = () => adminMeta("Article Management · Admin");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function ArticleManagementTab() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  return (
    <div className="space-y-6">
      {layout ? <SessionBanner session={layout} serverNow={layout.serverNow} /> : null}
      <TabPlaceholder title="Article Management">
        The article table, with its search, filters and the publish, unpublish, edit and delete actions, is the next part being
        built. Until then, articles are added with <code>npm run import</code>.
      </TabPlaceholder>
    </div>
  );
}

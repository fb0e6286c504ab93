import { TabPlaceholder } from "~/components/admin/tab-placeholder";
import type { Route } from "./+types/newsletter";
import { requireAdmin } from "./guard.server";
import { adminMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter Management · Admin");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function NewsletterManagementTab() {
  return (
    <TabPlaceholder title="Newsletter Management">
      Subscribers can already sign up on every page. Writing and sending the weekly digest is not available yet in this version of
      Byline.
    </TabPlaceholder>
  );
}

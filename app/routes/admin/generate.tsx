import { Link } from "react-router";
import { TabPlaceholder } from "~/components/admin/tab-placeholder";
import type { Route } from "./+types/generate";
import { requireAdmin } from "./guard.server";
import { adminMeta } from "~/utils/seo";

export const meta: Route.MetaFunction = () => adminMeta("Article Generation · Admin");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function ArticleGenerationTab() {
  return (
    <TabPlaceholder title="Article Generation">
      Generating drafts with AI from the past week's news is not available yet in this version of Byline. Meanwhile, write
      articles by hand with <strong>New article</strong> in{" "}
      <Link to="/admin/articles" className="font-medium underline">
        Article Management
      </Link>
      .
    </TabPlaceholder>
  );
}

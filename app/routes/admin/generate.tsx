import { TabPlaceholder } from "~/components/admin/tab-placeholder";
import type { Route } from "./+types/generate";
import { requireAdmin } from "./guard.server";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export default function ArticleGenerationTab() {
  return (
    <>
      <title>Article Generation · Admin</title>
      <TabPlaceholder title="Article Generation">
        Generating drafts with AI from the past week's news is not available yet in this version of Byline.
      </TabPlaceholder>
    </>
  );
}

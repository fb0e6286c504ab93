import { data, Link, redirect } from "react-router";
import type { Notice } from "~/components/admin/notice-message";
import { RevisionHistory } from "~/components/admin/revision-history";
import { servicesContext } from "~/context";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/http";
import { diffPageRevisions } from "~/utils/page-revisions";
import { shownRevision } from "~/utils/revisions";
import { adminMeta } from "~/utils/seo";
import { PageId, pageHistoryAddress, PAGE_TEXTS } from "~/validation/page";
import { chooseComparison, RestoreRevisionForm, REVISION_TEXTS } from "~/validation/revisions";
import type { Route } from "./+types/page-history";
import { requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice } from "./notice.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `History: ${loaderData.page.title} · Admin` : "History · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

async function backToList() {
  return redirect("/admin/pages", { headers: await noticeHeaders({ kind: "error", text: PAGE_TEXTS.missing }) });
}

/** A page's History: its revisions newest first, the comparison of two, and the confirmation of a restore. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "pages.manage");
  const id = PageId.safeParse(args.params.id);
  const { pages, site } = args.context.get(servicesContext);
  const page = id.success ? await pages.find(id.data) : null;
  if (!page || !id.success) throw await backToList();
  const [list, { notice, headers }] = await Promise.all([pages.revisions(page.id), takeNotice(args.request)]);
  const shown = list.map((revision, index) =>
    shownRevision(revision, list.length - index, (date) => formatDateTime(date, site.timeZone)),
  );
  const { from, to, restore, understood } = chooseComparison(shown, Object.fromEntries(new URL(args.request.url).searchParams));
  const versions = from !== undefined && to !== undefined ? await pages.versions(page.id, [from, to]) : [];
  const older = versions.find((version) => version.id === from);
  const newer = versions.find((version) => version.id === to);
  return data(
    {
      page: { id: page.id, title: page.title, deleted: page.deletedAt !== null },
      revisions: shown,
      from: from ?? null,
      to: to ?? null,
      diff: older && newer ? diffPageRevisions(older, newer) : null,
      canEdit: page.deletedAt === null,
      confirmRestore: page.deletedAt === null ? (restore ?? null) : null,
      notice: notice ?? (understood ? null : ({ kind: "error", text: REVISION_TEXTS.unknownRevision } satisfies Notice)),
    },
    { headers },
  );
}

/** Restore: the page takes the revision's text and fields; its address and status stay. */
export async function action(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "pages.manage");
  const id = PageId.safeParse(args.params.id);
  if (!id.success) throw await backToList();
  const { pages, logger } = args.context.get(servicesContext);
  const parsed = RestoreRevisionForm.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return data({ notice: { kind: "error", text: REVISION_TEXTS.badRequest } satisfies Notice }, 400);
  try {
    const restored = await pages.restore(id.data, parsed.data.revisionId, { by: actor.adminId });
    if (restored.outcome === "missing") {
      return data({ notice: { kind: "error", text: REVISION_TEXTS.missingRevision } satisfies Notice }, 404);
    }
    return redirect(pageHistoryAddress(id.data), {
      status: 303,
      headers: await noticeHeaders({ kind: "success", text: PAGE_TEXTS.restored }),
    });
  } catch (error) {
    logger.error({ err: error, pageId: id.data, revisionId: parsed.data.revisionId }, "page revision restore failed");
    return data({ notice: { kind: "error", text: REVISION_TEXTS.restoreFailed } satisfies Notice }, 500);
  }
}

export default function PageHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <RevisionHistory
      {...loaderData}
      title={page.title}
      notice={actionData?.notice ?? loaderData.notice}
      navLabel="Page"
      nav={
        <>
          {page.deleted ? null : (
            <Link to={`/admin/pages/${page.id}/edit`} className="text-blue-700 underline dark:text-blue-400">
              Edit page
            </Link>
          )}
          <Link to="/admin/pages" className="text-blue-700 underline dark:text-blue-400">
            Back to pages
          </Link>
        </>
      }
      historyHref={(compare) => pageHistoryAddress(page.id, compare)}
      restoreText={(revision) => (
        <>
          The title, texts and fields go back to revision {revision.number} ({revision.kind.toLowerCase()} by {revision.author},{" "}
          {revision.time}). Its address and status stay as they are. The restore is kept as a new revision, so nothing is lost.
          The comparison below shows what changes.
        </>
      )}
      emptyText="This page has no revisions yet."
    />
  );
}

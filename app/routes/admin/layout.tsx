import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ADMIN_TABS, AdminHeader } from "~/components/admin/admin-header";
import { AdminShell } from "~/components/admin/admin-shell";
import { LoginScreen } from "~/components/admin/login-screen";
import { servicesContext } from "~/context";
import type { Route } from "./+types/layout";
import { requireAdmin, type SignInRequired } from "./guard.server";
import { can } from "~/domain/permissions";
import { adminMeta } from "~/utils/seo";
import { staffHandle } from "~/route-handle";

export const handle = staffHandle;

/** Without a session the error boundary shows the login screen, and the title says so. */
export const meta: Route.MetaFunction = ({ error }) => adminMeta(error ? "Admin Access" : "Admin Dashboard");

/**
 * Every /admin page: the signed-in admin for the header, or the login screen (a 401) without a session. Someone who
 * owes their role's second step sees no tabs: the page below (its own guard) only lets them set it up.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args, { whileSecondStepOwed: "allow" });
  const { clock } = args.context.get(servicesContext);
  return {
    username: admin.username,
    displayName: admin.displayName,
    role: admin.role,
    tabs: admin.secondStepOwed
      ? []
      : ADMIN_TABS.filter((tab) => can(admin, tab.permission)).map(({ href, label }) => ({ href, label })),
    expiresAt: admin.expiresAt.toISOString(),
    serverNow: clock.now().toISOString(),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell>
      <AdminHeader
        displayName={loaderData.displayName}
        role={loaderData.role}
        tabs={loaderData.tabs}
        expiresAt={loaderData.expiresAt}
      />
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <Outlet />
      </div>
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) {
    const { noAdminYet, reason } = error.data as SignInRequired;
    return (
      <AdminShell>
        <LoginScreen noAdminYet={noAdminYet} reason={reason} />
      </AdminShell>
    );
  }
  return (
    <AdminShell>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold">
          {isRouteErrorResponse(error) && error.status === 404
            ? "Page not found"
            : isRouteErrorResponse(error) && error.status === 403
              ? "Not allowed"
              : "Something went wrong"}
        </h1>
        <p className="text-slate-600 dark:text-slate-400">
          {isRouteErrorResponse(error) && (error.status === 400 || error.status === 403) && typeof error.data === "string"
            ? error.data
            : "Please try refreshing the page"}
        </p>
        <a href="/admin" className="rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700">
          Back to the dashboard
        </a>
      </div>
    </AdminShell>
  );
}

import { LogOut } from "lucide-react";
import { Form, NavLink } from "react-router";
import { ROLE_LABELS, type AreaAction, type StaffRole } from "~/domain/permissions";
import { LocalTime } from "../local-time";

/**
 * The dashboard's tabs, each at its own address so it can be linked and reloaded, and each shown to the
 * roles whose permission it needs (the route checks the same permission).
 */
export const ADMIN_TABS: readonly { href: string; label: string; permission: AreaAction }[] = [
  { href: "/admin/generate", label: "Article Generation", permission: "generation.run" },
  { href: "/admin/articles", label: "Article Management", permission: "admin.enter" },
  { href: "/admin/newsletter", label: "Newsletter Management", permission: "newsletter.manage" },
  { href: "/admin/sections", label: "Sections", permission: "sections.manage" },
  { href: "/admin/insights", label: "Insights", permission: "insights.view" },
  { href: "/admin/pages", label: "Pages", permission: "pages.manage" },
  { href: "/admin/staff", label: "Staff", permission: "staff.manage" },
  { href: "/admin/security", label: "Security", permission: "security.view" },
  { href: "/admin/settings", label: "Settings", permission: "settings.manage" },
  { href: "/admin/tags", label: "Tags", permission: "tags.manage" },
  { href: "/admin/navigation", label: "Navigation", permission: "navigation.manage" },
  { href: "/admin/profile", label: "Profile", permission: "admin.enter" },
];

interface AdminHeaderProps {
  displayName: string;
  role: StaffRole;
  tabs: readonly { href: string; label: string }[];
  expiresAt: string;
}

/** The dashboard header: the welcome line with the name, role and when the session expires, Sign Out, and the tabs. */
export function AdminHeader({ displayName, role, tabs, expiresAt }: AdminHeaderProps) {
  return (
    <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold">Admin Dashboard</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Welcome, <strong className="font-semibold text-slate-900 dark:text-slate-100">{displayName}</strong>. Your session
              expires <LocalTime value={expiresAt} />.
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Role: <strong className="font-semibold text-slate-900 dark:text-slate-100">{ROLE_LABELS[role]}</strong>
            </p>
          </div>
          <Form method="post" action="/auth/logout">
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <LogOut aria-hidden className="size-4" />
              Sign Out
            </button>
          </Form>
        </div>
        <nav aria-label="Admin sections" className="-mb-px mt-6">
          <ul className="flex flex-wrap gap-1">
            {tabs.map((tab) => (
              <li key={tab.href}>
                <NavLink
                  to={tab.href}
                  className={({ isActive }) =>
                    `flex h-full items-end justify-center border-b-2 px-2 py-2.5 text-center text-sm font-medium sm:px-3 ${
                      isActive
                        ? "border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300"
                        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                    }`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

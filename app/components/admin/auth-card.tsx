import type { ComponentType, ReactNode } from "react";
import { AdminShell } from "./admin-shell";

/** The frame of the pages a person reaches before signing in by a link: an icon, a heading, a word of introduction. */
export function AuthCard({
  icon: Icon,
  title,
  intro,
  children,
}: {
  icon: ComponentType<{ "aria-hidden"?: boolean; className?: string }>;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminShell>
      <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-20">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
              <Icon aria-hidden className="size-6" />
            </span>
            <h1 className="text-2xl font-bold">{title}</h1>
            {intro ? <p className="text-slate-600 dark:text-slate-400">{intro}</p> : null}
          </div>
          {children}
        </div>
      </div>
    </AdminShell>
  );
}

/** A form's refusal in such a card, announced as it appears. */
export function AuthAlert({ text }: { text: string | undefined }) {
  return (
    <div role="alert" className="empty:hidden">
      {text ? (
        <p className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {text}
        </p>
      ) : null}
    </div>
  );
}

/** Why a link does not work: the sentence its loader threw, or `fallback` for anything else that went wrong. */
export function linkProblemText(error: unknown, fallback: string): string {
  return error && typeof error === "object" && "data" in error && typeof error.data === "string" ? error.data : fallback;
}

/** A link that does not work, in the admin frame: the reason, and where to go instead. */
export function AuthLinkProblem({ title, message, to, label }: { title: string; message: string; to: string; label: string }) {
  return (
    <AdminShell>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-slate-600 dark:text-slate-400">{message}</p>
        <a href={to} className="rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700">
          {label}
        </a>
      </div>
    </AdminShell>
  );
}

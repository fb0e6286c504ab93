import { data } from "react-router";
import { NewsletterComposer, type NewsletterActionData } from "~/components/admin/newsletter-composer";
import { DeliveryProgress, IssueHistory, useDeliveryPolling } from "~/components/admin/newsletter-deliveries";
import { RecentSubscribers, SubscriberStatsCards } from "~/components/admin/subscriber-overview";
import { servicesContext } from "~/context";
import { NewsletterError } from "~/services/newsletter/newsletter-errors.server";
import { DEFAULT_MODEL_ID } from "~/utils/ai-models";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { NewsletterForm, sendingText } from "~/validation/newsletter-issue";
import type { Route } from "./+types/newsletter";
import { requirePermission } from "./guard.server";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter Management · Admin");

/** The spec's "first 10" subscribers. */
const RECENT_SUBSCRIBERS = 10;

/** Subscriber counts and the newest subscribers, the model choices, the draft, and the issues sent. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "newsletter.manage");
  const { subscribers, newsletter, generation } = args.context.get(servicesContext);
  const { providers } = generation;
  const [stats, recent, draft, history] = await Promise.all([
    subscribers.stats(),
    subscribers.recent(RECENT_SUBSCRIBERS),
    newsletter.currentDraft(),
    newsletter.history(),
  ]);
  const models = providers.catalogue.map((model) => ({
    ...model,
    needsKey: model.provider !== "compatible" && !providers.hasServerKey(model.provider),
  }));
  const defaultModel = models.some((model) => model.id === DEFAULT_MODEL_ID)
    ? DEFAULT_MODEL_ID
    : (models[0]?.id ?? DEFAULT_MODEL_ID);
  return { stats, recent, draft, history, models, defaultModel };
}

/** Generate Newsletter (the draft) and Send Newsletter (the draft to every active subscriber). */
export async function action(args: Route.ActionArgs) {
  const admin = await requirePermission(args, "newsletter.manage");
  const { newsletter, logger } = args.context.get(servicesContext);
  const parsed = NewsletterForm.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) {
    const text = parsed.error.issues[0]?.message ?? "Please check the form.";
    return data<NewsletterActionData>({ notice: { kind: "error", text } }, 400);
  }
  const form = parsed.data;
  try {
    if (form.intent === "generate") {
      const draft = await newsletter.generate({ modelId: form.model, formKey: form.apiKey, adminId: admin.adminId });
      return data<NewsletterActionData>({
        notice: { kind: "success", text: `Newsletter generated: “${draft.subject}”. Preview it, then send it.` },
      });
    }
    const { recipients } = await newsletter.sendDraft(form.draftId);
    return data<NewsletterActionData>({ notice: { kind: "success", text: sendingText(recipients) } });
  } catch (error) {
    if (error instanceof NewsletterError) {
      const keyProblem = error.code === "MISSING_KEY" || error.code === "INVALID_KEY_FORMAT";
      return data<NewsletterActionData>(
        { notice: { kind: "error", text: error.message }, fieldErrors: keyProblem ? { apiKey: error.message } : undefined },
        400,
      );
    }
    logger.error({ err: error, intent: form.intent }, "a newsletter action failed");
    const text = form.intent === "generate" ? "Failed to generate newsletter" : "Failed to send newsletter";
    return data<NewsletterActionData>({ notice: { kind: "error", text } }, 500);
  }
}

export default function NewsletterManagementTab({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, recent, draft, history, models, defaultModel } = loaderData;
  const latest = history[0];
  const sending = history.some((issue) => issue.status === "sending" || issue.status === "preparing");
  useDeliveryPolling(sending);
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold">Newsletter Management</h2>
      <SubscriberStatsCards stats={stats} />
      <NewsletterComposer
        models={models}
        defaultModel={defaultModel}
        draft={draft}
        activeSubscribers={stats.active}
        result={actionData}
        sending={sending}
      />
      {latest ? <DeliveryProgress issue={latest} /> : null}
      <IssueHistory issues={history} />
      <RecentSubscribers subscribers={recent} total={stats.total} exportHref="/admin/newsletter/subscribers.csv" />
    </div>
  );
}

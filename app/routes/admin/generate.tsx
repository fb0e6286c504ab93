import { data, redirect } from "react-router";
import { GenerationInfo } from "~/components/admin/generation-info";
import { GenerationHistory, GenerationStatus } from "~/components/admin/generation-status";
import { GeneratorForm, type GeneratorActionData } from "~/components/admin/generator-form";
import { servicesContext } from "~/context";
import { GenerationError, UNAUTHORIZED_MESSAGE } from "~/services/generation/generation-errors.server";
import { DEFAULT_MODEL_ID } from "~/utils/ai-models";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { apiKeySubmitProblem, DismissJob, GENERATION_FORM_TEXTS, GenerationRequest } from "~/validation/generation";
import type { Route } from "./+types/generate";
import { requirePermission } from "./guard.server";

export const meta: Route.MetaFunction = () => adminMeta("Article Generation · Admin");

/** The form's choices, the latest jobs with the drafts they made, and the trusted outlets. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "generation.run");
  const { generation, editorial, site, sections } = args.context.get(servicesContext);
  const params = new URL(args.request.url).searchParams;
  const { providers, outlets, jobs } = generation;
  const models = providers.catalogue.map((model) => ({
    ...model,
    needsKey: model.provider !== "compatible" && !providers.hasServerKey(model.provider),
  }));
  const recent = await jobs.recent();
  const drafts = await editorial.headlines([...new Set(recent.flatMap((job) => job.articleIds))]);
  const wantedModel = params.get("model");
  const wantedCategory = params.get("category") ?? "";
  return {
    models,
    defaults: {
      model: models.some((model) => model.id === wantedModel)
        ? (wantedModel ?? DEFAULT_MODEL_ID)
        : (models[0]?.id ?? DEFAULT_MODEL_ID),
      category: sections.byName(wantedCategory) ? wantedCategory : (sections.list()[0]?.name ?? ""),
    },
    jobs: recent,
    drafts,
    sources: outlets.filter((outlet) => outlet.showcase).map(({ outlet, homepage }) => ({ outlet, homepage })),
    siteName: site.name,
  };
}

/**
 * Generate: the form checked with its schema and the key rules, then a job that runs in the background;
 * back to the tab, which follows its progress. Dismiss hides a job's status box.
 */
export async function action(args: Route.ActionArgs) {
  const admin = await requirePermission(args, "generation.run", { reason: UNAUTHORIZED_MESSAGE });
  const { generation, sections, logger } = args.context.get(servicesContext);
  const form = Object.fromEntries(await readForm(args.request));

  if (form.intent === "dismiss") {
    const dismissed = DismissJob.safeParse(form);
    if (dismissed.success) await generation.jobs.dismiss(dismissed.data.jobId);
    return redirect(`/admin/generate${new URL(args.request.url).search}`, 303);
  }

  const parsed = GenerationRequest.safeParse(form);
  if (!parsed.success) {
    const fieldErrors: GeneratorActionData["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form") as keyof typeof fieldErrors;
      fieldErrors[field] ??= issue.message;
    }
    return data<GeneratorActionData>({ fieldErrors }, 400);
  }
  const request = parsed.data;
  if (!sections.byName(request.category))
    return data<GeneratorActionData>({ fieldErrors: { category: GENERATION_FORM_TEXTS.category } }, 400);
  try {
    const model = generation.providers.resolveModel(request.model);
    if (model.provider !== "compatible" && !generation.providers.hasServerKey(model.provider)) {
      const problem = apiKeySubmitProblem(model.provider, request.apiKey ?? "");
      if (problem) return data<GeneratorActionData>({ fieldErrors: { apiKey: problem } }, 400);
    }
    await generation.jobs.start({
      adminId: admin.adminId,
      category: request.category,
      topic: request.topic,
      modelId: model.id,
      count: request.count,
      formKey: request.apiKey,
    });
  } catch (error) {
    if (error instanceof GenerationError) return data<GeneratorActionData>({ formError: error.message }, 400);
    logger.error({ err: error }, "could not start a generation job");
    return data<GeneratorActionData>({ formError: "The generation could not be started. Please try again." }, 500);
  }
  return redirect(`/admin/generate?${new URLSearchParams({ category: request.category, model: request.model })}`, 303);
}

export default function ArticleGenerationTab({ loaderData, actionData }: Route.ComponentProps) {
  const { models, defaults, jobs, drafts, sources, siteName } = loaderData;
  const latest = jobs[0];
  const busy = latest !== undefined && (latest.status === "queued" || latest.status === "running");
  const lastSuccess = jobs.find((job) => job.status === "succeeded" || job.status === "partial");
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-bold">Article Generation</h2>
      <GeneratorForm models={models} defaults={defaults} result={actionData} busy={busy} resetTopicKey={lastSuccess?.id ?? 0} />
      {latest && !latest.dismissed ? <GenerationStatus job={latest} drafts={drafts} /> : null}
      <GenerationInfo sources={sources} siteName={siteName} />
      <GenerationHistory jobs={jobs} drafts={drafts} />
    </div>
  );
}

import { LoaderCircle, Sparkles } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Category } from "~/domain/sections";
import { useSectionNames } from "~/components/layout/use-site";
import { generateButtonText } from "~/validation/generation";
import { FIELD, ModelKeyFields, useModelKey, type ModelChoice } from "./model-key-fields";
import { FieldError } from "~/components/ui/field";

/** What the generate action answers when it does not start a job. */
export interface GeneratorActionData {
  fieldErrors?: Partial<Record<"category" | "topic" | "model" | "count" | "apiKey", string>>;
  formError?: string;
}

export type { ModelChoice };

/**
 * The spec's generator form: category (default AI), an optional topic, the model (name, description,
 * provider) and, when the server holds no key for that provider, a password field checked by the key
 * rules as one types. The key is sent with the one request that starts a job, and kept nowhere.
 */
export function GeneratorForm({
  models,
  defaults,
  result,
  busy,
  resetTopicKey,
}: {
  models: ModelChoice[];
  defaults: { model: string; category: Category };
  result: GeneratorActionData | undefined;
  /** A job is running: one at a time. */
  busy: boolean;
  /** Changes when a job succeeds, which clears the topic. */
  resetTopicKey: number;
}) {
  const sectionNames = useSectionNames();
  const navigation = useNavigation();
  const [category, setCategory] = useState<Category>(defaults.category);
  const modelKey = useModelKey(models, defaults.model, result?.fieldErrors?.apiKey);
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/generate") === true;
  const disabled = busy || submitting || modelKey.blocked;

  return (
    <Form
      method="post"
      aria-labelledby="generator-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      onSubmit={modelKey.checkOnSubmit}
    >
      <div className="flex items-center gap-2">
        <Sparkles aria-hidden className="size-5 text-blue-600 dark:text-blue-400" />
        <h3 id="generator-heading" className="text-lg font-semibold">
          Generate articles from this week's news
        </h3>
      </div>
      <input type="hidden" name="intent" value="generate" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="gen-category" className="mb-1 block text-sm font-medium">
            Category
          </label>
          <select
            id="gen-category"
            name="category"
            value={category}
            onChange={(event) => setCategory(event.target.value as Category)}
            className={FIELD}
          >
            {sectionNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="gen-topic" className="mb-1 block text-sm font-medium">
            Specific topic or keywords <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <input
            key={resetTopicKey}
            id="gen-topic"
            name="topic"
            type="text"
            maxLength={200}
            placeholder="e.g. OpenAI, ransomware, foldable phones"
            aria-invalid={result?.fieldErrors?.topic ? true : undefined}
            aria-describedby={result?.fieldErrors?.topic ? "gen-topic-error" : undefined}
            className={FIELD}
          />
          <FieldError id="gen-topic-error" error={result?.fieldErrors?.topic} />
        </div>
      </div>
      <ModelKeyFields idPrefix="gen" state={modelKey} />
      {result?.formError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {result.formError}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {([1, 3] as const).map((count) => (
          <button
            key={count}
            type="submit"
            name="count"
            value={count}
            disabled={disabled}
            className={
              count === 1
                ? "inline-flex items-center justify-center gap-2 rounded-lg bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50"
                : "inline-flex items-center justify-center gap-2 rounded-lg border border-blue-700 px-4 py-2 font-medium text-blue-800 hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-blue-400 dark:text-blue-200 dark:hover:bg-blue-950"
            }
          >
            {submitting && Number(navigation.formData?.get("count")) === count ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : null}
            {generateButtonText(count, category)}
          </button>
        ))}
        {busy ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">A generation job is running; wait for it to finish.</p>
        ) : null}
      </div>
    </Form>
  );
}

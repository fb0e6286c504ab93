import { useState, type FormEvent } from "react";
import type { AiModel } from "~/utils/ai-models";
import { AI_PROVIDERS, apiKeyFormatProblem, apiKeySubmitProblem } from "~/validation/generation";

export interface ModelChoice extends AiModel {
  /** No server key for this provider: the form asks for one. */
  needsKey: boolean;
}

export const FIELD =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
const INVALID = "border-red-600 focus:border-red-600 focus:ring-red-600/30 dark:border-red-500";

/**
 * The model and provider key a form sends: the chosen model, the typed key checked by the spec's rules
 * as one types (`blocked` disables the submit buttons), and the check on submit. The server's answer
 * about the key (`serverKeyError`) holds until the key is edited.
 */
export function useModelKey(models: ModelChoice[], defaultModel: string, serverKeyError: string | undefined) {
  const [modelId, setModelId] = useState(defaultModel);
  const [apiKey, setApiKey] = useState("");
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);
  const [keyEdited, setKeyEdited] = useState(false);
  const model = models.find((entry) => entry.id === modelId) ?? models[0];
  const keyed = model && model.needsKey && model.provider !== "compatible" ? model.provider : null;
  const inlineProblem = keyed ? apiKeyFormatProblem(keyed, apiKey) : null;
  return {
    models,
    model,
    keyed,
    apiKey,
    keyError: inlineProblem ?? submitProblem ?? (keyed && !keyEdited ? serverKeyError : undefined) ?? null,
    /** An invalid key is typed: the submit buttons stay disabled. */
    blocked: inlineProblem !== null,
    chooseModel(id: string) {
      setModelId(id);
      setSubmitProblem(null);
    },
    typeKey(value: string) {
      setApiKey(value);
      setSubmitProblem(null);
      setKeyEdited(true);
    },
    /** The form's onSubmit: stops a submission whose key is empty or invalid and says why. */
    checkOnSubmit(event: FormEvent) {
      setKeyEdited(false);
      if (!keyed) return;
      const problem = apiKeySubmitProblem(keyed, apiKey);
      setSubmitProblem(problem);
      if (problem) event.preventDefault();
    },
  };
}

/** The model select (name, provider, description) and, when the server holds no key for it, the key field. */
export function ModelKeyFields({ idPrefix, state }: { idPrefix: string; state: ReturnType<typeof useModelKey> }) {
  const { models, model, keyed, apiKey, keyError } = state;
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-model`} className="mb-1 block text-sm font-medium">
          AI model
        </label>
        <select
          id={`${idPrefix}-model`}
          name="model"
          value={model?.id ?? ""}
          onChange={(event) => state.chooseModel(event.target.value)}
          aria-describedby={`${idPrefix}-model-description`}
          className={FIELD}
        >
          {models.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name} ({entry.providerName}): {entry.description}
            </option>
          ))}
        </select>
        {model ? (
          <p id={`${idPrefix}-model-description`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            <span className="font-medium text-slate-800 dark:text-slate-200">{model.name}</span> by {model.providerName}.{" "}
            {model.description}
          </p>
        ) : null}
      </div>
      {keyed ? (
        <div>
          <label htmlFor={`${idPrefix}-api-key`} className="mb-1 block text-sm font-medium">
            {AI_PROVIDERS[keyed].name} API key
          </label>
          <input
            id={`${idPrefix}-api-key`}
            name="apiKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => state.typeKey(event.target.value)}
            placeholder={`${AI_PROVIDERS[keyed].keyPrefix}...`}
            aria-invalid={keyError ? true : undefined}
            aria-describedby={keyError ? `${idPrefix}-api-key-error` : `${idPrefix}-api-key-hint`}
            className={`${FIELD} ${keyError ? INVALID : ""}`}
          />
          {keyError ? (
            <p id={`${idPrefix}-api-key-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {keyError}
            </p>
          ) : (
            <p id={`${idPrefix}-api-key-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Used for this request only; it is never stored.
            </p>
          )}
        </div>
      ) : model ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {model.provider === "compatible"
            ? `${model.providerName} runs on this newsroom's own server: no API key is needed.`
            : `A server key for ${model.providerName} is configured: no API key is needed here.`}
        </p>
      ) : null}
    </>
  );
}

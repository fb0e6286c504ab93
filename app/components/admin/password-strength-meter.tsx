import { useEffect, useState } from "react";
import { loadPasswordScorer, MIN_PASSWORD_SCORE, type PasswordScorer, type PasswordStrength } from "~/utils/password-strength";

const BAR_COLOURS = ["bg-red-600", "bg-orange-500", "bg-amber-500", "bg-green-600", "bg-green-700"] as const;

/**
 * How guessable the new password is, as the server will judge it (OWASP ASVS 2.1.8): a bar of four steps and its
 * words, announced as they change. The estimate's dictionaries load the first time something is typed; without
 * JavaScript the server's answer says the same.
 */
export function PasswordStrengthMeter({ id, password }: { id: string; password: string }) {
  const [scorer, setScorer] = useState<{ score: PasswordScorer } | null>(null);
  const wanted = password !== "";
  useEffect(() => {
    if (!wanted || scorer) return;
    let current = true;
    loadPasswordScorer().then(
      (score) => {
        if (current) setScorer({ score });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, scorer]);

  const strength: PasswordStrength | null = scorer && wanted ? scorer.score(password, []) : null;
  const tooWeak = strength !== null && strength.score < MIN_PASSWORD_SCORE;
  return (
    <div className="mt-2">
      <div aria-hidden className="flex gap-1">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${
              strength && strength.score >= step ? BAR_COLOURS[strength.score] : "bg-slate-200 dark:bg-slate-700"
            }`}
          />
        ))}
      </div>
      <p id={id} aria-live="polite" className="mt-1 min-h-4 text-xs text-slate-600 dark:text-slate-400">
        {strength ? `Strength: ${strength.label}.${tooWeak ? " Add a few words, or choose another." : ""}` : ""}
      </p>
    </div>
  );
}

/**
 * How guessable a new password is, by zxcvbn's estimate (0 to 4): the server refuses a password below
 * MIN_PASSWORD_SCORE and the strength meter in the browser uses the same scale, words and rule.
 */
export const MIN_PASSWORD_SCORE = 2;

/** zxcvbn's work grows with the length; beyond this many characters a password is long enough to score as it begins. */
const SCORED_LENGTH = 100;

export const STRENGTH_LABELS = ["Very easy to guess", "Easy to guess", "Fair", "Strong", "Very strong"] as const;

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof STRENGTH_LABELS)[number];
}

export type PasswordScorer = (password: string, personal: readonly string[]) => PasswordStrength;

/** The scorer with its dictionaries of common passwords, names and keyboard patterns, loaded on first use (they are large). */
export async function loadPasswordScorer(): Promise<PasswordScorer> {
  const [{ ZxcvbnFactory }, common] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: true,
  });
  return (password, personal) => {
    const result = zxcvbn.check(password.slice(0, SCORED_LENGTH), [...personal]);
    return { score: result.score, label: STRENGTH_LABELS[result.score] };
  };
}

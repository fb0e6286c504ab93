/** The spec's constants for the policy pages (terms, privacy, cookie policy). */
export const POLICY_LAST_UPDATED = "January 15, 2025";

/** The site is not directed at children under this age. */
export const MINIMUM_READER_AGE = 13;

/** How long persistent cookies last, shortest to longest. */
export const PERSISTENT_COOKIE_LIFETIME = "30 days to 2 years";

/** The spec's simple e-mail rule: non-space text, @, non-space text, dot, non-space text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

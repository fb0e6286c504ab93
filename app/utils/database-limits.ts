/**
 * What a PostgreSQL column holds, so that input is checked against it at the border (with a sentence) rather than
 * refused by the database (with an error) half-way through a request or an import.
 */

/** The largest value of an `integer` column, and so of every `serial` id. */
export const DATABASE_INT_MAX = 2_147_483_647;

/** Whether a `timestamptz` holds the instant as it is written: years 1 to 9999 (PostgreSQL has no year 0). */
export function isStorableInstant(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

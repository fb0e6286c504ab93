import { z } from "zod";
import { DATABASE_INT_MAX } from "../utils/database-limits";

/** An id as the server writes it into a form or a link: digits, no sign, space, leading zero, exponent or "0x". */
const ID_DIGITS = /^[1-9]\d{0,9}$/;

/**
 * A row's id as a form or a query string carries it (or a number, from code): a whole number an `integer`
 * column holds, in its one spelling, so " 1", "1e1" or "0x10" is no id at all.
 */
export const FormId = z
  .union([z.number(), z.string().regex(ID_DIGITS).transform(Number)])
  .pipe(z.number().int().positive().max(DATABASE_INT_MAX));

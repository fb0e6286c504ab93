import { z } from "zod";
import { DATABASE_INT_MAX } from "../utils/database-limits";

/** A row's id as a form or a query string carries it: a whole number an `integer` column holds. */
export const FormId = z.coerce.number().int().positive().max(DATABASE_INT_MAX);

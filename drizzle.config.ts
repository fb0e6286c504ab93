import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema with `npm run db:generate` and are never edited once landed.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
});

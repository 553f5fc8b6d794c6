import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The shared tables, and any module's own (`server/src/modules/<area>/<area>.schema.ts`): nothing lists them.
  schema: ["./server/src/db/schema.ts", "./server/src/modules/*/*.schema.ts"],
  out: "./server/src/db/migrations",
});

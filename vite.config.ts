import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev`: the browser app on Vite, its calls proxied to the API server.
    proxy: { "/portal": `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: "dist",
    // The chunk graph, read by bench/bundle.ts to measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Vendor groups only for start-up code ($initial): otherwise they drag lazy-only code into the first load.
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
              tags: ["$initial"],
            },
            {
              name: "antd",
              test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/,
              priority: 20,
              tags: ["$initial"],
            },
            { name: "refine", test: /node_modules[\\/]@refinedev[\\/]/, priority: 10, tags: ["$initial"] },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["tests/support/unit-setup.ts"],
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: each file opens its own database; more workers only thrash.
          maxWorkers: 2,
          // Runs after the unit project (projects with their own worker count need their own group).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          retry: 0,
        },
      },
    ],
  },
});

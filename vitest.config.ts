import { defineConfig } from "vitest/config";

// Three projects so that a failing browser does not hide unit results, and so that the
// slow, server-starting suites run one file at a time on a 2-core machine.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["app/**/*.server.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["app/**/*.server.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

// Four projects so that a failing browser does not hide unit results, and so that the
// slow, server-starting suites run one file at a time on a 2-core machine.

// Kills, stops and starves real processes and databases: only `npm run test:faults` (which sets
// NIDOSMART_FAULTS=1) defines this project, so the plain `vitest run` of `npm test` never starts it.
const faults = {
  test: {
    name: "faults",
    include: ["tests/faults/**/*.test.ts"],
    environment: "node" as const,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
};

export default defineConfig({
  test: {
    // Once per run, for every project: the migrated databases test files start from (issue 26).
    globalSetup: ["tests/global-setup.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["app/**/*.server.test.ts", "node_modules/**"],
          environment: "node",
          // A hang guard, not a speed check (speed is `npm run bench`): the XSD property tests
          // validate up to 144 generated files in WebAssembly, about a second alone, and CI runs
          // this project beside the server-starting suites on two cores.
          testTimeout: 30_000,
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
      ...(process.env.NIDOSMART_FAULTS === "1" ? [faults] : []),
    ],
  },
});

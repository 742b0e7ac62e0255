import { defineConfig } from "vitest/config";

// Projects so that a failing browser does not hide unit results, and so that files that share
// something outside their own process run alone. docs/TESTING.md says how each is run and why.
//
// Every file of unit, integration and e2e is isolated: its own in-memory PGlite or PostgreSQL
// database (copied from the migrated template of tests/global-setup.ts), its own port, its own
// temporary directories, its own Chromium and its own Mosquitto (tests/helpers/mqtt-broker.ts).
// So they run TEST_WORKERS at a time (default 2, the measured best on the 2-core CI machine:
// docs/TESTING.md). Only when TEST_MQTT_URL names one broker for every file do the files that
// use MQTT (wildcard subscriptions, shared-subscription consumers) share it, and could see each
// other's messages: then they form their own project, run one at a time after the rest.

const workers = (() => {
  const raw = process.env.TEST_WORKERS;
  if (raw === undefined || raw === "") return 2;
  // Validated like the server's settings: a typo must not silently run everything serially.
  if (!/^[1-9][0-9]?$/.test(raw)) throw new Error(`TEST_WORKERS must be a whole number from 1 to 99, got "${raw}"`);
  return Number(raw);
})();

/** Integration files that use MQTT: never two at once on one shared broker (TEST_MQTT_URL). */
const brokerFiles = [
  "tests/integration/anti-squatting-alarm.test.ts",
  "tests/integration/door.test.ts",
  "tests/integration/incidents.test.ts",
  "tests/integration/telemetry-mqtt.test.ts",
];
const sharedBrokerFiles = process.env.TEST_MQTT_URL ? brokerFiles : [];

// Hang guards, not speed checks (speed is `npm run bench`): with two files at once on two cores
// a test takes up to about twice its time alone, so these are set well above that.

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
    // Read by every project below that does not set its own (vitest's default is cores - 1).
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["app/**/*.server.test.ts", "node_modules/**"],
          environment: "node",
          // The XSD property tests validate up to 144 generated files in WebAssembly, about a
          // second alone.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["app/**/*.server.test.ts", "tests/integration/**/*.test.ts"],
          exclude: [...sharedBrokerFiles, "node_modules/**"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      ...(sharedBrokerFiles.length > 0
        ? [
            {
              test: {
                name: "integration-broker",
                include: sharedBrokerFiles,
                environment: "node" as const,
                testTimeout: 180_000,
                hookTimeout: 180_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      ...(process.env.NIDOSMART_FAULTS === "1" ? [faults] : []),
    ],
  },
});

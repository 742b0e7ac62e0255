import { DEFAULT_FAKE_ACCOUNT, startFakeSes } from "#tests/fake-ses/fake-ses.ts";

// `npm run fake-ses`: the fake ministry on its own, for manual runs and for tests that need it
// in another process (FAKE_SES_PORT, default 8089). Lotes advance one state per poll so an app
// pointed at it (SES_ENDPOINT) sees them finish; /__fake/* drives everything else.
const port = Number(process.env.FAKE_SES_PORT ?? 8089);
const fake = await startFakeSes({ port, host: process.env.FAKE_SES_HOST ?? "127.0.0.1", advanceOnPoll: process.env.FAKE_SES_ADVANCE_ON_POLL !== "0" });
process.stdout.write(
  `fake SES listening: SES_ENDPOINT=${fake.url}\n` +
    `account: user ${DEFAULT_FAKE_ACCOUNT.user}, password ${DEFAULT_FAKE_ACCOUNT.password}, codigoArrendador ${DEFAULT_FAKE_ACCOUNT.codigoArrendador}, establecimientos ${DEFAULT_FAKE_ACCOUNT.establecimientos.join(", ")}\n`,
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

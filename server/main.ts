import { ConfigError, loadConfig } from "#app/config/env.server.ts";
import { DataDirLockedError } from "#app/db/lock.server.ts";
import { createLogger, startServer } from "./server.ts";

// Production entry: validate the configuration, open the database, serve, and shut down cleanly.
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const started = performance.now();
  let running;
  try {
    running = await startServer({ config, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EROFS" || code === "ENOSPC" || code === "EPERM") {
      const message = `Cannot write to DATA_DIR (${config.DATA_DIR}): ${(error as Error).message}`;
      logger.fatal(message);
      process.stderr.write(`${message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, "start-up failed");
    process.exit(1);
  }
  logger.info(
    { url: running.url, database: running.database.kind, startupMs: Math.round(performance.now() - started) },
    `NidoSmart listening on ${running.url}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    running
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

void main();

import path from "node:path";
import { ConfigError, loadConfig } from "#app/config/env.server.ts";
import { DataDirLockedError } from "#app/db/lock.server.ts";
import { createLogger, startServer } from "./server.ts";

// Whatever this process creates is private to its user (ADR 0012). PGlite writes its WAL
// segments, catalogs and checkpoints through Node's fs with mode 0666 (directories 0777), and
// only the umask stands between those and every local user: the WAL carries the session and
// door-token secrets and guests' identity documents. secureDataDir() repairs what exists at
// start; this keeps what is written later at 0600/0700. Set before anything is opened or written
// (importing the modules above touches no file).
process.umask(0o077);

// File-system failures that mean "DATA_DIR is unusable". PGlite's WebAssembly file system
// reports them as an ErrnoError carrying Emscripten's errno numbers and no text at all, so those
// are translated here; otherwise a full disk would surface as `{"errno":51}`.
const DATA_DIR_CODES = new Set(["EACCES", "EROFS", "ENOSPC", "EPERM", "EDQUOT", "ENOTDIR", "ENOENT"]);
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: "EACCES: permission denied",
  29: "EIO: input/output error",
  51: "ENOSPC: no space left on device",
  54: "ENOTDIR: not a directory",
  63: "EPERM: operation not permitted",
  69: "EROFS: read-only file system",
};

function dataDirProblem(error: unknown, dataDir: string): string | null {
  const err = error as NodeJS.ErrnoException;
  if (err?.name === "ErrnoError" && typeof err.errno === "number") return EMSCRIPTEN_ERRNO[err.errno] ?? null;
  if (!err?.code || !DATA_DIR_CODES.has(err.code)) return null;
  // ENOENT and friends from elsewhere (a missing build, say) are not DATA_DIR's fault; a copy into
  // DATA_DIR (the database template) names its target as `dest`.
  const inDataDir = (file: string | undefined) => file !== undefined && path.resolve(file).startsWith(path.resolve(dataDir));
  if (err.path && !inDataDir(err.path) && !inDataDir((err as { dest?: string }).dest)) return null;
  return err.message;
}

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
    const problem = config.DATABASE_URL ? null : dataDirProblem(error, config.DATA_DIR);
    if (problem) {
      const message = `Cannot write to DATA_DIR (${config.DATA_DIR}): ${problem}`;
      logger.fatal(message);
      process.stderr.write(`${message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, "start-up failed");
    process.exit(1);
  }
  logger.info(
    // moduleLoadMs: from process start to main() (loading the bundle and its packages).
    { url: running.url, database: running.database.kind, moduleLoadMs: Math.round(started), startupMs: Math.round(performance.now() - started) },
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

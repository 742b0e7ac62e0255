import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// PGlite has no lock between processes: two processes on one data directory corrupt it.
// An O_EXCL lock file holding our pid stops a second process; a lock left by a dead process
// (after SIGKILL or a crash) is taken over, because its pid no longer answers.

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, "nidosmart.lock");
  const body = JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, body, { flag: "wx", mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid?: number };
          if (current.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: { pid?: number; host?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, "utf8"));
      } catch {
        // Unreadable or half-written: treat as stale.
      }
      const sameHost = !holder.host || holder.host === os.hostname();
      if (holder.pid && holder.pid !== process.pid && sameHost && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another NidoSmart process (pid ${holder.pid}). ` +
            "Stop that process, or point DATA_DIR at another directory, or set DATABASE_URL to share a PostgreSQL server.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}

import fs from "node:fs";
import path from "node:path";

// DATA_DIR holds the whole database (its WAL carries the session-signing secret, the door-token
// secret, session tokens and guests' identity documents) and the SES credentials key: no other
// local user may read any of it (ADR 0012). Directories are 0700 and files 0600, whatever made
// them: the database template copied in keeps the build's modes, and an install from before this
// rule has 0755/0644 (or 0666) files. The process umask (0o077, set in server/main.ts) covers
// what PGlite writes afterwards.

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/**
 * Creates `dataDir` (0700) if missing and brings it and everything under it to 0700 (directories)
 * and 0600 (files). Symbolic links are neither followed nor changed. Cheap: a few hundred
 * entries for a PGlite database, one lstat each, chmod only where the mode differs.
 */
export function secureDataDir(dataDir: string): { changed: number } {
  fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  let changed = 0;
  const fix = (target: string, stat: fs.Stats) => {
    const wanted = stat.isDirectory() ? DATA_DIR_MODE : DATA_FILE_MODE;
    if ((stat.mode & 0o7777) !== wanted) {
      fs.chmodSync(target, wanted);
      changed += 1;
    }
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      const target = path.join(dir, entry.name);
      fix(target, fs.lstatSync(target));
      if (entry.isDirectory()) walk(target);
    }
  };
  fix(dataDir, fs.lstatSync(dataDir));
  walk(dataDir);
  return { changed };
}

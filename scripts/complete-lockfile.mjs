// The npm registry this project's machines reach serves only the Linux builds of some packages'
// platform binaries (rollup, tailwind's oxide). `npm install` then leaves the other platforms'
// optional packages out of package-lock.json, and `npm ci` refuses the lock as out of sync.
// This adds those entries back, marked optional and with their os/cpu/libc, so npm ci skips
// them on this platform and would fetch them on the platform they are for.
// Run after any `npm install` that changes package-lock.json: node scripts/complete-lockfile.mjs
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const base = name.split("/").at(-1);
  if (base.includes("wasm32")) return { cpu: ["wasm32"] };
  const os = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32"].find(
    (o) => base.includes(`-${o}-`) || base.endsWith(`-${o}`),
  );
  const cpu = /-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x)(-|$)/.exec(base)?.[1];
  const libc = base.includes("musl") ? "musl" : os === "linux" && base.includes("gnu") ? "glibc" : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [key, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ""}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    packages[`node_modules/${dep}`] = { version, optional: true, ...(meta.dev ? { dev: true } : {}), ...platformOf(dep) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);

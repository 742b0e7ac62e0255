import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A local RFC 3161 time-stamp authority for tests: no public TSA is reachable here, so the test
// starts its own — a CA and a TSA certificate (extendedKeyUsage critical timeStamping) made with
// the openssl CLI, and `openssl ts -reply` answering application/timestamp-query requests behind
// a small HTTP server. Its tokens are checked with `openssl ts -verify` against that CA.

const run = promisify(execFile);

export type LocalTsa = {
  url: string;
  dir: string;
  caPem: string;
  tsaPem: string;
  /** Requests answered so far. */
  requests: number;
  /** Answer the next requests with this HTTP status instead (a TSA that is down). */
  failWith: number | null;
  close(): Promise<void>;
};

export async function startLocalTsa(): Promise<LocalTsa> {
  const dir = mkdtempSync(path.join(tmpdir(), "tsa-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", file("ca.key"));
  openssl("req", "-x509", "-new", "-key", file("ca.key"), "-out", file("ca.pem"), "-days", "2", "-subj", "/C=ES/O=NidoSmart Test/CN=Test TSA Root",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", file("tsa.key"));
  openssl("req", "-new", "-key", file("tsa.key"), "-out", file("tsa.csr"), "-subj", "/C=ES/O=NidoSmart Test/CN=Test Time-Stamp Authority");
  writeFileSync(file("tsa.ext"), "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n");
  openssl("x509", "-req", "-in", file("tsa.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-CAcreateserial", "-out", file("tsa.pem"), "-days", "2", "-extfile", file("tsa.ext"));
  writeFileSync(file("serial"), "01\n");
  writeFileSync(
    file("tsa.cnf"),
    [
      "[ tsa ]",
      "default_tsa = tsa_config",
      "[ tsa_config ]",
      `dir = ${dir}`,
      "serial = $dir/serial",
      "crypto_device = builtin",
      "signer_cert = $dir/tsa.pem",
      "certs = $dir/tsa.pem",
      "signer_key = $dir/tsa.key",
      "signer_digest = sha256",
      "default_policy = 1.3.6.1.4.1.99999.1",
      "digests = sha256",
      "accuracy = secs:1",
      "ordering = no",
      "tsa_name = no",
      "ess_cert_id_chain = no",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );

  let counter = 0;
  const tsa: LocalTsa = {
    url: "",
    dir,
    caPem: file("ca.pem"),
    tsaPem: file("tsa.pem"),
    requests: 0,
    failWith: null,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        if (tsa.failWith !== null) {
          res.writeHead(tsa.failWith).end();
          return;
        }
        if (req.method !== "POST" || req.headers["content-type"] !== "application/timestamp-query") {
          res.writeHead(400).end();
          return;
        }
        const n = ++counter;
        const query = file(`q${n}.tsq`);
        const reply = file(`r${n}.tsr`);
        writeFileSync(query, Buffer.concat(chunks));
        try {
          await run("openssl", ["ts", "-reply", "-config", file("tsa.cnf"), "-section", "tsa_config", "-queryfile", query, "-out", reply], { cwd: dir });
          tsa.requests++;
          res.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(readFileSync(reply));
        } catch {
          res.writeHead(500).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  tsa.close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  };
  return tsa;
}

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A throwaway PKI made with the openssl CLI, as the ministry's is shaped: root → intermediate →
// leaf (for 127.0.0.1 and localhost). A server given only the leaf makes a client that lacks
// the intermediate fail exactly as Node fails against hospedajes.ses.mir.es without FNMT's
// "AC Componentes Informáticos". Keys live in a 0700 temp directory removed by cleanup().

export type TestPki = {
  dir: string;
  rootPem: string;
  intermediatePem: string;
  leafPem: string;
  leafKey: string;
  /** Writes a PEM file in the PKI's directory and returns its path. */
  writeFile(name: string, contents: string): string;
  cleanup(): void;
};

export function createTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), "ses-pki-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const key = (name: string) => openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", file(name));
  const caExtensions = "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n";
  writeFileSync(file("intermediate.ext"), caExtensions.replace("CA:TRUE", "CA:TRUE,pathlen:0"));
  writeFileSync(
    file("leaf.ext"),
    "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n",
  );

  key("root.key");
  openssl("req", "-x509", "-new", "-key", file("root.key"), "-out", file("root.pem"), "-days", "2", "-subj", "/C=ES/O=NidoSmart Test/CN=Test Root CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  key("intermediate.key");
  openssl("req", "-new", "-key", file("intermediate.key"), "-out", file("intermediate.csr"), "-subj", "/C=ES/O=NidoSmart Test/OU=Test Componentes Informaticos");
  openssl("x509", "-req", "-in", file("intermediate.csr"), "-CA", file("root.pem"), "-CAkey", file("root.key"), "-CAcreateserial", "-out", file("intermediate.pem"), "-days", "2", "-extfile", file("intermediate.ext"));
  key("leaf.key");
  openssl("req", "-new", "-key", file("leaf.key"), "-out", file("leaf.csr"), "-subj", "/C=ES/O=NidoSmart Test/CN=localhost");
  openssl("x509", "-req", "-in", file("leaf.csr"), "-CA", file("intermediate.pem"), "-CAkey", file("intermediate.key"), "-CAcreateserial", "-out", file("leaf.pem"), "-days", "2", "-extfile", file("leaf.ext"));

  const read = (name: string) => readFileSync(file(name), "utf8");
  return {
    dir,
    rootPem: read("root.pem"),
    intermediatePem: read("intermediate.pem"),
    leafPem: read("leaf.pem"),
    leafKey: read("leaf.key"),
    writeFile(name, contents) {
      writeFileSync(file(name), contents, { mode: 0o600 });
      return file(name);
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

// The trust anchors the SES client adds to Node's default roots, for its own connections only
// (ADR 0005). The ministry's server is reported to send its leaf without the FNMT intermediate
// "AC Componentes Informáticos", which Node's store lacks (it holds only roots, and Node does
// not fetch missing intermediates), so the repository ships that intermediate and its root
// "AC RAIZ FNMT-RCM" (provenance and fingerprints in resources/ses-hospedajes/ca/SOURCES.txt).
// SES_CA_FILE replaces them with a PEM file of the operator's (a renewed intermediate, a proxy).

export const SHIPPED_SES_CA_FILES = ["fnmt-ac-componentes-informaticos.pem", "fnmt-ac-raiz-fnmt-rcm.pem"] as const;

export function shippedSesCaPath(fileName: string): string {
  return path.join(process.cwd(), "resources", "ses-hospedajes", "ca", fileName);
}

export class SesCaError extends Error {
  override name = "SesCaError";
}

/** Every certificate of a PEM text; throws SesCaError when there is none or one does not parse. */
export function parsePemCertificates(pem: string, source: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new SesCaError(`${source}: no contiene ningún certificado PEM`);
  return blocks.map((block) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new SesCaError(`${source}: un certificado no se puede leer`);
    }
  });
}

/**
 * The PEM bundle for the SES client: SES_CA_FILE when set, else the shipped FNMT files. Read
 * once at start-up; an unreadable or empty file stops the start with a clear message rather
 * than every filing failing later.
 */
export function loadSesCa(env: { SES_CA_FILE?: string }): string {
  const files = env.SES_CA_FILE ? [env.SES_CA_FILE] : SHIPPED_SES_CA_FILES.map(shippedSesCaPath);
  const texts = files.map((file) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw new SesCaError(`SES_CA_FILE: no se puede leer ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    parsePemCertificates(text, file);
    return text.trim();
  });
  return `${texts.join("\n")}\n`;
}

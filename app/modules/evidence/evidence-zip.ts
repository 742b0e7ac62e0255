import { createHash } from "node:crypto";
import { strToU8, zipSync, type Zippable } from "fflate";
import { EVIDENCE_READING_FIELDS, type EvidenceInput, type EvidenceReading } from "./evidence.schema.ts";

// The forensic copy (ADR 0022): the report's PDF with its signature and time-stamp token, the same
// raw readings as CSV and JSON, a manifest with every member's SHA-256, and a text saying how to
// check it all with openssl. Entries carry the report's creation time, so the ZIP's bytes depend
// on its content only.

export type ForensicZipInput = {
  reportId: string;
  createdAt: Date;
  keyId: string;
  publicKeyUrl: string;
  verifyUrl: string;
  pdf: Uint8Array;
  pdfSignature: Uint8Array;
  pdfTimestampToken: Uint8Array | null;
  evidence: EvidenceInput;
};

const csvCell = (value: EvidenceReading[keyof EvidenceReading]) => (value === null || value === undefined ? "" : String(value));

/** One row per reading, protocol field names, RFC 4180 (CRLF), no BOM. */
export function readingsCsv(readings: readonly EvidenceReading[]): string {
  const lines = [EVIDENCE_READING_FIELDS.join(",")];
  for (const r of readings) lines.push(EVIDENCE_READING_FIELDS.map((f) => csvCell(r[f])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function readme(input: ForensicZipInput): string {
  return [
    `NidoSmart · copia forense del informe ${input.reportId}`,
    "",
    "Contenido:",
    "  informe.pdf          el informe firmado",
    "  informe.pdf.sig      su firma Ed25519 (64 bytes, sobre los bytes del PDF)",
    input.pdfTimestampToken ? "  informe.pdf.tst      su sello de tiempo RFC 3161 (token DER)" : "  (sin sello de tiempo: no había autoridad de sellado configurada o no respondió)",
    "  lecturas.csv         las lecturas del dispositivo en el periodo, una por fila",
    "  lecturas.json        las mismas lecturas en JSON",
    "  manifiesto.json      el SHA-256 de cada archivo y los datos del informe",
    "",
    "Comprobar la firma del PDF con OpenSSL (la clave pública, en PEM):",
    `  curl -o clave.pem ${input.publicKeyUrl}`,
    "  openssl pkeyutl -verify -pubin -inkey clave.pem -rawin -in informe.pdf -sigfile informe.pdf.sig",
    "",
    ...(input.pdfTimestampToken
      ? [
          "Comprobar el sello de tiempo (con el certificado de la autoridad de sellado y su CA):",
          "  openssl ts -verify -token_in -in informe.pdf.tst -data informe.pdf -CAfile ca-de-la-tsa.pem",
          "",
        ]
      : []),
    `El archivo ZIP completo tiene su propio SHA-256, firma y sello: compruébelos en ${input.verifyUrl}`,
    "",
  ].join("\r\n");
}

export function buildForensicZip(input: ForensicZipInput): Uint8Array {
  const { evidence } = input;
  const csv = strToU8(readingsCsv(evidence.readings));
  const json = strToU8(`${JSON.stringify({ reportId: input.reportId, deviceId: evidence.deviceId, period: evidence.period, readings: evidence.readings }, null, 1)}\n`);
  const members: [name: string, bytes: Uint8Array][] = [
    ["informe.pdf", input.pdf],
    ["informe.pdf.sig", input.pdfSignature],
    ...(input.pdfTimestampToken ? ([["informe.pdf.tst", input.pdfTimestampToken]] as [string, Uint8Array][]) : []),
    ["lecturas.csv", csv],
    ["lecturas.json", json],
  ];
  const manifest = {
    reportId: input.reportId,
    createdAt: input.createdAt.toISOString(),
    title: evidence.title,
    property: { name: evidence.property.name, address: evidence.property.address, timeZone: evidence.property.timeZone },
    deviceId: evidence.deviceId,
    episodeId: evidence.episodeId,
    period: evidence.period,
    readings: evidence.readings.length,
    score: evidence.score,
    signature: { algorithm: "Ed25519", keyId: input.keyId, publicKey: input.publicKeyUrl },
    verify: input.verifyUrl,
    files: Object.fromEntries(members.map(([name, bytes]) => [name, { sha256: sha256(bytes), bytes: bytes.length }])),
  };
  const mtime = input.createdAt;
  const zippable: Zippable = {};
  for (const [name, bytes] of [...members, ["manifiesto.json", strToU8(`${JSON.stringify(manifest, null, 1)}\n`)] as const, ["LEEME.txt", strToU8(readme(input))] as const]) {
    // PDF, signature and token are already compressed or random: stored, not deflated.
    const stored = name.endsWith(".pdf") || name.endsWith(".sig") || name.endsWith(".tst");
    zippable[name] = [bytes, { level: stored ? 0 : 6, mtime }];
  }
  return zipSync(zippable);
}

import { readFileSync } from "node:fs";
import path from "node:path";
import type { SesDocumentKind } from "#app/modules/ses/ses-documents.ts";
import { sha256Hex } from "#app/modules/ses/ses-zip.ts";

// Every inner document is validated with libxml2 (xmllint-wasm, no native dependency)
// against the ministry's own schemas before it is stored or sent, so a schema error is our
// bug found at build time and never a 10121 from the ministry. A libxml2 run costs about
// 0.2 s whatever the number of documents, so callers validate in batches; documents of
// several kinds in one call cost one run per kind.

export interface SesXsdResult {
  valid: boolean;
  /** libxml2's messages for this document (without the file-name prefix); empty when valid. */
  errors: string[];
}

const SCHEMAS: Record<SesDocumentKind, { main: string; preload: string[] }> = {
  PV: { main: "altaParteHospedaje.xsd", preload: ["tiposGenerales.xsd"] },
  RH: { main: "altaReservaHospedaje.xsd", preload: ["tiposGenerales.xsd"] },
  B: { main: "anularComunicacion.xsd", preload: [] },
  C: { main: "consultarComunicacion.xsd", preload: [] },
};

const schemaTexts = new Map<string, string>();

function schemaText(fileName: string, directory = path.join("resources", "ses-hospedajes", "xsd")): string {
  const file = path.join(process.cwd(), directory, fileName);
  let contents = schemaTexts.get(file);
  if (contents === undefined) {
    contents = readFileSync(file, "utf8");
    schemaTexts.set(file, contents);
  }
  return contents;
}

const docName = (index: number) => `doc-${index}.xml`;

function splitOutput(output: string, count: number): string[][] {
  const perDocument: string[][] = Array.from({ length: count }, () => []);
  let current = -1;
  for (const line of output.split("\n")) {
    const match = /^doc-(\d+)\.xml(?::|\s)/.exec(line);
    if (match) current = Number(match[1]);
    if (current >= 0 && current < count && line.trim() !== "") perDocument[current].push(line);
  }
  return perDocument;
}

function toResult(lines: string[], index: number): SesXsdResult {
  const name = docName(index);
  const valid = lines.includes(`${name} validates`);
  if (valid) return { valid, errors: [] };
  const errors = lines
    .filter((line) => line !== `${name} fails to validate`)
    .map((line) => line.replace(new RegExp(`^doc-${index}\\.xml:(\\d+:)?\\s*`), ""));
  return { valid: false, errors: errors.length > 0 ? errors : ["fails to validate"] };
}

async function validateKind(kind: SesDocumentKind, xmls: readonly string[]): Promise<SesXsdResult[]> {
  const { main, preload } = SCHEMAS[kind];
  return validateAgainstSchemas({ directory: path.join("resources", "ses-hospedajes", "xsd"), main, preload }, xmls);
}

/**
 * Validates documents against one schema (and the schemas it imports) in one libxml2 run;
 * results in input order. Shared with the Ertzaintza's documents, which have their own XSDs.
 */
export async function validateAgainstSchemas(schemas: { directory: string; main: string; preload: readonly string[] }, xmls: readonly string[]): Promise<SesXsdResult[]> {
  if (xmls.length === 0) return [];
  const { validateXML } = await import("xmllint-wasm");
  const { directory, main, preload } = schemas;
  try {
    const result = await validateXML({
      xml: xmls.map((contents, index) => ({ fileName: docName(index), contents })),
      schema: [{ fileName: main, contents: schemaText(main, directory) }],
      preload: preload.map((fileName) => ({ fileName, contents: schemaText(fileName, directory) })),
    });
    return splitOutput(result.rawOutput, xmls.length).map(toResult);
  } catch (error) {
    // A document that is not even well-formed makes the library reject the whole batch:
    // validate one by one to say which.
    if (xmls.length > 1) {
      const results: SesXsdResult[] = [];
      for (const xml of xmls) results.push(...(await validateAgainstSchemas(schemas, [xml])));
      return results;
    }
    const message = error instanceof Error ? error.message : String(error);
    return [{ valid: false, errors: message.split("\n").filter((line) => line.trim() !== "") }];
  }
}

/** Validates documents of any kinds; results come back in input order. */
export async function validateSesDocuments(
  documents: readonly { kind: SesDocumentKind; xml: string }[],
): Promise<SesXsdResult[]> {
  const results = new Array<SesXsdResult>(documents.length);
  const kinds = [...new Set(documents.map((document) => document.kind))];
  for (const kind of kinds) {
    const indexes = documents.flatMap((document, index) => (document.kind === kind ? [index] : []));
    const kindResults = await validateKind(
      kind,
      indexes.map((index) => documents[index].xml),
    );
    indexes.forEach((documentIndex, position) => (results[documentIndex] = kindResults[position]));
  }
  return results;
}

export async function validateSesDocument(kind: SesDocumentKind, xml: string): Promise<SesXsdResult> {
  const [result] = await validateSesDocuments([{ kind, xml }]);
  return result;
}

export type PreparedSesDocument =
  | { ok: true; kind: SesDocumentKind; xml: string; sha256: string }
  | { ok: false; kind: SesDocumentKind; xml: string; sha256: string; errors: string[] };

/**
 * What the outbox stores before anything is sent: each document with the sha256 of its
 * exact bytes and the verdict of the official schema, validated in one libxml2 run per kind.
 */
export async function prepareSesDocuments(
  documents: readonly { kind: SesDocumentKind; xml: string }[],
): Promise<PreparedSesDocument[]> {
  const results = await validateSesDocuments(documents);
  return documents.map(({ kind, xml }, index) => {
    const sha256 = sha256Hex(xml);
    const result = results[index];
    return result.valid ? { ok: true, kind, xml, sha256 } : { ok: false, kind, xml, sha256, errors: result.errors };
  });
}

import { readFileSync } from "node:fs";
import path from "node:path";

// Validation of generated partes against the ministry's own schema, with libxml2 (the
// xmllint-wasm build, no native dependency). It exists for tests: the unit tests of the
// XML builder, the export endpoint's tests and integration tests all prove their output
// with it. xmllint-wasm is imported on first call only (it starts a worker). Production code
// validates through app/modules/ses/ses-xsd.server.ts, which covers every SES document kind.

export interface XsdValidationResult {
  valid: boolean;
  /** libxml2's messages for this document, without the file-name prefix. */
  errors: string[];
}

const MAIN_SCHEMA = "altaParteHospedaje.xsd";
// altaParteHospedaje.xsd imports it by this relative name, so it must be preloaded under it.
const IMPORTED_SCHEMA = "tiposGenerales.xsd";

let schemas: { main: string; imported: string } | undefined;

function loadSchemas(): { main: string; imported: string } {
  if (!schemas) {
    const directory = path.join(process.cwd(), "resources", "ses-hospedajes", "xsd");
    schemas = {
      main: readFileSync(path.join(directory, MAIN_SCHEMA), "utf8"),
      imported: readFileSync(path.join(directory, IMPORTED_SCHEMA), "utf8"),
    };
  }
  return schemas;
}

function documentName(index: number): string {
  return `parte-${index}.xml`;
}

/** Splits xmllint's combined output into the lines that belong to each document. */
function attributeOutput(output: string, count: number): string[][] {
  const perDocument: string[][] = Array.from({ length: count }, () => []);
  let current = -1;
  for (const line of output.split("\n")) {
    const match = /^parte-(\d+)\.xml(?::|\s)/.exec(line);
    if (match) current = Number(match[1]);
    if (current >= 0 && current < count && line.trim() !== "") perDocument[current].push(line);
  }
  return perDocument;
}

function toResult(lines: string[], index: number): XsdValidationResult {
  const name = documentName(index);
  const valid = lines.some((line) => line === `${name} validates`);
  const errors = lines
    .filter((line) => line !== `${name} validates` && line !== `${name} fails to validate`)
    .map((line) => line.replace(new RegExp(`^${name.replace(".", "\\.")}:(\\d+:)?\\s*`), ""));
  return { valid, errors: valid ? [] : errors.length > 0 ? errors : ["fails to validate"] };
}

/**
 * Validates several documents in one libxml2 run (one worker start for all of them,
 * which keeps property tests fast). Results are in input order.
 */
export async function validateManyAgainstXsd(
  xmls: readonly string[],
): Promise<XsdValidationResult[]> {
  if (xmls.length === 0) return [];
  const { validateXML } = await import("xmllint-wasm");
  const { main, imported } = loadSchemas();
  try {
    const result = await validateXML({
      xml: xmls.map((contents, index) => ({ fileName: documentName(index), contents })),
      schema: [{ fileName: MAIN_SCHEMA, contents: main }],
      preload: [{ fileName: IMPORTED_SCHEMA, contents: imported }],
    });
    const perDocument = attributeOutput(result.rawOutput, xmls.length);
    return perDocument.map((lines, index) => toResult(lines, index));
  } catch (error) {
    // xmllint exits with a different code when a document is not even well-formed, and the
    // library rejects the whole batch; validate one by one to say which document it was.
    if (xmls.length > 1) {
      const results: XsdValidationResult[] = [];
      for (const xml of xmls) results.push(...(await validateManyAgainstXsd([xml])));
      return results;
    }
    const message = error instanceof Error ? error.message : String(error);
    return [{ valid: false, errors: message.split("\n").filter((line) => line.trim() !== "") }];
  }
}

export async function validateAgainstXsd(xml: string): Promise<XsdValidationResult> {
  const [result] = await validateManyAgainstXsd([xml]);
  return result;
}

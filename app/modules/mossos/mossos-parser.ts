// A reader of the Mossos d'Esquadra bulk file, written from the layout in REGIONAL-POLICE.md
// §2.2-2.3 (not from our builder), so tests can read a file back and compare it field by field
// with what went in, and with the research's example file. The fake portal's checks (§4.1) start
// here too: CRLF between records, none after the last, one type-1 line with 7 fields and V24,
// type-2 lines with 32 fields and an optional trailing "|".

export const ESTABLISHMENT_FIELDS = ["recordType", "identificador", "name", "fileDate", "fileTime", "travellerCount", "format"] as const;

export const TRAVELLER_FIELDS = [
  "recordType",
  "spanishDocumentNumber",
  "foreignDocumentNumber",
  "documentType",
  "documentIssueDate",
  "firstSurname",
  "secondSurname",
  "givenName",
  "sex",
  "birthDate",
  "nationality",
  "entryDate",
  "entryTime",
  "exitDate",
  "exitTime",
  "contractDate",
  "contractType",
  "contractNumber",
  "travellerCount",
  "roomCount",
  "internet",
  "paymentType",
  "phone",
  "kinship",
  "email",
  "supportNumber",
  "address",
  "province",
  "municipality",
  "locality",
  "country",
  "postalCode",
] as const;

export type EstablishmentRecord = Record<(typeof ESTABLISHMENT_FIELDS)[number], string>;
export type TravellerRecord = Record<(typeof TRAVELLER_FIELDS)[number], string>;

export type ParsedMossosFile = {
  fileName: string | null;
  establishment: EstablishmentRecord;
  travellers: TravellerRecord[];
  /** Whether each type-2 line ended with the manual example's trailing "|". */
  trailingSeparator: boolean[];
};

export class MossosParseError extends Error {
  override name = "MossosParseError";
}

const FILE_NAME = /^[A-Za-z0-9]{9,10}\.\d{3}\.txt$/;

export function parseMossosFile(bytes: Uint8Array, options: { encoding: "latin1" | "utf8"; fileName?: string }): ParsedMossosFile {
  const text = Buffer.from(bytes).toString(options.encoding);
  if (options.fileName !== undefined && !FILE_NAME.test(options.fileName)) throw new MossosParseError(`bad file name ${options.fileName}`);
  if (text.endsWith("\r\n") || text.endsWith("\n")) throw new MossosParseError("line break after the last record");
  const lines = text.split("\r\n");
  if (lines.some((line) => line.includes("\n") || line.includes("\r"))) throw new MossosParseError("a record ends without CRLF");
  let index = 0;
  if (lines[0]?.startsWith("0|")) index = 1; // hotel-group line, optional
  const head = lines[index]?.split("|") ?? [];
  if (head[0] !== "1" || head.length !== ESTABLISHMENT_FIELDS.length) throw new MossosParseError(`line ${index + 1}: expected a type-1 record of 7 fields`);
  const establishment = Object.fromEntries(ESTABLISHMENT_FIELDS.map((name, i) => [name, head[i]])) as EstablishmentRecord;
  if (establishment.format !== "V24") throw new MossosParseError("type-1 record without V24");
  if (!/^\d{8}$/.test(establishment.fileDate) || !/^\d{4}$/.test(establishment.fileTime)) throw new MossosParseError("type-1 date or time malformed");
  const travellers: TravellerRecord[] = [];
  const trailingSeparator: boolean[] = [];
  for (const [offset, line] of lines.slice(index + 1).entries()) {
    const lineNumber = index + 2 + offset;
    let fields = line.split("|");
    const trailing = fields.length === TRAVELLER_FIELDS.length + 1 && fields[fields.length - 1] === "";
    if (trailing) fields = fields.slice(0, -1);
    if (fields[0] !== "2" || fields.length !== TRAVELLER_FIELDS.length) throw new MossosParseError(`line ${lineNumber}: expected a type-2 record of 32 fields, got ${fields.length}`);
    travellers.push(Object.fromEntries(TRAVELLER_FIELDS.map((name, i) => [name, fields[i]])) as TravellerRecord);
    trailingSeparator.push(trailing);
  }
  if (Number(establishment.travellerCount) !== travellers.length) throw new MossosParseError("type-1 count differs from the type-2 lines");
  return { fileName: options.fileName ?? null, establishment, travellers, trailingSeparator };
}

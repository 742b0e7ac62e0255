import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { GUEST_DOCUMENT_TYPES, KINSHIP_CODES, PAYMENT_TYPES, SEX_CODES, countryName } from "#app/modules/guests/ses-codes.ts";
import { parseSignatureDataUrl } from "#app/modules/guests/signature.ts";

// The signed register ("parte de entrada") of one stay, as a PDF the owner keeps (RD 933/2021
// art. 5: the register with each guest's signature, kept three years).
//
// Its data is read back from the very altaParteHospedaje XML that is (or will be) filed, not
// from the database again, so the paper copy and the PV cannot disagree: same values, same
// official codes (each code is followed by its Spanish name). Signatures and the registration
// time come from the guest rows, in the same order as the persona blocks.

export type SignedRegisterSignature = {
  kind: "drawn" | "typed";
  image: string | null;
  typedName: string | null;
  signedByPosition: number | null;
  signedAt: Date | null;
};

export type SignedRegisterInput = {
  /** The PV as built by buildAltaParteHospedaje. */
  xml: string;
  property: { name: string; address: string };
  /** One per persona block of the XML, in order; null for a guest registered unsigned. */
  signatures: readonly (SignedRegisterSignature | null)[];
  registeredAt: Date | null;
  generatedAt: Date;
  /**
   * A TrueType font covering the guests' scripts (Łukasz, Δημήτρης, Nguyễn…), embedded as a
   * subset. Without one, the PDF's standard fonts (Latin-1 only) are used and other letters are
   * written without their marks, or as "?".
   */
  unicodeFont?: Uint8Array | null;
};

// ---------------------------------------------------------------- reading our own XML

export type XmlElement = { name: string; text: string; children: XmlElement[] };

function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * Reads the XML that police-xml.ts writes: elements, text, no attributes that matter, no
 * comments or CDATA. Not a general XML parser, and only ever given that builder's output.
 */
export function readPoliceXml(xml: string): XmlElement {
  const root: XmlElement = { name: "#document", text: "", children: [] };
  const stack: XmlElement[] = [root];
  const token = /<\?[^>]*\?>|<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>|([^<]+)/g;
  for (const match of xml.matchAll(token)) {
    const [, closing, name, selfClosing, text] = match;
    const current = stack[stack.length - 1];
    if (text !== undefined) {
      current.text += unescapeXml(text);
    } else if (name !== undefined && closing === "/") {
      if (stack.length > 1) stack.pop();
    } else if (name !== undefined) {
      const element: XmlElement = { name: name.replace(/^.*:/, ""), text: "", children: [] };
      current.children.push(element);
      if (selfClosing !== "/") stack.push(element);
    }
  }
  const trim = (element: XmlElement) => {
    element.text = element.children.length > 0 ? "" : element.text.trim();
    element.children.forEach(trim);
  };
  trim(root);
  return root;
}

function find(element: XmlElement, name: string): XmlElement | undefined {
  if (element.name === name) return element;
  for (const child of element.children) {
    const found = find(child, name);
    if (found) return found;
  }
  return undefined;
}

function childText(element: XmlElement | undefined, name: string): string | null {
  return element?.children.find((child) => child.name === name)?.text ?? null;
}

// ---------------------------------------------------------------- labels

const PERSON_LABELS: [element: string, label: string][] = [
  ["rol", "Rol"],
  ["nombre", "Nombre"],
  ["apellido1", "Primer apellido"],
  ["apellido2", "Segundo apellido"],
  ["tipoDocumento", "Tipo de documento"],
  ["numeroDocumento", "Número de documento"],
  ["soporteDocumento", "Número de soporte"],
  ["fechaNacimiento", "Fecha de nacimiento"],
  ["nacionalidad", "Nacionalidad"],
  ["sexo", "Sexo"],
  ["telefono", "Teléfono"],
  ["telefono2", "Teléfono 2"],
  ["correo", "Correo electrónico"],
  ["parentesco", "Parentesco"],
];

const ADDRESS_LABELS: [element: string, label: string][] = [
  ["direccion", "Dirección"],
  ["direccionComplementaria", "Dirección complementaria"],
  ["codigoMunicipio", "Municipio (código INE)"],
  ["nombreMunicipio", "Municipio"],
  ["codigoPostal", "Código postal"],
  ["pais", "País"],
];

/** "CODE (Spanish name)" for the code lists of the registry; other values as they are. */
export function describeRegistryValue(element: string, value: string): string {
  const named = (name: string | undefined) => (name && name !== value ? `${value} (${name})` : value);
  switch (element) {
    case "sexo":
      return named(SEX_CODES.find((sex) => sex.code === value)?.es);
    case "parentesco":
      return named(KINSHIP_CODES.find((kinship) => kinship.code === value)?.es);
    case "tipoPago":
      return named(PAYMENT_TYPES.find((payment) => payment.code === value)?.es);
    case "tipoDocumento":
      return named(GUEST_DOCUMENT_TYPES.find((type) => type.sesCode === value)?.es);
    case "nacionalidad":
    case "pais":
      return named(countryName(value, "es"));
    case "rol":
      return value === "VI" ? "VI (Viajero)" : value;
    case "internet":
      return value === "true" ? "Sí" : value === "false" ? "No" : value;
    default:
      return value;
  }
}

const madridDateTime = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

export function formatRegisterTime(value: Date): string {
  return madridDateTime.format(value);
}

// ---------------------------------------------------------------- layout

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const LINE = 14;
const SIGNATURE_BOX = { width: 220, height: 70 };

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly italic: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  ensure(space: number) {
    if (this.y - space < MARGIN) this.newPage();
  }

  /** Characters the standard fonts (WinAnsi) cannot draw are written without their marks, or "?". */
  safe(text: string, font: PDFFont = this.font): string {
    const supported = new Set(font.getCharacterSet());
    return Array.from(text)
      .map((char) => {
        if (supported.has(char.codePointAt(0)!)) return char;
        const base = char.normalize("NFD").replace(/\p{M}/gu, "");
        return Array.from(base).every((c) => supported.has(c.codePointAt(0)!)) && base !== "" ? base : "?";
      })
      .join("");
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const words = this.safe(text, font).split(/\s+/);
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || line === "") line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  text(text: string, options: { font?: PDFFont; size?: number; indent?: number; color?: [number, number, number] } = {}) {
    const font = options.font ?? this.font;
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, font, size, PAGE_WIDTH - 2 * MARGIN - indent)) {
      this.ensure(size + 4);
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y - size,
        size,
        font,
        color: options.color ? rgb(...options.color) : rgb(0.1, 0.1, 0.12),
      });
      this.y -= size + 4;
    }
  }

  field(label: string, value: string, indent = 0) {
    this.text(`${label}: ${value}`, { indent });
  }

  gap(space = LINE / 2) {
    this.y -= space;
  }
}

/** The signed register as PDF bytes. */
export async function buildSignedRegisterPdf(input: SignedRegisterInput): Promise<Uint8Array> {
  const document = readPoliceXml(input.xml);
  const solicitud = find(document, "solicitud");
  const contrato = find(document, "contrato");
  const pago = contrato ? find(contrato, "pago") : undefined;
  const personas = (find(document, "comunicacion")?.children ?? []).filter((child) => child.name === "persona");

  const pdf = await PDFDocument.create();
  pdf.setTitle(`Parte de entrada de viajeros · ${input.property.name}`);
  pdf.setSubject("Registro documental de viajeros (RD 933/2021)");
  pdf.setProducer("NidoSmart");
  pdf.setCreationDate(input.generatedAt);
  pdf.setModificationDate(input.generatedAt);
  let regular: PDFFont;
  let italic: PDFFont;
  if (input.unicodeFont) {
    pdf.registerFontkit(fontkit);
    regular = await pdf.embedFont(input.unicodeFont, { subset: true });
    italic = regular;
  } else {
    regular = await pdf.embedFont(StandardFonts.Helvetica);
    italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  }
  const w = new Writer(pdf, regular, await pdf.embedFont(StandardFonts.HelveticaBold), italic);

  w.text("Parte de entrada de viajeros", { font: w.bold, size: 16 });
  w.text("Registro documental de viajeros (Real Decreto 933/2021)", { size: 9, color: [0.35, 0.35, 0.4] });
  w.gap();

  w.text("Establecimiento", { font: w.bold, size: 12 });
  w.field("Nombre", input.property.name);
  w.field("Dirección", input.property.address);
  w.field("Código de establecimiento", childText(solicitud, "codigoEstablecimiento") ?? "-");
  w.gap();

  w.text("Estancia", { font: w.bold, size: 12 });
  const stayFields: [string, string][] = [
    ["referencia", "Referencia"],
    ["fechaContrato", "Fecha del contrato"],
    ["fechaEntrada", "Entrada"],
    ["fechaSalida", "Salida"],
    ["numPersonas", "Número de personas"],
    ["numHabitaciones", "Habitaciones"],
    ["internet", "Internet"],
  ];
  for (const [element, label] of stayFields) {
    const value = childText(contrato, element);
    if (value !== null) w.field(label, describeRegistryValue(element, value));
  }
  const payment = childText(pago, "tipoPago");
  if (payment !== null) w.field("Tipo de pago", describeRegistryValue("tipoPago", payment));
  w.field("Registro por los viajeros", input.registeredAt ? formatRegisterTime(input.registeredAt) : "-");

  for (const [index, persona] of personas.entries()) {
    w.gap(LINE);
    w.ensure(LINE * 6);
    w.text(`Viajero ${index + 1}`, { font: w.bold, size: 12 });
    for (const [element, label] of PERSON_LABELS) {
      const value = childText(persona, element);
      if (value !== null) w.field(label, describeRegistryValue(element, value), 8);
    }
    const address = persona.children.find((child) => child.name === "direccion");
    for (const [element, label] of ADDRESS_LABELS) {
      const value = childText(address, element);
      if (value !== null) w.field(label, describeRegistryValue(element, value), 8);
    }
    await writeSignature(w, input.signatures[index] ?? null);
  }

  w.gap(LINE);
  w.text(`Documento generado el ${formatRegisterTime(input.generatedAt)}.`, { size: 8, color: [0.35, 0.35, 0.4] });
  return pdf.save();
}

async function writeSignature(w: Writer, signature: SignedRegisterSignature | null) {
  w.gap(4);
  w.ensure(SIGNATURE_BOX.height + LINE * 3);
  if (!signature) {
    w.text("Firma: sin firma (registrado antes de que se recogieran firmas)", { indent: 8, font: w.italic });
    return;
  }
  const by = signature.signedByPosition === null ? "" : ` por el viajero ${signature.signedByPosition} (menor de 14 años)`;
  const when = signature.signedAt ? `, el ${formatRegisterTime(signature.signedAt)}` : "";
  if (signature.kind === "drawn" && signature.image) {
    w.text(`Firma${by}${when}:`, { indent: 8 });
    const bytes = parseSignatureDataUrl(signature.image);
    if (bytes) {
      const image = await w.pdf.embedPng(bytes);
      const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height, 1);
      const width = image.width * scale;
      const height = image.height * scale;
      w.page.drawRectangle({
        x: MARGIN + 8,
        y: w.y - SIGNATURE_BOX.height - 4,
        width: SIGNATURE_BOX.width + 8,
        height: SIGNATURE_BOX.height + 8,
        borderColor: rgb(0.75, 0.75, 0.8),
        borderWidth: 0.5,
      });
      w.page.drawImage(image, { x: MARGIN + 12, y: w.y - height, width, height });
      w.y -= SIGNATURE_BOX.height + 10;
    }
  } else {
    w.text(`Firma escrita con el teclado${by}${when}:`, { indent: 8 });
    w.text(signature.typedName ?? "-", { indent: 16, font: w.italic, size: 13 });
  }
}

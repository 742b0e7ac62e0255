import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFPage,
} from "pdf-lib";
import { embedPdfFonts, type PdfFontFiles, type PdfFonts } from "#app/modules/guests/pdf-fonts.ts";
import { drawLine, widthOf, wrapText } from "#app/modules/guests/pdf-text-layout.ts";
import { GUEST_DOCUMENT_TYPES, KINSHIP_CODES, PAYMENT_TYPES, SEX_CODES, countryName } from "#app/modules/guests/ses-codes.ts";
import { readNormalisedSignature } from "#app/modules/guests/signature-normalise.server.ts";
import { parseSignatureDataUrl } from "#app/modules/guests/signature.ts";

// The signed register ("parte de entrada") of one stay, as a PDF the owner keeps (RD 933/2021
// art. 5: the register with each guest's signature, kept three years).
//
// Its data is read back from the very altaParteHospedaje XML that is (or will be) filed, not
// from the database again, so the paper copy and the PV cannot disagree: same values, same
// official codes (each code is followed by its Spanish name). Signatures and the registration
// time come from the guest rows, in the same order as the persona blocks.
//
// Built in a worker thread (guest-worker-pool.server.ts, ADR 0013): it reads font files and lays
// out text with fontkit. It never decodes a guest's image: a drawn signature is the normalised
// PNG (signature-normalise.server.ts) whose compressed data is embedded as it is.

export type SignedRegisterSignature = {
  kind: "drawn" | "typed";
  /** The normalised PNG data URL; anything else prints as an unreadable signature. */
  image: string | null;
  typedName: string | null;
  signedByPosition: number | null;
  signedAt: Date | null;
  /** The signing declaration the guest signed: in Spanish, and in the guest's language if another. */
  declaration: { es: string; guest: string | null } | null;
};

/** Font files (paths) the PDF embeds as subsets; a missing or unreadable file is skipped. */
export type SignedRegisterFonts = PdfFontFiles;

export type SignedRegisterInput = {
  /** The PV as built by buildAltaParteHospedaje. */
  xml: string;
  property: { name: string; address: string };
  /** The SES landlord account of the property ("arrendador"); null when none is assigned. */
  landlord: { name: string; code: string } | null;
  /** INE municipality code → name and province, for the codes the XML holds. */
  municipalities: Record<string, { name: string; province: string }>;
  /** One per persona block of the XML, in order; null for a guest registered unsigned. */
  signatures: readonly (SignedRegisterSignature | null)[];
  registeredAt: Date | null;
  generatedAt: Date;
  fonts: SignedRegisterFonts;
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
  ["codigoMunicipio", "Municipio"],
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
    case "fechaNacimiento":
    case "fechaContrato":
    case "fechaEntrada":
    case "fechaSalida":
      return formatRegisterDate(value);
    case "rol":
      return value === "VI" ? "VI (Viajero)" : value;
    case "internet":
      return value === "true" ? "Sí" : value === "false" ? "No" : value;
    default:
      return value;
  }
}

/** "2026-11-28T00:00:00+01:00" or "2026-11-28" → "28/11/2026"; anything else as it is. */
export function formatRegisterDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
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

// ---------------------------------------------------------------- fonts

type Fonts = PdfFonts;
const embedFonts = embedPdfFonts;

// ---------------------------------------------------------------- layout

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const HEADER_HEIGHT = 34;
const FOOTER_HEIGHT = 24;
const CONTENT_TOP = PAGE_HEIGHT - MARGIN - HEADER_HEIGHT;
const CONTENT_BOTTOM = MARGIN + FOOTER_HEIGHT;
const LINE = 14;
const SIGNATURE_BOX = { width: 240, height: 80, padding: 6 };
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.75, 0.75, 0.8);

type TextOptions = { bold?: boolean; size?: number; indent?: number; grey?: boolean };

/**
 * Writes top to bottom, page after page. `measure` runs a block without drawing so that a
 * guest's block can be moved whole to the next page instead of being split.
 */
class Writer {
  page!: PDFPage;
  y = 0;
  measuring = false;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = CONTENT_TOP;
  }

  ensure(space: number) {
    if (!this.measuring && this.y - space < CONTENT_BOTTOM) this.newPage();
  }

  text(text: string, options: TextOptions = {}) {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const fonts = options.bold ? this.fonts.bold : this.fonts.text;
    for (const line of wrapText(text, size, PAGE_WIDTH - 2 * MARGIN - indent, fonts)) {
      this.ensure(size + 4);
      if (!this.measuring) drawLine(this.page, line, { x: MARGIN + indent, y: this.y - size, size, fonts, color: options.grey ? GREY : INK });
      this.y -= size + 4;
    }
  }

  field(label: string, value: string, indent = 0) {
    this.text(`${label}: ${value}`, { indent });
  }

  gap(space = LINE / 2) {
    this.y -= space;
  }

  /** Draws a block whole on this page, or on the next one when it does not fit here. */
  async block(draw: () => Promise<void>) {
    const top = this.y;
    this.measuring = true;
    await draw();
    const height = top - this.y;
    this.measuring = false;
    this.y = top;
    if (height <= CONTENT_TOP - CONTENT_BOTTOM) this.ensure(height);
    await draw();
  }
}

/** Running header and "Página N de M" on every page, once the number of pages is known. */
function decoratePages(w: Writer, header: { title: string; detail: string }, generatedAt: Date) {
  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const color = GREY;
    const fonts = w.fonts.text;
    drawLine(page, header.title, { x: MARGIN, y: PAGE_HEIGHT - MARGIN - 9, size: 9, fonts: w.fonts.bold, color });
    for (const [line, text] of wrapText(header.detail, 8, PAGE_WIDTH - 2 * MARGIN, fonts).slice(0, 1).entries()) {
      drawLine(page, text, { x: MARGIN, y: PAGE_HEIGHT - MARGIN - 21 - line * 10, size: 8, fonts, color });
    }
    page.drawLine({
      start: { x: MARGIN, y: PAGE_HEIGHT - MARGIN - HEADER_HEIGHT + 6 },
      end: { x: PAGE_WIDTH - MARGIN, y: PAGE_HEIGHT - MARGIN - HEADER_HEIGHT + 6 },
      thickness: 0.5,
      color: RULE,
    });
    const footer = `Página ${index + 1} de ${total}`;
    drawLine(page, footer, { x: PAGE_WIDTH - MARGIN - widthOf(footer, 8, fonts), y: MARGIN, size: 8, fonts, color });
    drawLine(page, `Generado el ${formatRegisterTime(generatedAt)}`, { x: MARGIN, y: MARGIN, size: 8, fonts, color });
  });
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
  const w = new Writer(pdf, await embedFonts(pdf, input.fonts));

  const landlord = input.landlord ? `${input.landlord.name} (código de arrendador ${input.landlord.code})` : "sin cuenta de arrendador asignada";
  const checkIn = childText(contrato, "fechaEntrada");
  const checkOut = childText(contrato, "fechaSalida");
  const stay = `${checkIn ? formatRegisterDate(checkIn) : "-"} – ${checkOut ? formatRegisterDate(checkOut) : "-"}`;

  w.text("Parte de entrada de viajeros", { bold: true, size: 16 });
  w.text("Registro documental de viajeros (Real Decreto 933/2021)", { size: 9, grey: true });
  w.gap();

  w.text("Establecimiento", { bold: true, size: 12 });
  w.field("Nombre", input.property.name);
  w.field("Dirección", input.property.address);
  w.field("Código de establecimiento", childText(solicitud, "codigoEstablecimiento") ?? "-");
  w.field("Arrendador", landlord);
  w.gap();

  w.text("Estancia", { bold: true, size: 12 });
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
    await w.block(async () => {
      w.text(`Viajero ${index + 1}`, { bold: true, size: 12 });
      for (const [element, label] of PERSON_LABELS) {
        const value = childText(persona, element);
        if (value !== null) w.field(label, describeRegistryValue(element, value), 8);
      }
      const address = persona.children.find((child) => child.name === "direccion");
      for (const [element, label] of ADDRESS_LABELS) {
        const value = childText(address, element);
        if (value === null) continue;
        const municipality = element === "codigoMunicipio" ? input.municipalities[value] : undefined;
        const shown = municipality ? `${municipality.name} (código INE ${value}), provincia de ${municipality.province}` : describeRegistryValue(element, value);
        w.field(element === "codigoMunicipio" && !municipality ? "Municipio (código INE)" : label, shown, 8);
      }
      await writeSignature(w, input.signatures[index] ?? null, index + 1);
    });
  }

  decoratePages(w, { title: `Parte de entrada de viajeros · ${input.property.name}`, detail: `Estancia ${stay} · Arrendador: ${landlord}` }, input.generatedAt);
  return pdf.save();
}

/** The normalised PNG of a stored signature (chunk headers read, nothing decoded), or null. */
function normalisedSignatureOf(image: string | null) {
  const bytes = image ? parseSignatureDataUrl(image) : null;
  return bytes ? readNormalisedSignature(bytes) : null;
}

/** The normalised signature's own compressed pixels as an image XObject: nothing is decoded. */
function embedNormalisedSignature(pdf: PDFDocument, png: { width: number; height: number; idat: Uint8Array }) {
  const stream = pdf.context.stream(png.idat, {
    Type: "XObject",
    Subtype: "Image",
    Width: png.width,
    Height: png.height,
    ColorSpace: "DeviceGray",
    BitsPerComponent: 8,
    Filter: "FlateDecode",
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: png.width },
  });
  return pdf.context.register(stream);
}

async function writeSignature(w: Writer, signature: SignedRegisterSignature | null, position: number) {
  w.gap(4);
  if (!signature) {
    w.text("Firma: sin firma (registrado antes de que se recogieran firmas)", { indent: 8, grey: true });
    return;
  }
  if (signature.declaration) {
    w.text(signature.declaration.es, { indent: 8, size: 8, grey: true });
    if (signature.declaration.guest) w.text(signature.declaration.guest, { indent: 8, size: 8, grey: true });
    w.gap(4);
  }
  const when = signature.signedAt ? `, el ${formatRegisterTime(signature.signedAt)}` : "";
  const typed = signature.kind === "typed";
  const caption =
    signature.signedByPosition === null
      ? `${typed ? "Firma escrita con el teclado" : `Firma del viajero ${position}`}${when}:`
      : `Firmado por el viajero ${signature.signedByPosition} en nombre de este menor de 14 años${typed ? " (firma escrita con el teclado)" : ""}${when}:`;
  w.text(caption, { indent: 8 });
  w.gap(2);
  const box = { x: MARGIN + 8, width: SIGNATURE_BOX.width + 2 * SIGNATURE_BOX.padding, height: SIGNATURE_BOX.height + 2 * SIGNATURE_BOX.padding };
  if (typed) {
    // A typed name gets the whole width: it is text, and up to 100 characters long.
    box.width = PAGE_WIDTH - 2 * MARGIN - 8;
    const lines = wrapText(signature.typedName ?? "-", 13, box.width - 2 * SIGNATURE_BOX.padding, w.fonts.text);
    box.height = lines.length * 17 + 2 * SIGNATURE_BOX.padding;
    w.ensure(box.height);
    if (!w.measuring) {
      w.page.drawRectangle({ x: box.x, y: w.y - box.height, width: box.width, height: box.height, borderColor: RULE, borderWidth: 0.5 });
      lines.forEach((line, i) => drawLine(w.page, line, { x: box.x + SIGNATURE_BOX.padding, y: w.y - SIGNATURE_BOX.padding - 13 - i * 17, size: 13, fonts: w.fonts.text, color: INK }));
    }
    w.y -= box.height + 4;
    return;
  }
  const png = normalisedSignatureOf(signature.image);
  if (!png) {
    w.text("(la imagen de esta firma está dañada y no puede mostrarse)", { indent: 8, grey: true });
    return;
  }
  w.ensure(box.height);
  if (!w.measuring) {
    const scale = Math.min(SIGNATURE_BOX.width / png.width, SIGNATURE_BOX.height / png.height, 1);
    const width = png.width * scale;
    const height = png.height * scale;
    w.page.drawRectangle({ x: box.x, y: w.y - box.height, width: box.width, height: box.height, borderColor: RULE, borderWidth: 0.5 });
    const name = w.page.node.newXObject("Signature", embedNormalisedSignature(w.pdf, png));
    w.page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(width, 0, 0, height, box.x + SIGNATURE_BOX.padding, w.y - SIGNATURE_BOX.padding - height),
      drawObject(name),
      popGraphicsState(),
    );
  }
  w.y -= box.height + 4;
}

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { buildAltaParteHospedaje, type PoliceXmlGuest } from "#app/modules/guests/police-xml.ts";
import { normaliseSignaturePng, signaturePngDataUrl } from "#app/modules/guests/signature-normalise.server.ts";
import { signaturePng } from "#tests/helpers/signature-png.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import {
  buildSignedRegisterPdf,
  describeRegistryValue,
  formatRegisterDate,
  readPoliceXml,
  type SignedRegisterInput,
  type SignedRegisterSignature,
} from "./signed-register-pdf.ts";
import { signedRegisterFonts } from "./signed-register.server.ts";

// The PDF is built from the PV XML itself; these check the reading of that XML, that every name
// a guest can type prints right (scripts, direction, length), and the layout staff rely on:
// header and page numbers on every page, one guest's block never split, dates dd/mm/yyyy, the
// municipality by name, the landlord, the declaration above each signature (issue 18).

const work = fs.mkdtempSync(path.join(os.tmpdir(), "signed-register-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const adult = (overrides: Partial<PoliceXmlGuest>): PoliceXmlGuest => ({
  givenName: "Ana",
  firstSurname: "García",
  sex: "M",
  birthDate: "1990-01-01",
  nationality: "ESP",
  documentType: "Pasaporte",
  documentNumber: "AB1234567",
  email: "guest@example.com",
  addressStreet: "Calle Mayor 1",
  addressCountry: "ESP",
  addressMunicipalityCode: "28079",
  addressPostalCode: "28013",
  ...overrides,
});

function xmlFor(guests: PoliceXmlGuest[]): string {
  return buildAltaParteHospedaje({
    property: { name: "Casa <Azul> & Co", establishmentCode: "0000012345", internetAvailable: true, timeZone: "Europe/Madrid" },
    reservation: { reference: "NS-7KQ2-M4", contractDate: "2026-11-10", checkIn: "2026-11-28", checkOut: "2026-12-02", rooms: 1, paymentType: "EFECT" },
    guests,
  });
}

const normalised = (seed: number) => {
  const result = normaliseSignaturePng(signaturePng(900, 300, seed));
  if (!result.ok) throw new Error("fixture signature not normalised");
  return signaturePngDataUrl(result.png);
};

const signature = (overrides: Partial<SignedRegisterSignature> = {}): SignedRegisterSignature => ({
  kind: "drawn",
  image: normalised(1),
  typedName: null,
  signedByPosition: null,
  signedAt: new Date("2026-11-20T10:00:00Z"),
  declaration: { es: "Declaro que los datos de este formulario son ciertos.", guest: "I declare that the information in this form is true." },
  ...overrides,
});

function input(guests: PoliceXmlGuest[], signatures: (SignedRegisterSignature | null)[]): SignedRegisterInput {
  return {
    xml: xmlFor(guests),
    property: { name: "Casa <Azul> & Co", address: "Calle 1, Madrid" },
    landlord: { name: "Ejemplo Alquileres SL", code: "0000000042" },
    municipalities: { "28079": { name: "Madrid", province: "Madrid" } },
    signatures,
    registeredAt: new Date("2026-11-20T10:00:00Z"),
    generatedAt: new Date("2026-11-21T09:00:00Z"),
    fonts: signedRegisterFonts({}),
  };
}

function writePdf(name: string, bytes: Uint8Array): string {
  const file = path.join(work, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** poppler's own reading: pdftotext's lines, and whether pdftoppm drew ink on every page. */
function poppler(file: string): { text: string; lines: string[]; pageInk: number[] } {
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  const prefix = path.join(work, path.basename(file, ".pdf"));
  execFileSync("pdftoppm", ["-r", "40", "-gray", file, prefix]);
  const pageInk = fs
    .readdirSync(work)
    .filter((entry) => entry.startsWith(`${path.basename(prefix)}-`) && entry.endsWith(".pgm"))
    .sort()
    .map((entry) => {
      const pgm = fs.readFileSync(path.join(work, entry));
      // P5 header: magic, width, height, maxval, then one byte per pixel.
      const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString("latin1", 0, 40))!;
      const pixels = pgm.subarray(header[0].length);
      return pixels.filter((value) => value < 128).length;
    });
  // Bidirectional marks pdftotext puts around right-to-left text are not text.
  const clean = text.replace(/[\u202A-\u202E\u200E\u200F]/g, "");
  return { text: clean, lines: clean.split("\n").map((line) => line.trim()).filter(Boolean), pageInk };
}

type Word = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word poppler finds, with its page and box in points (pdftotext -bbox). */
function words(file: string): Word[] {
  const html = execFileSync("pdftotext", ["-bbox", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  const found: Word[] = [];
  html.split("<page ").slice(1).forEach((page, index) => {
    for (const match of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
      const text = match[5].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
      found.push({ page: index + 1, text, xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]) });
    }
  });
  return found;
}

/**
 * How many separate blots of ink pdftoppm draws for `word` (8-connected dark pixels at 600 dpi,
 * specks under 1 % of the ink ignored). Arabic letters shaped into one word join into one blot;
 * the same letters in their isolated forms stay apart.
 */
function inkBlots(file: string, word: Word): number {
  const dpi = 600;
  const px = (pt: number) => Math.round((pt * dpi) / 72);
  const prefix = path.join(work, `blots-${word.page}-${Math.round(word.xMin)}-${Math.round(word.yMin)}`);
  const [x, y] = [px(word.xMin) - 4, px(word.yMin) - 4];
  const [w, h] = [px(word.xMax) - x + 8, px(word.yMax) - y + 8];
  execFileSync("pdftoppm", ["-r", String(dpi), "-gray", "-f", String(word.page), "-l", String(word.page), "-x", String(x), "-y", String(y), "-W", String(w), "-H", String(h), "-singlefile", file, prefix]);
  const pgm = fs.readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString("latin1", 0, 40))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const dark = pgm.subarray(header[0].length).map((value) => (value < 128 ? 1 : 0));
  const seen = new Uint8Array(width * height);
  const sizes: number[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || seen[start]) continue;
    let size = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      size++;
      const [cx, cy] = [at % width, Math.floor(at / width)];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [cx + dx, cy + dy];
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (dark[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    sizes.push(size);
  }
  const ink = sizes.reduce((sum, size) => sum + size, 0);
  return sizes.filter((size) => size >= ink / 100).length;
}

describe("signed register PDF", () => {
  test("reads our own XML back: values unescaped, structure kept", () => {
    const document = readPoliceXml(xmlFor([adult({ givenName: "Zoë", firstSurname: "O'Brien <x>" })]));
    const persona = document.children[0].children[0].children[1].children.find((child) => child.name === "persona")!;
    expect(persona.children.find((child) => child.name === "apellido1")?.text).toBe("O'Brien <x>");
    expect(document.children[0].name).toBe("peticion");
  });

  test("codes are followed by their Spanish names, dates are dd/mm/yyyy; unknown values stay raw", () => {
    expect(describeRegistryValue("tipoDocumento", "PAS")).toBe("PAS (Pasaporte)");
    expect(describeRegistryValue("pais", "POL")).toBe("POL (Polonia)");
    expect(describeRegistryValue("sexo", "X")).toBe("X");
    expect(describeRegistryValue("internet", "true")).toBe("Sí");
    expect(describeRegistryValue("fechaEntrada", "2026-11-28T00:00:00+01:00")).toBe("28/11/2026");
    expect(formatRegisterDate("1990-01-31")).toBe("31/01/1990");
  });

  test("the review group prints right: Greek, Cyrillic, Arabic, Chinese, Hebrew, a 50-letter surname; pages drawn", async () => {
    const longSurname = "Wolfeschlegelsteinhausenbergerdorffwelchevoraltern";
    const longTyped = "Hubert Blaine Wolfeschlegelsteinhausenbergerdorff Sr. de la Santísima";
    const guests = [
      adult({ givenName: "Δημήτρης", firstSurname: "Παπαδόπουλος", nationality: "GRC" }),
      adult({ givenName: "Иван", firstSurname: "Петров", nationality: "RUS" }),
      adult({ givenName: "محمد", firstSurname: "العلي", nationality: "MAR" }),
      adult({ givenName: "小明", firstSurname: "王", nationality: "CHN" }),
      adult({ givenName: "Hubert", firstSurname: longSurname, nationality: "DEU" }),
      adult({ givenName: "דוד", firstSurname: "כהן", nationality: "ISR" }),
    ];
    const signatures = [signature(), signature({ image: normalised(2) }), signature({ kind: "typed", image: null, typedName: "محمد العلي" }), signature({ kind: "typed", image: null, typedName: "王小明" }), signature({ kind: "typed", image: null, typedName: longTyped }), signature({ kind: "typed", image: null, typedName: "דוד כהן" })];
    const file = writePdf("review-group", await buildSignedRegisterPdf(input(guests, signatures)));
    if (process.env.KEEP_PDF) fs.copyFileSync(file, process.env.KEEP_PDF);
    const { lines, text, pageInk } = poppler(file);
    expect(pageInk.length).toBeGreaterThan(1);
    for (const ink of pageInk) expect(ink).toBeGreaterThan(500);
    expect(lines).toContain("Nombre: Δημήτρης");
    expect(lines).toContain("Primer apellido: Παπαδόπουλος");
    expect(lines).toContain("Nombre: Иван");
    expect(lines).toContain("Primer apellido: Петров");
    // pdftotext gives right-to-left text back in logical order.
    expect(lines).toContain("Nombre: محمد");
    expect(lines).toContain("Primer apellido: العلي");
    expect(lines).toContain("محمد العلي");
    expect(lines).toContain("Nombre: 小明");
    expect(lines).toContain("Primer apellido: 王");
    expect(lines).toContain("王小明");
    expect(lines).toContain(`Primer apellido: ${longSurname}`);
    expect(lines).toContain("Nombre: דוד");
    expect(lines).toContain("Primer apellido: כהן");
    expect(lines).toContain("דוד כהן");
    expect(text.replace(/\s+/g, " ")).toContain(longTyped);
    expect(text).not.toContain("?");
    // Drawn right to left and shaped, as seen on the page, not only as text: in the typed
    // signature "محمد العلي" the first word is to the right of the second, and "محمد" (four
    // letters that join) is one blot of ink, where its isolated letters would be four.
    const all = words(file);
    const isWord = (word: Word, letters: string) => word.text === letters || word.text === [...letters].reverse().join("");
    const signatureLine = all.filter((word) => isWord(word, "العلي") && all.some((other) => isWord(other, "محمد") && other.page === word.page && Math.abs(other.yMin - word.yMin) < 2));
    expect(signatureLine).toHaveLength(1);
    const [family] = signatureLine;
    const given = all.find((word) => isWord(word, "محمد") && word.page === family.page && Math.abs(word.yMin - family.yMin) < 2)!;
    expect(given.xMin).toBeGreaterThan(family.xMax);
    // The given name's line: cropped to the line's own height (the Arabic font's box is taller
    // and would reach the lines above and below).
    const centre = (word: Word) => (word.yMin + word.yMax) / 2;
    const sameLine = (a: Word, b: Word) => a.page === b.page && Math.abs(centre(a) - centre(b)) < 3;
    const name = all.find((word) => isWord(word, "محمد") && all.some((other) => other.text === "Nombre:" && sameLine(word, other)))!;
    const label = all.find((word) => word.text === "Nombre:" && sameLine(word, name))!;
    expect(inkBlots(file, { ...name, yMin: label.yMin, yMax: label.yMax })).toBe(1);
    // The check can fail: the Latin "Ana" of the first page is three letters apart.
    const latin = all.find((word) => word.text === "Casa")!;
    expect(inkBlots(file, latin)).toBe(4);
    // pdf.js (a viewer) reads the same names and both drawn signatures.
    const pdf = await readPdf(fs.readFileSync(file));
    expect(pdf.text).toContain("Παπαδόπουλος");
    expect(pdf.images).toBe(2);
  });

  test("every page has the running header and 'Página N de M'; no guest block is split", async () => {
    const guests = Array.from({ length: 7 }, (_, i) => adult({ givenName: `Persona${i + 1}` }));
    const file = writePdf("seven", await buildSignedRegisterPdf(input(guests, guests.map((_, i) => signature({ image: normalised(i) })))));
    const pages = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).split("\f").filter((page) => page.trim() !== "");
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain("Parte de entrada de viajeros · Casa <Azul> & Co");
      expect(page).toContain("Estancia 28/11/2026 – 02/12/2026 · Arrendador: Ejemplo Alquileres SL (código de arrendador 0000000042)");
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
    });
    for (let i = 1; i <= 7; i++) {
      const holding = pages.filter((page) => page.includes(`Nombre: Persona${i}\n`) || page.includes(`Firma del viajero ${i},`));
      expect(holding, `guest ${i}`).toHaveLength(1);
    }
    const first = pages[0];
    expect(first).toContain("Entrada: 28/11/2026");
    expect(first).toContain("Municipio: Madrid (código INE 28079), provincia de Madrid");
    expect(first).toContain("Arrendador: Ejemplo Alquileres SL (código de arrendador 0000000042)");
    expect(first).toContain("Fecha de nacimiento: 01/01/1990");
  });

  test("the declaration is printed above each signature; a minor's caption names who signed", async () => {
    const guests = [adult({}), adult({ givenName: "Pablo", birthDate: "2017-05-09", kinship: "HJ", documentType: null, documentNumber: null })];
    const minorDeclaration = { es: "Como adulto responsable, declaro que los datos de este huésped menor de 14 años son ciertos.", guest: null };
    const file = writePdf("minor", await buildSignedRegisterPdf(input(guests, [signature(), signature({ signedByPosition: 1, declaration: minorDeclaration })])));
    const { text } = poppler(file);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Declaro que los datos de este formulario son ciertos. I declare that the information in this form is true. Firma del viajero 1, el");
    expect(flat).toContain(`${minorDeclaration.es} Firmado por el viajero 1 en nombre de este menor de 14 años, el`);
  });

  test("a stored image that is not our normalised PNG is never decoded: the PDF says so and is built", async () => {
    const raw = `data:image/png;base64,${signaturePng().toString("base64")}`;
    const file = writePdf("raw", await buildSignedRegisterPdf(input([adult({})], [signature({ image: raw })])));
    expect(poppler(file).text).toContain("la imagen de esta firma está dañada");
  });

  test("without any font file, letters outside Latin-1 lose their marks or become '?', never fatal", async () => {
    const bytes = await buildSignedRegisterPdf({ ...input([adult({ givenName: "Łukasz Δημήτρης", firstSurname: "Nguyễn" })], [signature()]), fonts: {} });
    const pdf = await readPdf(bytes);
    expect(pdf.lines).toContain("Nombre: ?ukasz ????????");
    expect(pdf.lines).toContain("Primer apellido: Nguyen");
    expect(pdf.images).toBe(1);
  });
});

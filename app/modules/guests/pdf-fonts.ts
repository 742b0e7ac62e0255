import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { StandardFonts, type PDFDocument, type PDFFont } from "pdf-lib";
import { reuseCharacterSet, type ScriptFonts } from "./pdf-text-layout.ts";

// The fonts of the PDFs NidoSmart prints (ADR 0013): the signed register and the evidence
// report. One font per script, embedded as subsets; without the files, the PDF's standard fonts.

/** Font files (paths) a PDF embeds as subsets; a missing or unreadable file is skipped. */
export type PdfFontFiles = {
  /** Latin, Greek, Cyrillic (DejaVu Sans). Without it the PDF's standard fonts (Latin-1) are used. */
  regular?: string | null;
  bold?: string | null;
  arabic?: string | null;
  hebrew?: string | null;
  /** A TrueType font or collection (the first face is used). */
  cjk?: string | null;
};

const fontFiles = new Map<string, Uint8Array | null>();

/** A font file's bytes, read once per process (worker); null when it cannot be read. */
function readFont(file: string | null | undefined): Uint8Array | null {
  if (!file) return null;
  if (!fontFiles.has(file)) {
    try {
      fontFiles.set(file, new Uint8Array(readFileSync(file)));
    } catch {
      fontFiles.set(file, null);
    }
  }
  return fontFiles.get(file) ?? null;
}

// pdf-lib hands the font bytes to fontkit.create, which answers a collection (.ttc) with all its
// faces; the PDF takes the first face. Subsetting a CFF-based collection such as Noto Sans CJK
// gives a font poppler calls invalid (ADR 0013), so the CJK font is a TrueType one.
const firstFaceFontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(data, postscriptName) as ReturnType<typeof fontkit.create> & { fonts?: ReturnType<typeof fontkit.create>[] };
    return font.fonts ? font.fonts[0] : font;
  },
} as typeof fontkit;

export type PdfFonts = { text: ScriptFonts; bold: ScriptFonts };

export async function embedPdfFonts(pdf: PDFDocument, files: PdfFontFiles): Promise<PdfFonts> {
  pdf.registerFontkit(firstFaceFontkit);
  const embed = async (file: string | null | undefined): Promise<PDFFont | undefined> => {
    const bytes = readFont(file);
    if (!bytes) return undefined;
    try {
      const font = await pdf.embedFont(bytes, { subset: true });
      reuseCharacterSet(font, file!);
      return font;
    } catch {
      return undefined;
    }
  };
  const regular = (await embed(files.regular)) ?? (await pdf.embedFont(StandardFonts.Helvetica));
  const bold = (await embed(files.bold)) ?? (await pdf.embedFont(StandardFonts.HelveticaBold));
  const others = { arabic: await embed(files.arabic), hebrew: await embed(files.hebrew), cjk: await embed(files.cjk) };
  return { text: { latin: regular, ...others }, bold: { latin: bold, ...others } };
}


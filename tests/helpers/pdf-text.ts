import { createRequire } from "node:module";
import path from "node:path";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

// pdf.js draws the 14 standard fonts from its own font files; without them it only warns, but
// the text it extracts is the same either way.
// In Node it is read from the file system, so a path rather than a URL.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

// Reads a PDF back the way a viewer would (pdf.js): the text of every page, and how many images
// are painted, so a test compares what staff download with what was stored.

export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string; lines: string[]; images: number; title: string | null }> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, standardFontDataUrl }).promise;
  const lines: string[] = [];
  let images = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if ("str" in item && item.str.trim() !== "") lines.push(item.str);
    }
    const operators = await page.getOperatorList();
    images += operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
  }
  const metadata = await document.getMetadata();
  const info = metadata.info as { Title?: string };
  const result = { pages: document.numPages, text: lines.join("\n"), lines, images, title: info.Title ?? null };
  await document.destroy();
  return result;
}

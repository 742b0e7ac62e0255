import bidiFactory from "bidi-js";
import type { PDFFont, PDFPage, RGB } from "pdf-lib";
import { scriptOf, type PdfScript } from "#app/modules/guests/pdf-scripts.ts";

// Lines of mixed-script text for pdf-lib (ADR 0013). pdf-lib draws one font per call, so a
// line is cut into runs, each in the font of its script, and placed left to right in visual
// order:
// - the embedding level of every character comes from the Unicode Bidirectional Algorithm
//   (bidi-js), in a left-to-right paragraph (the register is Spanish);
// - runs are reordered by the algorithm's rule L2 (reverse every sequence at level ≥ k, from the
//   highest level down to the lowest odd one);
// - inside a run pdf-lib lays the text out with fontkit, which shapes Arabic (joining forms,
//   lam-alef) and already reverses the glyphs of a right-to-left script: reversing those runs
//   here too would undo it. Only an odd-level run without a right-to-left letter (neutral
//   characters between Arabic words in another font) is reversed here.

export type ScriptFonts = { latin: PDFFont } & Partial<Record<Exclude<PdfScript, "latin" | "common">, PDFFont>>;

type Run = { text: string; font: PDFFont; level: number };

const bidi = bidiFactory();
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const characterSets = new WeakMap<PDFFont, Set<number>>();

const characterSetsByFile = new Map<string, Set<number>>();

/** A font embedded from a file seen before reuses that file's character set (a CJK cmap is large). */
export function reuseCharacterSet(font: PDFFont, file: string): void {
  let set = characterSetsByFile.get(file);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSetsByFile.set(file, set);
  }
  characterSets.set(font, set);
}

function covers(font: PDFFont, char: string): boolean {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set.has(char.codePointAt(0)!);
}

/** The font for one character: its script's, else any that has it, else null. */
function fontFor(fonts: ScriptFonts, char: string, previous: PDFFont | null): PDFFont | null {
  const script = scriptOf(char);
  if (script === "common" || script === null) {
    if (previous && covers(previous, char)) return previous;
  } else {
    const own = fonts[script];
    if (own && covers(own, char)) return own;
  }
  const all = [fonts.latin, fonts.arabic, fonts.hebrew, fonts.cjk].filter((font): font is PDFFont => font !== undefined);
  return all.find((font) => covers(font, char)) ?? null;
}

/** Logical runs of one line: same font and same embedding level. Characters no font has become "?". */
function logicalRuns(text: string, fonts: ScriptFonts, base: PDFFont): Run[] {
  const { levels } = bidi.getEmbeddingLevels(text, "ltr");
  const runs: Run[] = [];
  let previous: PDFFont | null = null;
  let index = 0;
  for (const original of text) {
    const level = levels[index];
    index += original.length;
    let char = original;
    let font = fontFor(fonts, char, previous ?? base);
    if (!font) {
      // No font has it: its base letter without marks (the standard-font case), else "?".
      const stripped = char.normalize("NFD").replace(/\p{M}/gu, "");
      char = stripped !== "" && Array.from(stripped).every((c) => covers(base, c)) ? stripped : "?";
      font = base;
    }
    previous = font;
    const last = runs[runs.length - 1];
    if (last && last.font === font && last.level === level) last.text += char;
    else runs.push({ text: char, font, level });
  }
  return runs;
}

/** The runs of a line in the order they are drawn, left to right. */
export function visualRuns(text: string, fonts: ScriptFonts, base: PDFFont = fonts.latin): Run[] {
  const runs = logicalRuns(text, fonts, base);
  if (runs.length === 0) return runs;
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : Infinity)));
  for (let level = highest; level >= lowestOdd && Number.isFinite(lowestOdd); level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start].level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1].level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map((run) =>
    run.level % 2 === 1 && !RTL_LETTER.test(run.text) ? { ...run, text: Array.from(run.text).reverse().join("") } : run,
  );
}

// fontkit lays a string out each time pdf-lib measures it (about a millisecond): widths are
// kept per font and string at size 1 (a width is proportional to the size).
const widths = new WeakMap<PDFFont, Map<string, number>>();

function runWidth(font: PDFFont, text: string, size: number): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let width = cache.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    cache.set(text, width);
  }
  return width * size;
}

export function widthOf(text: string, size: number, fonts: ScriptFonts, base?: PDFFont): number {
  return visualRuns(text, fonts, base).reduce((sum, run) => sum + runWidth(run.font, run.text, size), 0);
}

/** Greedy word wrap; a word wider than the line (a 70-letter surname) is cut between letters. */
export function wrapText(text: string, size: number, width: number, fonts: ScriptFonts, base?: PDFFont): string[] {
  if (widthOf(text, size, fonts, base) <= width) return [text.trim().replace(/\s+/g, " ")];
  const space = widthOf(" ", size, fonts, base);
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter((part) => part !== "")) {
    const wordWidth = widthOf(word, size, fonts, base);
    if (line && lineWidth + space + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    if (wordWidth <= width) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    let piece = "";
    for (const char of word) {
      if (piece && widthOf(piece + char, size, fonts, base) > width) {
        lines.push(piece);
        piece = "";
      }
      piece += char;
    }
    line = piece;
    lineWidth = widthOf(piece, size, fonts, base);
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

export function drawLine(
  page: PDFPage,
  text: string,
  options: { x: number; y: number; size: number; fonts: ScriptFonts; base?: PDFFont; color: RGB },
): void {
  let x = options.x;
  for (const run of visualRuns(text, options.fonts, options.base)) {
    page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
    x += runWidth(run.font, run.text, options.size);
  }
}

import fs from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, test } from "vitest";
import { visualRuns, wrapText, type ScriptFonts } from "#app/modules/guests/pdf-text-layout.ts";
import { signedRegisterFonts } from "#app/modules/guests/signed-register.server.ts";

// Runs of one font and one direction, in drawing order. fontkit reverses and shapes a
// right-to-left run itself, so a run's text stays in logical order here (no double reversal).

let fonts: ScriptFonts;
beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = signedRegisterFonts({});
  const embed = async (file: string | null | undefined) => pdf.embedFont(fs.readFileSync(file!), { subset: true });
  fonts = { latin: await embed(files.regular), arabic: await embed(files.arabic), hebrew: await embed(files.hebrew) };
});

const shape = (text: string) => visualRuns(text, fonts).map((run) => [run.text, run.font === fonts.latin ? "latin" : run.font === fonts.arabic ? "arabic" : "hebrew"]);

describe("visual runs", () => {
  test("a label then an Arabic name: the name is one run in the Arabic font, in logical order", () => {
    expect(shape("Nombre: محمد العلي")).toEqual([
      ["Nombre: ", "latin"],
      ["محمد العلي", "arabic"],
    ]);
  });

  test("a Latin word between two Arabic ones: each Arabic word its own right-to-left run, spaces resolved by the paragraph", () => {
    expect(shape("محمد Smith العلي")).toEqual([
      ["محمد", "arabic"],
      [" ", "arabic"],
      ["Smith ", "latin"],
      ["العلي", "arabic"],
    ]);
  });

  test("Hebrew in its own font, one run; Latin after it stays left to right", () => {
    expect(shape("Nombre: דוד כהן, Madrid")).toEqual([
      ["Nombre: ", "latin"],
      ["דוד כהן", "hebrew"],
      [", Madrid", "latin"],
    ]);
  });

  test("a word wider than the line is cut between letters; others wrap at spaces", () => {
    const lines = wrapText("Ana Wolfeschlegelsteinhausenbergerdorffwelchevoraltern", 10, 120, fonts);
    expect(lines[0]).toBe("Ana");
    expect(lines.slice(1).join("")).toBe("Wolfeschlegelsteinhausenbergerdorffwelchevoraltern");
    expect(lines.length).toBeGreaterThan(2);
  });
});

import fontkit from "@pdf-lib/fontkit";
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { canPrintName, scriptOf } from "#app/modules/guests/pdf-scripts.ts";
import { signedRegisterFonts } from "#app/modules/guests/signed-register.server.ts";

// canPrintName promises the PDF has a font for a name; the fonts it is configured with must keep
// that promise for the letters of every script it accepts.

const SAMPLES: Record<"latin" | "arabic" | "hebrew" | "cjk", string> = {
  latin: "Łukasz Nguyễn Ørsted Çağlar Δημήτρης Παπαδόπουλος Иван Петров Ґаліна Արամ გიორგი",
  arabic: "محمد العلي لا",
  hebrew: "דוד כהן",
  cjk: "王小明 陳大文 山田太郎 やまだ カタカナ 김민준",
};

describe("canPrintName", () => {
  test.each([
    ["Łukasz O'Brien-Nguyễn", true],
    ["Δημήτρης Иван", true],
    ["محمد العلي", true],
    ["דוד כהן", true],
    ["王小明 김민준 やまだ", true],
    ["สมชาย", false],
    ["देवनागरी", false],
    ["አበበ", false],
    ["Ana 😀", false],
  ])("%s → %s", (name, expected) => {
    expect(canPrintName(name)).toBe(expected);
  });

  test.each(Object.entries(SAMPLES))("the configured %s font has every letter canPrintName accepts for it", (script, sample) => {
    const files = signedRegisterFonts({});
    const file = script === "latin" ? files.regular! : files[script as "arabic" | "hebrew" | "cjk"]!;
    const opened = fontkit.create(fs.readFileSync(file)) as ReturnType<typeof fontkit.create> & { fonts?: ReturnType<typeof fontkit.create>[] };
    const font = opened.fonts ? opened.fonts[0] : opened;
    for (const char of sample.replace(/\s/g, "")) {
      expect(scriptOf(char), char).not.toBeNull();
      expect(font.hasGlyphForCodePoint(char.codePointAt(0)!), `${script}: ${char}`).toBe(true);
    }
  });
});

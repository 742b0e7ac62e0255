import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { charLength, cleanLine, cleanNotes, cleanText, sanitizeUnicode } from "#app/lib/text.ts";

// The one sanitiser every form uses (issue 18 item 6): bidirectional and zero-width characters
// never reach the database, the ministry's XML or a staff screen, whatever form they came in.

const BIDI_AND_INVISIBLE = [
  "\u202A", "\u202B", "\u202C", "\u202D", "\u202E", // embeddings, overrides
  "\u2066", "\u2067", "\u2068", "\u2069", // isolates
  "\u200E", "\u200F", "\u061C", // marks
  "\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u180E", // zero-width
  "\uFDD0", "\uFFFE", "\uFFFF", "\u{1FFFF}", "\u{10FFFF}", // non-characters
  "\u{E0041}", "\u{E0001}", // tag characters (hidden ASCII)
  "\u0000", "\u0007", "\u001B", "\u007F", "\u0085", "\u009B", // C0 / C1 controls
  "\uD800", "\uDFFF", // lone surrogates
];

describe("sanitizeUnicode", () => {
  test.each(BIDI_AND_INVISIBLE.map((char) => [`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`, char]))(
    "removes %s from a Latin name",
    (_name, char) => {
      expect(sanitizeUnicode(`Lu${char}cía`)).toBe("Lucía");
      expect(cleanLine(`${char}Pérez${char}`)).toBe("Pérez");
    },
  );

  test("a right-to-left override cannot reverse what staff read", () => {
    expect(cleanLine("Ana \u202Egnp.exe\u202C")).toBe("Ana gnp.exe");
    expect(cleanLine("\u2067Smith\u2069 \u200FJones")).toBe("Smith Jones");
  });

  test("composes accents (NFC), also when an invisible character sat between letter and accent", () => {
    expect(sanitizeUnicode("Jose\u0301")).toBe("José");
    expect(sanitizeUnicode("Jose\u200B\u0301")).toBe("José");
    expect(charLength(sanitizeUnicode("Jose\u0301"))).toBe(4);
  });

  test("keeps ZWNJ/ZWJ where they spell a word: Persian, Devanagari, emoji sequences", () => {
    const persian = "می\u200Cخواهم"; // "I want": ZWNJ keeps the two parts unjoined
    expect(sanitizeUnicode(persian)).toBe(persian);
    const devanagari = "क्\u200Dष"; // ZWJ asks for the half form of क
    expect(sanitizeUnicode(devanagari)).toBe(devanagari);
    const family = "👨\u200D👩\u200D👧";
    expect(sanitizeUnicode(family)).toBe(family);
    const technologist = "👩🏽\u200D💻";
    expect(sanitizeUnicode(technologist)).toBe(technologist);
    const england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
    expect(sanitizeUnicode(england)).toBe(england);
  });

  test("drops ZWNJ/ZWJ that only pad: Latin text, edges, doubles, before a space", () => {
    expect(sanitizeUnicode("Ad\u200Dmin")).toBe("Admin");
    expect(sanitizeUnicode("\u200Cمی")).toBe("می");
    expect(sanitizeUnicode("می\u200C")).toBe("می");
    expect(sanitizeUnicode("می\u200C\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(sanitizeUnicode("می\u200C خواهم")).toBe("می خواهم");
  });

  test("keeps everything legitimate: letters of any script, emoji, line breaks and tabs", () => {
    const text = "Łódź Ñandú 北京 Αθήνα Москва עברית العربية 😀\tfin\r\nline";
    expect(sanitizeUnicode(text)).toBe(text);
  });

  test("is idempotent and only ever removes characters, for any input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (value) => {
        const once = sanitizeUnicode(value);
        expect(sanitizeUnicode(once)).toBe(once);
        // No lone surrogate is left.
        expect(once).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect(once).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\u200E\u200F\u061C\u2060\uFEFF\uFFFE\uFFFF]/);
      }),
      { numRuns: 500 },
    );
  });
});

describe("cleanLine, cleanText, cleanNotes share it", () => {
  test("every form cleaner removes bidi and zero-width characters", () => {
    const dirty = "Hola\u202E \u200Bmundo\u2066";
    expect(cleanLine(dirty)).toBe("Hola mundo");
    expect(cleanText(`${dirty}\nadiós\u200F`)).toBe("Hola mundo\nadiós");
    expect(cleanNotes(`${dirty}\n\n\n\u2069nota`)).toBe("Hola mundo\n\nnota");
  });

  test("an invisible character cannot hide markup from the markup pass", () => {
    expect(cleanLine("<scr\u200Bipt>alert(1)</script>Ana")).toBe("Ana");
    expect(cleanLine("<\u200Bb>Ana</b>")).toBe("Ana");
  });
});

import { describe, expect, test } from "vitest";
import { figureMultiset } from "#app/modules/chat/figures.ts";
import { englishText } from "#app/modules/chat/knowledge-en.ts";
import { collectKnowledge, knowledgeSources, knowledgeStrings } from "#app/modules/chat/knowledge.ts";

// The English renderings are tied to the Spanish content they render: these tests fail as soon
// as the two can disagree, so an English visitor is never told a stale price or a wrong "yes".

const strings = knowledgeStrings(knowledgeSources());

describe("English renderings of the site content", () => {
  test("every Spanish string the assistant reads has an English rendering", () => {
    const missing = strings.filter((spanish) => !Object.hasOwn(englishText, spanish));
    // A failure here means the Spanish content changed: translate the listed texts in
    // app/modules/chat/knowledge-en.ts (and drop the entries they replace).
    expect(missing).toEqual([]);
  });

  test("no rendering is left for Spanish text that no longer exists", () => {
    const used = new Set(strings);
    expect(Object.keys(englishText).filter((spanish) => !used.has(spanish))).toEqual([]);
  });

  test("each rendering states exactly the figures of its Spanish text", () => {
    const disagreements = Object.entries(englishText)
      .filter(([es, en]) => figureMultiset(es, "es").join() !== figureMultiset(en, "en").join())
      .map(([es, en]) => ({ es, en }));
    expect(disagreements).toEqual([]);
  });

  test("a Spanish yes or no stays a yes or no", () => {
    for (const [es, en] of Object.entries(englishText)) {
      if (/^Sí[.:,]/.test(es)) expect(en, es).toMatch(/^Yes[.:,]/);
      if (/^No[.:,]/.test(es)) expect(en, es).toMatch(/^No[.:,]/);
    }
  });

  test("renderings are English, not Spanish left in place", () => {
    for (const en of Object.values(englishText)) expect(en).not.toMatch(/[¿¡]/);
  });

  test("every document of the real content has an English rendering, line for line", () => {
    for (const document of collectKnowledge()) {
      expect(document.en, document.id).toBeDefined();
      expect(document.en?.text.split("\n").length, document.id).toBe(document.text.split("\n").length);
      expect(document.en?.title.trim(), document.id).not.toBe("");
    }
  });
});

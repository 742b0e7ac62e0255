import { describe, expect, test } from "vitest";
import {
  contentFigures,
  evaluate,
  EVAL_THRESHOLDS,
  formatReport,
  judgeAnswer,
  share,
} from "#app/modules/chat/eval/evaluate.ts";
import { evalQuestions, type EvalQuestion } from "#app/modules/chat/eval/questions.ts";
import { canonicalText } from "#app/modules/chat/figures.ts";
import { collectKnowledge } from "#app/modules/chat/knowledge.ts";
import { createRetrievalEngine, type RetrievalAnswer } from "#app/modules/chat/retrieval.ts";

// `npm run eval:chat` as a CI gate (issue 12): the offline engine over the real site content,
// scored on the whole evaluation set, must meet every threshold.

const documents = collectKnowledge();

describe("the evaluation set", () => {
  test("is large enough, in both languages, with questions the content cannot answer", () => {
    expect(evalQuestions.length).toBeGreaterThanOrEqual(150);
    expect(evalQuestions.filter((q) => q.lang === "es").length).toBeGreaterThanOrEqual(75);
    expect(evalQuestions.filter((q) => q.lang === "en").length).toBeGreaterThanOrEqual(75);
    expect(evalQuestions.filter((q) => !q.source).length).toBeGreaterThanOrEqual(20);
    for (const asker of ["visitor", "owner", "guest"] as const) {
      expect(evalQuestions.some((q) => q.asker === asker)).toBe(true);
    }
    expect(new Set(evalQuestions.map((q) => `${q.lang}:${(q.history ?? []).join("/")}:${q.question}`)).size).toBe(
      evalQuestions.length,
    );
  });

  test("holds the four questions quoted in the issue, verbatim", () => {
    expect(evalQuestions.filter((q) => q.quoted).map((q) => q.question)).toEqual([
      "¿Qué pasa si un huésped hace una fiesta?",
      "¿Sirve para un hotel de 80 habitaciones?",
      "How much does it cost per month?",
      "¿Cómo evito a los okupas?",
    ]);
  });

  test("names, for every answerable question, a page or FAQ item that exists and states the expected facts", () => {
    const problems: string[] = [];
    for (const q of evalQuestions) {
      if (!q.source) continue;
      const [path, item] = q.source.split(" › ");
      const onPage = documents.filter((document) => (document.url ?? "").split("#")[0] === path);
      const sources = item
        ? onPage.filter((document) => document.title === item || document.title.endsWith(`: ${item}`))
        : onPage;
      if (sources.length === 0) {
        problems.push(`${q.question}: no ${q.source}`);
        continue;
      }
      const text = canonicalText(
        sources
          .map((document) =>
            q.lang === "es" ? `${document.title} ${document.text}` : `${document.en?.title} ${document.en?.text}`,
          )
          .join(" "),
        q.lang,
      );
      for (const fact of q.facts ?? []) {
        const options = typeof fact === "string" ? [fact] : fact;
        if (!options.some((option) => text.includes(canonicalText(option, q.lang)))) {
          problems.push(`${q.question}: "${options.join(" | ")}" is not in ${q.source}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("judging an answer", () => {
  const question: EvalQuestion = { lang: "en", asker: "visitor", question: "How much?", source: "/faq", facts: ["€29"] };
  const answer = (text: string, kind: RetrievalAnswer["kind"] = "answer"): RetrievalAnswer => ({
    text,
    kind,
    language: "en",
    sources: [],
  });

  test("reads figures in either notation and wants one link", () => {
    expect(judgeAnswer(question, answer("It costs 29 € a month.\n\nMore information: [FAQ](/faq)"), [])).toEqual([]);
    expect(judgeAnswer(question, answer("It costs €29."), [])).toEqual(["0 links instead of one"]);
    expect(judgeAnswer(question, answer("It costs €36. [FAQ](/faq)"), [])).toEqual(['missing "€29"']);
  });

  test("an unanswerable question must be declined with the sales link and no figure", () => {
    const unanswerable: EvalQuestion = { lang: "es", asker: "guest", question: "¿Aceptáis Bizum?" };
    const declined: RetrievalAnswer = {
      text: "No tengo esa información. [Contactar con ventas](/contacto).",
      kind: "unknown",
      language: "es",
      sources: [],
    };
    expect(judgeAnswer(unanswerable, declined, [])).toEqual([]);
    expect(judgeAnswer(unanswerable, { ...declined, language: "en" }, [])).toContain("answered in en");
    expect(judgeAnswer(unanswerable, { ...declined, kind: "answer" }, [])).toEqual(["not declined"]);
  });
});

test(
  "the offline engine meets the thresholds of issue 12 on the whole set",
  async () => {
    const report = await evaluate(createRetrievalEngine(documents), evalQuestions, contentFigures(documents));
    // The printed report (the same as `npm run eval:chat`) says which questions were missed.
    expect(report.failures, formatReport(report)).toEqual([]);
    expect(share(report.overall)).toBeGreaterThanOrEqual(EVAL_THRESHOLDS.overall);
    expect(share(report.byLanguage.es)).toBeGreaterThanOrEqual(EVAL_THRESHOLDS.perLanguage);
    expect(share(report.byLanguage.en)).toBeGreaterThanOrEqual(EVAL_THRESHOLDS.perLanguage);
    expect(share(report.byKind.unanswerable)).toBe(1);
    expect(report.inventedFigureAnswers).toBe(0);
    expect(report.quoted.map((outcome) => [outcome.question.question, outcome.reasons])).toEqual(
      report.quoted.map((outcome) => [outcome.question.question, []]),
    );
  },
  120_000,
);

import { streamChatReply } from "#app/modules/chat/chat-engine.server.ts";
import type { EvalFact, EvalLanguage, EvalQuestion } from "#app/modules/chat/eval/questions.ts";
import { canonicalText, figuresIn } from "#app/modules/chat/figures.ts";
import type { ChatDocument, ChatTurn, RetrievalAnswer, RetrievalEngine } from "#app/modules/chat/retrieval.ts";

// Scores the guest assistant against the evaluation set (questions.ts). A question is right
// when the answer is in the asker's language and
//   - answerable: it is an answer (not a refusal), contains every expected fact, opens with
//     the expected yes or no, contains none of the forbidden texts, and cites one page;
//   - unanswerable: it is the honest refusal, with the link to sales and no figure at all.
// Across every answer, no figure may appear that the site's content does not contain.

export const EVAL_THRESHOLDS = {
  /** Share of all questions answered right. */
  overall: 0.95,
  /** Share of each language's questions answered right. */
  perLanguage: 0.9,
  /** Share of unanswerable questions declined. */
  unanswerableDeclined: 1,
  /** Answers containing a figure that is not in the content. */
  inventedFigures: 0,
} as const;

export interface EvalOutcome {
  question: EvalQuestion;
  answer: RetrievalAnswer;
  correct: boolean;
  /** Why it is wrong; empty when right. */
  reasons: string[];
  /** Figures in the answer that the content does not contain. */
  inventedFigures: number[];
  /** Time from the request to the first streamed token, in milliseconds. */
  firstTokenMs: number;
}

export interface Tally {
  correct: number;
  total: number;
}

export interface EvalReport {
  outcomes: EvalOutcome[];
  overall: Tally;
  byLanguage: Record<EvalLanguage, Tally>;
  byKind: { answerable: Tally; unanswerable: Tally };
  /** Questions looked at while tuning (held-out slice 1 became one after its first run). */
  tuning: Tally;
  heldOut1: Tally;
  heldOut2: Tally;
  quoted: EvalOutcome[];
  inventedFigureAnswers: number;
  firstToken: { coldMs: number; p50Ms: number; p95Ms: number; maxMs: number };
  /** Threshold failures, in words; empty when every threshold is met. */
  failures: string[];
}

/** Every numeric value the site content states, in Spanish or in its English rendering. */
export function contentFigures(documents: readonly ChatDocument[]): Set<number> {
  const figures = new Set<number>();
  for (const document of documents) {
    for (const value of figuresIn(`${document.title}\n${document.text}`, "es")) figures.add(value);
    if (document.en) for (const value of figuresIn(`${document.en.title}\n${document.en.text}`, "en")) figures.add(value);
  }
  return figures;
}

function turnsOf(question: EvalQuestion): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const earlier of question.history ?? []) {
    turns.push({ role: "user", content: earlier });
    turns.push({ role: "assistant", content: "…" });
  }
  turns.push({ role: "user", content: question.question });
  return turns;
}

const alternatives = (fact: EvalFact): readonly string[] => (typeof fact === "string" ? [fact] : fact);

// The greeting the engine puts before an answer when the visitor greets ("¡Hola, Marta! ").
const GREETING_PREFIX = /^(?:¡Hola(?:, [^!]+)?! |Hi(?: [^!]+)?! )/u;
const YES = { es: /^s[ií](?!\p{L})/iu, en: /^yes(?!\p{L})/iu };
const NO = /^no(?!\p{L})/iu;
const DECLINE = { es: /no tengo/iu, en: /I don't have/iu };
const CONTACT_LINK = /\]\(\/contacto\)/;
const LINK = /\]\(\/[^)]*\)/g;

/** Judges one answer; returns the reasons it is wrong (none when it is right). */
export function judgeAnswer(question: EvalQuestion, answer: RetrievalAnswer, inventedFigures: number[]): string[] {
  const reasons: string[] = [];
  const lang = question.lang;
  if (answer.language !== lang) reasons.push(`answered in ${answer.language}`);
  if (inventedFigures.length > 0) reasons.push(`figures not in the content: ${inventedFigures.join(", ")}`);
  const text = answer.text;

  if (!question.source) {
    const declined = answer.kind === "unknown" && DECLINE[lang].test(text) && CONTACT_LINK.test(text);
    if (!declined) reasons.push("not declined");
    if (figuresIn(text, lang).length > 0 && declined) reasons.push("a refusal with figures");
    return reasons;
  }

  if (answer.kind !== "answer") {
    reasons.push(answer.kind === "unknown" ? "declined" : `answered as ${answer.kind}`);
    return reasons;
  }
  const canonical = canonicalText(text, lang);
  for (const fact of question.facts ?? []) {
    const options = alternatives(fact);
    if (!options.some((option) => canonical.includes(canonicalText(option, lang)))) {
      reasons.push(`missing ${options.map((option) => JSON.stringify(option)).join(" or ")}`);
    }
  }
  for (const forbidden of question.not ?? []) {
    if (canonical.includes(canonicalText(forbidden, lang))) reasons.push(`contains ${JSON.stringify(forbidden)}`);
  }
  if (question.yesNo) {
    const body = text.replace(GREETING_PREFIX, "").trimStart();
    const opens = question.yesNo === "yes" ? YES[lang].test(body) : NO.test(body);
    if (!opens) reasons.push(`does not open with ${question.yesNo === "yes" ? (lang === "es" ? "Sí" : "Yes") : "No"}`);
  }
  const links = text.match(LINK) ?? [];
  if (links.length !== 1) reasons.push(`${links.length} links instead of one`);
  return reasons;
}

async function firstTokenMs(engine: RetrievalEngine, turns: readonly ChatTurn[]): Promise<number> {
  const started = performance.now();
  const reader = streamChatReply({ messages: turns, config: { retrieval: engine, wordDelayMs: 0 } }).getReader();
  await reader.read();
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
}

const tally = (outcomes: readonly EvalOutcome[]): Tally => ({
  correct: outcomes.filter((outcome) => outcome.correct).length,
  total: outcomes.length,
});

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export const share = (t: Tally) => (t.total === 0 ? 1 : t.correct / t.total);

export async function evaluate(
  engine: RetrievalEngine,
  questions: readonly EvalQuestion[],
  figures: ReadonlySet<number>,
): Promise<EvalReport> {
  const outcomes: EvalOutcome[] = [];
  const timings: number[] = [];
  for (const question of questions) {
    const turns = turnsOf(question);
    // Timed through the same stream the visitor reads; the first question also builds the
    // index, which is reported apart as the cold start.
    timings.push(await firstTokenMs(engine, turns));
    const answer = engine.answer(turns);
    const invented = [...new Set(figuresIn(answer.text, answer.language))].filter((value) => !figures.has(value));
    const reasons = judgeAnswer(question, answer, invented);
    outcomes.push({
      question,
      answer,
      correct: reasons.length === 0,
      reasons,
      inventedFigures: invented,
      firstTokenMs: timings.at(-1) ?? 0,
    });
  }
  const warm = timings.slice(1).sort((a, b) => a - b);
  const report: EvalReport = {
    outcomes,
    overall: tally(outcomes),
    byLanguage: {
      es: tally(outcomes.filter((outcome) => outcome.question.lang === "es")),
      en: tally(outcomes.filter((outcome) => outcome.question.lang === "en")),
    },
    byKind: {
      answerable: tally(outcomes.filter((outcome) => outcome.question.source)),
      unanswerable: tally(outcomes.filter((outcome) => !outcome.question.source)),
    },
    tuning: tally(outcomes.filter((outcome) => outcome.question.heldOut !== 2)),
    heldOut1: tally(outcomes.filter((outcome) => outcome.question.heldOut === 1)),
    heldOut2: tally(outcomes.filter((outcome) => outcome.question.heldOut === 2)),
    quoted: outcomes.filter((outcome) => outcome.question.quoted),
    inventedFigureAnswers: outcomes.filter((outcome) => outcome.inventedFigures.length > 0).length,
    firstToken: {
      coldMs: timings[0] ?? 0,
      p50Ms: percentile(warm, 50),
      p95Ms: percentile(warm, 95),
      maxMs: warm.at(-1) ?? 0,
    },
    failures: [],
  };
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  if (share(report.overall) < EVAL_THRESHOLDS.overall) {
    report.failures.push(`overall ${pct(share(report.overall))} < ${pct(EVAL_THRESHOLDS.overall)}`);
  }
  for (const lang of ["es", "en"] as const) {
    const t = report.byLanguage[lang];
    if (t.total > 0 && share(t) < EVAL_THRESHOLDS.perLanguage) {
      report.failures.push(`${lang} ${pct(share(t))} < ${pct(EVAL_THRESHOLDS.perLanguage)}`);
    }
  }
  if (share(report.byKind.unanswerable) < EVAL_THRESHOLDS.unanswerableDeclined) {
    report.failures.push(
      `unanswerable declined ${pct(share(report.byKind.unanswerable))} < ${pct(EVAL_THRESHOLDS.unanswerableDeclined)}`,
    );
  }
  if (report.inventedFigureAnswers > EVAL_THRESHOLDS.inventedFigures) {
    report.failures.push(`${report.inventedFigureAnswers} answers state a figure that is not in the content`);
  }
  return report;
}

/** The report as the text `npm run eval:chat` prints. */
export function formatReport(report: EvalReport): string {
  const pct = (t: Tally) => `${((100 * t.correct) / Math.max(1, t.total)).toFixed(1)} %`;
  const row = (label: string, t: Tally) => `| ${label.padEnd(26)} | ${`${t.correct}/${t.total}`.padStart(7)} | ${pct(t).padStart(7)} |`;
  const lines = [
    "| slice                      | right   | share   |",
    "|----------------------------|---------|---------|",
    row("overall", report.overall),
    row("Spanish", report.byLanguage.es),
    row("English", report.byLanguage.en),
    row("answerable", report.byKind.answerable),
    row("unanswerable (declined)", report.byKind.unanswerable),
    row("tuned on", report.tuning),
    row("held-out slice 1", report.heldOut1),
    row("held-out slice 2", report.heldOut2),
    "",
    `Answers with a figure not in the content: ${report.inventedFigureAnswers}`,
    `Time to first token (in-process, word delay 0): cold ${report.firstToken.coldMs.toFixed(1)} ms, ` +
      `p50 ${report.firstToken.p50Ms.toFixed(2)} ms, p95 ${report.firstToken.p95Ms.toFixed(2)} ms, ` +
      `max ${report.firstToken.maxMs.toFixed(2)} ms`,
    "",
    "The four questions quoted in issue 12:",
    ...report.quoted.map(
      (outcome) =>
        `  ${outcome.correct ? "✓" : "✗"} ${outcome.question.question}\n    → ${outcome.answer.text.replace(/\n+/g, " ")}`,
    ),
  ];
  const misses = report.outcomes.filter((outcome) => !outcome.correct);
  lines.push("", `Misses (${misses.length}):`);
  for (const outcome of misses) {
    const q = outcome.question;
    const expected = q.source ? (q.facts ?? []).map((fact) => alternatives(fact).join(" | ")).join("; ") : "decline";
    lines.push(
      `  [${q.lang}${q.heldOut ? `, held out ${q.heldOut}` : ""}] ${q.history ? `${q.history.join(" / ")} / ` : ""}${q.question}`,
      `    expected: ${expected || q.yesNo || "an answer"}${q.yesNo ? ` (${q.yesNo})` : ""}${q.source ? ` — ${q.source}` : ""}`,
      `    wrong:    ${outcome.reasons.join("; ")}`,
      `    answer:   ${outcome.answer.text.replace(/\n+/g, " ").slice(0, 400)}`,
    );
  }
  lines.push("", report.failures.length === 0 ? "All thresholds met." : `Below threshold: ${report.failures.join("; ")}`);
  return lines.join("\n");
}

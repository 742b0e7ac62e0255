// npm run eval:chat — scores the guest assistant's offline engine on the evaluation set
// (app/modules/chat/eval/questions.ts) and exits non-zero below the thresholds of issue 12.
//
//   npm run eval:chat                 # the whole set, every miss listed
//   npm run eval:chat -- --tuning     # without held-out slice 2: what to look at while tuning
//   npm run eval:chat -- --json FILE  # also write the outcomes as JSON
import fs from "node:fs";
import { contentFigures, evaluate, formatReport } from "#app/modules/chat/eval/evaluate.ts";
import { evalQuestions } from "#app/modules/chat/eval/questions.ts";
import { collectKnowledge } from "#app/modules/chat/knowledge.ts";
import { createRetrievalEngine } from "#app/modules/chat/retrieval.ts";

const args = process.argv.slice(2);
const tuningOnly = args.includes("--tuning");
const jsonAt = args.indexOf("--json");

const documents = collectKnowledge();
const engine = createRetrievalEngine(documents);
const questions = tuningOnly ? evalQuestions.filter((question) => question.heldOut !== 2) : evalQuestions;
const report = await evaluate(engine, questions, contentFigures(documents));

console.log(
  `Guest assistant evaluation: ${questions.length} questions` +
    `${tuningOnly ? " (held-out slice 2 not run)" : ""}\n`,
);
console.log(formatReport(report));
if (jsonAt >= 0 && args[jsonAt + 1]) {
  const outcomes = report.outcomes.map(({ question, answer, correct, reasons, firstTokenMs }) => ({
    ...question,
    answer: answer.text,
    kind: answer.kind,
    language: answer.language,
    correct,
    reasons,
    firstTokenMs: Math.round(firstTokenMs * 100) / 100,
  }));
  fs.writeFileSync(args[jsonAt + 1], JSON.stringify(outcomes, null, 2));
}
process.exitCode = report.failures.length === 0 ? 0 : 1;

import path from "node:path";
import { pathToFileURL } from "node:url";
import { evalQuestions } from "#app/modules/chat/eval/questions.ts";
import { createChatStreamParser } from "#app/modules/chat/stream-parser.ts";
import { startTestServer } from "#tests/helpers/test-server.ts";

// The chat demo as a visitor feels it: "¿Cuánto cuesta el plan Pro?" posted to the real server
// (Hono, rate limiter on PGlite, default offline engine) over loopback, measuring
//   - time to the first streamed token (request sent → first content delta parsed),
//   - total stream time (request sent → data: [DONE]).
// The default engine types its answer word by word (15 ms between words), so the total is
// dominated by that deliberate pace; the first token shows the server's own latency.
// It also asks a spread of the evaluation set's questions (every fifth, Spanish and English,
// answerable or not: CHAT_BENCH_MIXED) and measures their first token alone, since a question
// that is corrected, translated or declined walks more of the engine than the Pro price.
//
//   npm run build && npx tsx bench/chat.bench.ts          # CHAT_BENCH_RUNS=50 for more runs

export type ChatTiming = { median: number; p95: number; min: number; max: number };

export type ChatBenchResult = {
  runs: number;
  question: string;
  firstTokenMs: ChatTiming;
  /** First token over the mixed evaluation questions. */
  mixed: { questions: number; firstTokenMs: ChatTiming };
  totalMs: ChatTiming;
  /** Content deltas per reply (median), to show the answer really streams. */
  deltas: number;
  answer: string;
};

export type ChatBenchOptions = { runs?: number; warmup?: number; question?: string; log?: (line: string) => void };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n: number) => Math.round(n * 10) / 10;

function summarise(samples: number[]): ChatTiming {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), min: round(sorted[0]), max: round(sorted.at(-1)!) };
}

async function askOnce(url: string, question: string, clientIp: string, firstTokenOnly = false) {
  const started = performance.now();
  const response = await fetch(`${url}/api/chat`, {
    method: "POST",
    // Each run is its own client, so the 30-per-5-minutes allowance never interferes.
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientIp },
    body: JSON.stringify({ messages: [{ role: "user", content: question }] }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`chat answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createChatStreamParser();
  let firstToken: number | null = null;
  let text = "";
  let deltas = 0;
  while (!parser.done) {
    const { value, done } = await reader.read();
    const events = done ? parser.finish() : parser.push(decoder.decode(value, { stream: true }));
    for (const event of events) {
      if (event.type !== "content") continue;
      firstToken ??= performance.now() - started;
      text += event.text;
      deltas += 1;
    }
    if (done || (firstTokenOnly && firstToken !== null)) break;
  }
  if (firstTokenOnly && firstToken !== null) {
    await reader.cancel().catch(() => {});
    return { firstToken, total: performance.now() - started, deltas, text };
  }
  const total = performance.now() - started;
  await reader.cancel().catch(() => {});
  if (!parser.done) throw new Error("the stream ended without [DONE]");
  if (firstToken === null) throw new Error("the reply had no content");
  return { firstToken, total, deltas, text };
}

export async function runChatBench(options: ChatBenchOptions = {}): Promise<ChatBenchResult> {
  const runs = options.runs ?? Number(process.env.CHAT_BENCH_RUNS ?? 20);
  const warmup = options.warmup ?? 3;
  const question = options.question ?? "¿Cuánto cuesta el plan Pro?";
  const log = options.log ?? ((line: string) => console.error(line));
  const server = await startTestServer({ env: { TRUST_PROXY: "1" } });
  try {
    log(`[chat] server on ${server.url}; ${warmup} warm-up + ${runs} measured runs`);
    for (let i = 0; i < warmup; i++) await askOnce(server.url, question, `10.250.0.${i + 1}`);
    const firstTokens: number[] = [];
    const totals: number[] = [];
    const deltaCounts: number[] = [];
    let answer = "";
    for (let i = 0; i < runs; i++) {
      const result = await askOnce(server.url, question, `10.251.${Math.floor(i / 250)}.${(i % 250) + 1}`);
      firstTokens.push(result.firstToken);
      totals.push(result.total);
      deltaCounts.push(result.deltas);
      answer = result.text;
    }
    const mixedQuestions = evalQuestions
      .filter((entry, index) => index % 5 === 0 && !entry.history)
      .slice(0, Number(process.env.CHAT_BENCH_MIXED ?? 60))
      .map((entry) => entry.question);
    const mixedFirstTokens: number[] = [];
    for (let i = 0; i < mixedQuestions.length; i++) {
      const result = await askOnce(server.url, mixedQuestions[i], `10.252.${Math.floor(i / 250)}.${(i % 250) + 1}`, true);
      mixedFirstTokens.push(result.firstToken);
    }
    return {
      runs,
      question,
      firstTokenMs: summarise(firstTokens),
      mixed: { questions: mixedQuestions.length, firstTokenMs: summarise(mixedFirstTokens) },
      totalMs: summarise(totals),
      deltas: percentile(
        [...deltaCounts].sort((a, b) => a - b),
        50,
      ),
      answer,
    };
  } finally {
    await server.stop();
  }
}

export function formatChatBench(result: ChatBenchResult): string {
  const header = ["measure", "median ms", "p95 ms", "min ms", "max ms"];
  const rows = [
    ["time to first token", result.firstTokenMs],
    ["total stream time", result.totalMs],
    [`first token, ${result.mixed.questions} eval questions`, result.mixed.firstTokenMs],
  ].map(([label, t]) => {
    const timing = t as ChatTiming;
    return [label as string, String(timing.median), String(timing.p95), String(timing.min), String(timing.max)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await runChatBench();
  console.log(`\nChat demo: "${result.question}", ${result.runs} runs, ${result.deltas} streamed deltas per reply\n`);
  console.log(formatChatBench(result));
  console.log(`\nAnswer: ${result.answer.replace(/\s+/g, " ").slice(0, 160)}…`);
}

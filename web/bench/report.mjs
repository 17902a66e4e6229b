// Benchmark Suite results (suite.mjs JSON) as Markdown: one run's tables like Benchmark.js
// prints them, or several runs (browsers) side by side with ratios to protobuf.js static.
import { CODECS } from "./codecs.mjs";
import { BUILD_OPERATION, MEMORY_OPERATIONS, OPERATIONS, REFERENCE_CODEC, memoryOperation } from "./suite.mjs";

// Every timed operation a case may have (build: loaded payloads only).
const TIMED = [...OPERATIONS, BUILD_OPERATION];

const ops = (hz) => (hz >= 100 ? Math.round(hz).toLocaleString("en-US") : hz.toFixed(hz >= 10 ? 1 : 2));
const mib = (bytes) => (bytes == null ? "n/a" : `${(bytes / 1048576).toFixed(1)} MiB`);

/** The run's environment in one line: "Chrome 156.0 (Linux x86_64), 2026-11-30". */
export function describeRun(results) {
  const env = results.environment ?? {};
  return `${env.name ?? "unknown"} ${env.version ?? ""}${env.platform ? ` (${env.platform})` : ""}, ${results.date?.slice(0, 10) ?? ""}`;
}

// Every case name of `runs`, in first-seen order.
const caseNames = (runs) => [...new Set(runs.flatMap((r) => r.cases.map((c) => c.name)))];

// The row's ratio to the case's reference (protobuf.js 8 static; reflection for a loaded payload),
// or to the codec it is compared with (ProtoJSON rows: @bufbuild/protobuf's ProtoJSON), named then.
function ratioToReference(rows, row, reference = REFERENCE_CODEC) {
  const versus = CODECS.find((c) => c.id === row.codec)?.versus;
  const ref = rows.find((r) => r.codec === (versus ?? reference) && r.op === row.op);
  return ref ? `${(row.hz / ref.hz).toFixed(2)}x${versus ? ` vs ${versus}` : ""}` : "-";
}

/** One run as Markdown. */
export function toMarkdown(results) {
  const out = [`## Benchmark Suite: ${describeRun(results)}`, ""];
  for (const c of results.cases) {
    out.push(`### ${c.name} (${c.size.toLocaleString("en-US")} bytes): ${c.about}`, "");
    for (const s of c.skipped) out.push(`- not run: ${s.codec}: ${s.reason}`);
    const checked = (c.checks ?? []).filter((k) => k.ok).map((k) => `${k.codec}: ${k.detail}`);
    if (checked.length) out.push(`- output checked before timing: ${checked.join("; ")}`);
    if (c.skipped.length || checked.length) out.push("");
    for (const op of TIMED) {
      const rows = c.rows.filter((r) => r.op === op).sort((a, b) => b.hz - a.hz);
      if (!rows.length) continue;
      out.push(
        `${op}:`,
        "",
        `| codec | ops/s | ±rme | samples | vs fastest | vs ${CODECS.find((x) => x.id === (c.reference ?? REFERENCE_CODEC)).label} |`,
        "|---|---:|---:|---:|---:|---:|",
      );
      for (const r of rows) {
        out.push(
          `| ${r.label} | ${ops(r.hz)} | ±${r.rme.toFixed(2)}% | ${r.samples} | ` +
            `${r.slower <= 1.0001 ? "fastest" : `${r.slower.toFixed(2)}x slower`} | ${ratioToReference(c.rows, r, c.reference)} |`,
        );
      }
      out.push("");
    }
    for (const op of MEMORY_OPERATIONS) {
      const memory = c.memory.filter((m) => memoryOperation(m) === op);
      if (!memory.length) continue;
      out.push(
        `memory of one ${op} (growth while the ${op === "encode" ? "output" : "result"} is alive; total = the three parts, ` +
          `and its ratio to the ${c.size.toLocaleString("en-US")}-byte encoding):`,
        "",
        "| codec | JS heap | ArrayBuffers | wasm heap | total | total / size |",
        "|---|---:|---:|---:|---:|---:|",
      );
      for (const m of memory) {
        const total = m.jsHeap === null ? null : m.jsHeap + (m.external ?? 0) + (m.wasm ?? 0);
        out.push(
          `| ${m.codec} | ${mib(m.jsHeap)} | ${mib(m.external)} | ${mib(m.wasm)} | ${mib(total)} | ` +
            `${total === null ? "n/a" : `${(total / c.size).toFixed(2)}x`} |`,
        );
      }
      out.push("");
    }
  }
  return out.join("\n");
}

/** Several runs (e.g. Chromium and Firefox) side by side: ops/s and the ratio to protobuf.js 8 static. */
export function combinedMarkdown(runs) {
  const out = [
    "## Benchmark Suite across browsers",
    "",
    ...runs.map((r, i) => `- run ${i + 1}: ${describeRun(r)}`),
    "",
  ];
  for (const name of caseNames(runs)) {
    const cases = runs.map((r) => r.cases.find((c) => c.name === name));
    const first = cases.find(Boolean);
    out.push(`### ${name} (${first.size.toLocaleString("en-US")} bytes)`, "");
    for (const op of TIMED) {
      const codecs = [
        ...new Set(cases.flatMap((c) => (c ? c.rows.filter((r) => r.op === op) : [])).map((r) => r.label)),
      ];
      if (!codecs.length) continue;
      out.push(
        `${op}:`,
        "",
        `| codec | ${runs.map((r) => `${r.environment?.name ?? "?"} ops/s | vs ${first.reference === "pbjs8-reflect" ? "pbjs reflect" : "pbjs static"}`).join(" | ")} |`,
        `|---|${runs.map(() => "---:|---:").join("|")}|`,
      );
      for (const label of codecs) {
        const cells = cases.map((c) => {
          const row = c?.rows.find((r) => r.op === op && r.label === label);
          return row ? `${ops(row.hz)} | ${ratioToReference(c.rows, row, c.reference)}` : "- | -";
        });
        out.push(`| ${label} | ${cells.join(" | ")} |`);
      }
      out.push("");
    }
  }
  return out.join("\n");
}

/** One table for several runs: per case and operation, wirelens's ratios to protobuf.js 8 static and the fastest codec. */
export function summaryMarkdown(runs) {
  const head = runs.map((r) => r.environment?.name ?? "?");
  const out = [
    "| case | op | " + head.map((n) => `${n}: from JS | ${n}: resident | ${n}: fastest`).join(" | ") + " |",
    "|---|---|" + head.map(() => "---:|---:|---").join("|") + "|",
  ];
  for (const name of caseNames(runs)) {
    for (const op of OPERATIONS) {
      const cells = runs.map((r) => {
        const c = r.cases.find((x) => x.name === name);
        const rows = c ? c.rows.filter((x) => x.op === op) : [];
        const ratio = (id) => {
          const row = rows.find((x) => x.codec === id);
          return row ? ratioToReference(rows, row, c.reference) : "-";
        };
        const fastest = rows.reduce((a, b) => (b.hz > (a?.hz ?? 0) ? b : a), null);
        return `${ratio("wirelens")} | ${ratio("wirelens-resident")} | ${fastest?.label ?? "-"}`;
      });
      out.push(`| ${name} | ${op} | ${cells.join(" | ")} |`);
    }
  }
  return out.join("\n");
}

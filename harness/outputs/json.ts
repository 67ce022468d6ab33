import { writeFileSync } from 'node:fs';
import { redact } from '../redact.js';
import type { Output, OutputContext } from './output.js';
import { commandLine } from '../core/invocation.js';

/** The machine-readable outputs: each one file of JSON (or JSON lines), rendered from the certificate or the journal. */

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const file = (render: (ctx: OutputContext) => string) => (path: string, ctx: OutputContext) =>
  writeFileSync(path, redact(render(ctx)));

/** certification.json: the verdict per clause (JSON Schema: reports/certification.schema.json; use as --baseline). */
export const certificationJson: Output = {
  name: 'certification.json',
  kind: 'file',
  what: 'verdict per clause, machine-readable (use as --baseline)',
  inBundle: true,
  write: file(({ certification }) => json(certification)),
};

/** run.json: the run's facts without secrets (target, seed, mode, selection, plan, configuration). */
export const runJson: Output = {
  name: 'run.json',
  kind: 'file',
  what: 'the run: target, seed, mode, what was selected, the plan (no secrets)',
  write: file(({ facts, certification }) => json({ ...facts, scope: certification.scope })),
};

/** results.json: every check's outcome (verdict, typed failures, evidence, waits), the certificate's checks flat. */
export const resultsJson: Output = {
  name: 'results.json',
  kind: 'file',
  what: 'every check: verdict, typed failures, evidence, waits',
  write: file(({ certification }) =>
    json(certification.clauses.flatMap((c) => c.checks.map((ch) => ({ clause: c.id, ...ch })))),
  ),
};

/** journal.jsonl: the run's journal itself; merge-reports concatenates the shards' copies. */
export const journalJsonl: Output = {
  name: 'journal.jsonl',
  kind: 'file',
  what: 'the run journal every other output is built from: input of merge-reports',
  inBundle: true,
  write: file(({ events }) => events.map((e) => JSON.stringify(e)).join('\n') + '\n'),
};

/** ledger.json: what the run created, archived, and left, with why. */
export const ledgerJson: Output = {
  name: 'ledger.json',
  kind: 'file',
  what: `records created and archived, and any left with the ${commandLine('cleanup')} line`,
  inBundle: true,
  write: (path, ctx) => {
    if (ctx.ledger) writeFileSync(path, redact(json(ctx.ledger)));
  },
};

/** pacing.json: the pacing proxy's counters (per shard after a merge). */
export const pacingJson: Output = {
  name: 'pacing.json',
  kind: 'file',
  what: 'traffic: requests, retries, 429s, unanswered, waits',
  inBundle: true,
  write: (path, { certification: c }) => {
    const [first, ...rest] = c.traffic.pacing;
    if (first) writeFileSync(path, json(rest.length ? { shards: c.traffic.pacing } : first));
  },
};

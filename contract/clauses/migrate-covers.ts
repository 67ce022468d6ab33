/**
 * One-off migration (issue 27 item 4): moves each clause's trace to the spec from the `covers`
 * lists of contract/traceability.ts into the clause itself, splits the catalogue per area, and
 * leaves in traceability.ts only the units' identities, reasons and gaps. Run once with
 * `npx tsx contract/clauses/migrate-covers.ts`; kept in history, not in the tree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { areas } from '../clause.js';
import { clauses } from '../clauses.js';
import { traceability } from '../traceability.js';

const src = readFileSync('contract/clauses.ts', 'utf8').split('\n');
const traceSrc = readFileSync('contract/traceability.ts', 'utf8').split('\n');

// Each clause's units, in the spec's order.
const specOf = new Map<string, string[]>();
for (const e of traceability as readonly { fingerprint: string; covers?: readonly string[] }[])
  for (const id of e.covers ?? []) specOf.set(id, [...(specOf.get(id) ?? []), e.fingerprint]);

// Clause blocks, verbatim, with the spec line added before the closing brace.
const blocks = new Map<string, string[]>();
for (let i = 0; i < src.length; i++) {
  const m = /^  '([A-Z0-9-]+)': \{$/.exec(src[i]!);
  if (!m) continue;
  let j = i;
  while (src[j] !== '  },') j++;
  const body = src.slice(i, j);
  const fps = specOf.get(m[1]!) ?? [];
  body.push(`    spec: [${fps.map((f) => `'${f}'`).join(', ')}],`);
  body.push('  },');
  blocks.set(m[1]!, body);
  i = j;
}
if (blocks.size !== Object.keys(clauses).length) throw new Error(`parsed ${blocks.size} clauses`);

const constName = (area: string) => area;
for (const area of areas) {
  const ids = Object.keys(clauses).filter((id) => clauses[id as keyof typeof clauses].area === area);
  const out = [
    "import type { Clause } from '../clause.js';",
    '',
    `/** The clauses of the ${area} area; \`spec\` lists the fingerprints of the spec units each one checks. */`,
    `export const ${constName(area)} = {`,
    ...ids.flatMap((id) => blocks.get(id)!),
    '} as const satisfies Record<string, Clause>;',
    '',
  ];
  writeFileSync(`contract/clauses/${area}.ts`, out.join('\n'));
}

// The units' identities (with the locator comment above each), and what is not a clause's.
const index: string[] = [];
const rest: string[] = [];
const entries = traceability as readonly {
  section: string;
  fingerprint: string;
  sketch: string;
  label: string;
  gap?: string;
  reason?: { kind: string; why: string };
}[];
const comments = new Map<string, string>();
for (let i = 0; i < traceSrc.length; i++) {
  const m = /fingerprint: '([0-9a-f]{12})'/.exec(traceSrc[i]!);
  if (m) comments.set(m[1]!, traceSrc[i - 3]!.trim());
}
const q = JSON.stringify;
for (const e of entries) {
  index.push(`  ${comments.get(e.fingerprint)}`);
  index.push(
    `  { section: ${q(e.section)}, fingerprint: ${q(e.fingerprint)}, sketch: ${q(e.sketch)}, label: ${q(e.label)} },`,
  );
  if (e.reason)
    rest.push(
      `  ${q(e.fingerprint)}: { kind: ${q(e.reason.kind)}, why: ${q(e.reason.why)} }, // ${e.section} ${e.label}`,
    );
  if (e.gap !== undefined) rest.push(`  ${q(e.fingerprint)}: ${q(e.gap)}, // ${e.section} ${e.label}`);
}
writeFileSync('/tmp/spec-index.body', index.join('\n'));
writeFileSync(
  '/tmp/trace-reasons.body',
  rest.filter((l) => /: \{ kind/.test(l)).join('\n') +
    '\n=====\n' +
    rest.filter((l) => !/: \{ kind/.test(l)).join('\n'),
);
console.log(`${blocks.size} clauses, ${entries.length} units`);

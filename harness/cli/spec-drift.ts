import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { clauseOf, type ClauseId } from '../../contract/clauses.js';
import { specDrift, hasDrift, type DriftReport } from '../../contract/drift.js';
import { parseSpecUnits, type SpecUnit } from '../../contract/spec-units.js';
import { traceability, type TraceEntry } from '../../contract/traceability.js';
import { specPathSetting } from '../config.js';
import { EXIT } from '../core/exit-codes.js';

/**
 * `partner-conformance spec-drift [--spec <file>] [--json]` (`npm run spec-drift`): compares the traceability matrix
 * (contract/traceability.ts) with a spec, SPEC_PATH or the shared copy beside the checkout by
 * default, and lists the sentences added, removed and changed since the matrix was written, each
 * with the clauses its former entry touches: the API team's to-do list for a new spec version.
 * Exit 0 no drift, 1 drift, 2 usage error or missing file (one line).
 */

const strictness = (id: ClauseId) => (clauseOf(id).notTestable ? 'not testable' : clauseOf(id).strictness);
const clauseList = (e: TraceEntry) =>
  e.covers?.length
    ? e.covers.map((id) => `${id} (${strictness(id)})`).join(', ')
    : e.reason
      ? `none (${e.reason.kind})`
      : 'none';
const quoted = (u: SpecUnit) => `"${u.raw.replace(/\s+/g, ' ')}"`;

/** A skeleton line to paste into contract/spec-index.ts for a new unit (then a clause's `spec`, a reason or a gap). */
const skeleton = (u: SpecUnit) =>
  `{ section: '${u.section}', fingerprint: '${u.fingerprint}', sketch: '${u.sketch}', label: 'TODO' },`;

function print(d: DriftReport, specFile: string, unitCount: number): void {
  const out: string[] = [];
  out.push(`spec-drift: ${specFile}: ${unitCount} units; matrix: ${traceability.length} entries`);
  if (!hasDrift(d)) {
    out.push('No drift: every unit has its entry and every entry its unit.');
    console.log(out.join('\n'));
    return;
  }
  if (d.changed.length) {
    out.push(
      '',
      `CHANGED (${d.changed.length}): reworded sentences; re-read them and check the clauses still say the same`,
    );
    for (const c of d.changed) {
      out.push(`  ${c.unit.locator}  (word overlap ~${c.similarity.toFixed(2)})`);
      out.push(`    was: [${c.entry.label}]  clauses: ${clauseList(c.entry)}`);
      if (c.entry.gap) out.push(`    gap noted: ${c.entry.gap}`);
      out.push(`    now: ${quoted(c.unit)}`);
      out.push(`    new fingerprint: '${c.unit.fingerprint}', sketch: '${c.unit.sketch}'`);
    }
  }
  if (d.added.length) {
    out.push('', `ADDED (${d.added.length}): units with no entry; decide which clause checks each, or why none does`);
    for (const a of d.added) {
      out.push(`  ${a.unit.locator}${a.after ? `  (after ${a.after.locator})` : '  (first unit)'}`);
      out.push(`    ${quoted(a.unit)}`);
      out.push(`    ${skeleton(a.unit)}`);
    }
  }
  if (d.removed.length) {
    out.push('', `REMOVED (${d.removed.length}): entries whose sentence is gone; retire or re-home their clauses`);
    for (const r of d.removed)
      out.push(`  ${r.entry.section} ${r.entry.fingerprint} [${r.entry.label}]  clauses: ${clauseList(r.entry)}`);
  }
  if (d.moved.length) {
    out.push(
      '',
      `MOVED (${d.moved.length}): same wording, another section; update the entry's section (and the clauses' section)`,
    );
    for (const m of d.moved)
      out.push(`  ${m.entry.section} -> ${m.unit.locator} [${m.entry.label}]  clauses: ${clauseList(m.entry)}`);
  }
  if (d.duplicates.length) {
    out.push('', `DUPLICATE ENTRIES (${d.duplicates.length}): listed more than once in the matrix`);
    for (const e of d.duplicates) out.push(`  ${e.section} ${e.fingerprint} [${e.label}]`);
  }
  out.push(
    '',
    `${d.changed.length} changed, ${d.added.length} added, ${d.removed.length} removed, ${d.moved.length} moved, ${d.duplicates.length} duplicate`,
  );
  console.log(out.join('\n'));
}

export function specDriftCommand(o: { spec?: string; json?: boolean }): number {
  const file = resolve(o.spec ?? specPathSetting());
  if (!existsSync(file) || !statSync(file).isFile()) {
    console.error(`spec-drift: spec file not found: ${file} (give --spec <file> or SPEC_PATH)`);
    return EXIT.usage;
  }
  const units = parseSpecUnits(readFileSync(file, 'utf8'));
  const drift = specDrift(units, traceability);
  if (o.json) {
    const entry = (e: TraceEntry) => ({
      section: e.section,
      fingerprint: e.fingerprint,
      label: e.label,
      covers: e.covers ?? [],
      ...(e.gap ? { gap: e.gap } : {}),
      ...(e.reason ? { reason: e.reason } : {}),
    });
    const unit = (u: SpecUnit) => ({
      section: u.section,
      locator: u.locator,
      fingerprint: u.fingerprint,
      sketch: u.sketch,
      text: u.raw,
    });
    console.log(
      JSON.stringify(
        {
          spec: file,
          units: units.length,
          entries: traceability.length,
          added: drift.added.map((a) => ({ ...unit(a.unit), after: a.after?.locator ?? null })),
          removed: drift.removed.map((r) => entry(r.entry)),
          changed: drift.changed.map((c) => ({
            was: entry(c.entry),
            now: unit(c.unit),
            similarity: Number(c.similarity.toFixed(2)),
          })),
          moved: drift.moved.map((m) => ({ was: entry(m.entry), now: unit(m.unit) })),
          duplicates: drift.duplicates.map(entry),
        },
        null,
        2,
      ),
    );
  } else print(drift, file, units.length);
  return hasDrift(drift) ? EXIT.failed : EXIT.ok;
}

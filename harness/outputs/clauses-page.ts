import { clauseIds, clauses, type ClauseId } from '../../contract/clauses.js';
import type { Clause } from '../../contract/clause.js';
import type { Certification } from '../certify/certify.js';
import { compareSections, primarySection, sectionTitle } from './sections.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * clauses.html beside the Allure report: the catalogue with one anchor per clause id, the target
 * of each test's "clause text" link. Verdicts are shown when a certification is at hand.
 */
export function clausesPage(cert?: Certification): string {
  const verdict = new Map(cert?.clauses.map((c) => [c.id, c.verdict] as const) ?? []);
  const groups = new Map<string, ClauseId[]>();
  for (const id of clauseIds) {
    const key = primarySection(clauses[id].section);
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  const body = [...groups.keys()].sort(compareSections).map((key) => {
    const rows = groups.get(key)!.map((id) => {
      const c: Clause = clauses[id];
      const v = verdict.get(id);
      return `<tr id="${esc(id)}"><td><code>${esc(id)}</code></td><td>${esc(c.section)}</td><td>${esc(c.strictness)} · ${esc(c.severity)}</td><td>${esc(c.must)}${c.notTestable ? `<div class="nt">Not testable: ${esc(c.notTestable)}</div>` : ''}</td><td>${v ? `<span class="v v-${esc(v)}">${esc(v)}</span>` : ''}</td></tr>`;
    });
    return `<h2>${esc(sectionTitle(key))}</h2><table><thead><tr><th>Clause</th><th>Section</th><th>Kind</th><th>MUST</th><th>Verdict</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner API v2 clauses</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:20px 28px;color:#1f2328}table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:5px 8px;text-align:left;vertical-align:top}thead th{background:#f6f8fa}tr:target{background:#fff8c5;outline:2px solid #d4a72c}.nt{color:#57606a;font-size:12px}.v{border-radius:10px;padding:0 8px;white-space:nowrap;color:#fff;background:#6e7781;font-size:12px}.v-passed{background:#1a7f37}.v-failed{background:#cf222e}.v-inconclusive{background:#9a6700}</style>
</head><body><h1>Partner Service API v2: clause catalogue</h1>
<p>Each clause is one rule of the spec in the harness's words${cert ? `; verdicts from the run of ${esc(cert.finishedAt)} against ${esc(cert.target.url)}` : ''}.</p>
${body.join('\n')}</body></html>
`;
}

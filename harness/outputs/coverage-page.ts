import { createHash } from 'node:crypto';
import { parseSpecUnits } from '../../contract/spec-units.js';
import { existsSync, readFileSync } from 'node:fs';
import type { OutputContext } from './output.js';
import type { Clause } from '../../contract/clause.js';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import {
  classify,
  coverageSummary,
  gapList,
  type CoverageSummary,
  type NotTestableReason,
  type UnitClass,
} from '../../contract/coverage.js';
import type { SpecUnit } from '../../contract/spec-units.js';
import { traceability, type TraceEntry } from '../../contract/traceability.js';
import { readOperatorKills } from '../certify/operator-kills.js';
import {
  unitOperatorLine,
  unitOperatorTable,
  type OperatorKill,
  type UnitOperatorCell,
} from '../../contract/operator-kills.js';
import type { Certification, ClauseVerdict } from '../certify/types.js';
import { commandLine } from '../core/invocation.js';

/**
 * The spec-coverage page (coverage.html beside the certification's index.html): every normative
 * unit of the spec with the clauses that check it and their verdicts in this run, its category,
 * and the parts left open. Self-contained (inline CSS and JS, no network) and pure: the same input
 * gives the same page. It shows sections, locators, fingerprints and the matrix's paraphrases,
 * never a sentence of the spec. The counts are contract/coverage.ts's.
 */

export interface CoveragePageInput {
  /** The run's clause verdicts: a map, or a certification (its clauses' verdicts are read). */
  verdicts: ReadonlyMap<ClauseId, ClauseVerdict> | Pick<Certification, 'clauses'>;
  /** The spec's normative units (contract/spec-units.ts), or undefined when the spec file is absent. */
  units: readonly SpecUnit[] | undefined;
  /** What the page is about, e.g. the run id, target and date. */
  runLabel: string;
  /** The certification page this one links back to (default index.html, beside it). */
  certificationHref?: string;
  /** The matrix and the catalogue (default: the project's own; self-tests pass others). */
  entries?: readonly TraceEntry[];
  catalogue?: Readonly<Record<ClauseId, Clause>>;
  /** The operator kill matrix (default: the committed contract/operator-kills.json; null: none). */
  kills?: readonly OperatorKill[] | null;
}

/** The page's categories: the classes of contract/coverage.ts, plus units the matrix has no entry for. */
type Category = UnitClass | 'unaccounted';

const categoryWords: Record<Category, string> = {
  strict: 'judged by strict clauses (each proved by a fault)',
  observedOnly: 'observed only',
  partly: 'partly covered',
  notCovered: 'not covered',
  notTestable: 'not testable',
  notARule: 'not a rule',
  unaccounted: 'no entry in the matrix',
};
const categoryOrder: Category[] = [
  'strict',
  'observedOnly',
  'partly',
  'notCovered',
  'notTestable',
  'notARule',
  'unaccounted',
];

const reasonWords: Record<NotTestableReason, string> = {
  'not-testable': 'not decidable from outside',
  'not-shown': 'not shown, and no clause records the choice',
  catalogue: 'the catalogue marks its clauses not testable',
};

/** Worst first: a unit is shown as failed in this run when any of its clauses failed. */
const verdictRank: (ClauseVerdict | 'absent')[] = [
  'failed',
  'inconclusive',
  'passed',
  'observed',
  'skipped',
  'not-testable',
  'not-run',
  'absent',
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const sectionAnchor = (section: string) => `sec-${section.replace(/^§/, '').replace(/[^0-9]+/g, '-')}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function verdictMap(v: CoveragePageInput['verdicts']): ReadonlyMap<ClauseId, ClauseVerdict> {
  return 'clauses' in v ? new Map(v.clauses.map((c) => [c.id, c.verdict])) : v;
}

interface Row {
  section: string;
  /** The unit's locator; for an entry read without the spec, its section. */
  locator: string;
  fingerprint: string;
  entry?: TraceEntry;
  category: Category;
  reason?: NotTestableReason;
}

/** One row per unit of the spec in its order (or per entry of the matrix without it), each classified by contract/coverage.ts. */
function rowsOf(
  entries: readonly TraceEntry[],
  catalogue: Readonly<Record<ClauseId, Clause>>,
  units: readonly SpecUnit[] | undefined,
): Row[] {
  const byFingerprint = new Map(entries.map((e) => [e.fingerprint, e]));
  const row = (section: string, locator: string, fingerprint: string, entry: TraceEntry | undefined): Row => {
    if (!entry) return { section, locator, fingerprint, category: 'unaccounted' };
    const { cls, reason } = classify(entry, catalogue);
    return { section, locator, fingerprint, entry, category: cls, ...(reason ? { reason } : {}) };
  };
  if (units) return units.map((u) => row(u.section, u.locator, u.fingerprint, byFingerprint.get(u.fingerprint)));
  const seen = new Set<string>();
  return entries
    .filter((e) => !seen.has(e.fingerprint) && seen.add(e.fingerprint))
    .map((e) => row(e.section, e.section, e.fingerprint, e));
}

const badge = (cls: string, text: string) => `<span class="badge ${esc(cls)}">${esc(text)}</span>`;

function clauseList(
  entry: TraceEntry | undefined,
  verdicts: ReadonlyMap<ClauseId, ClauseVerdict>,
  catalogue: Readonly<Record<ClauseId, Clause>>,
  cert: string,
): string {
  const ids = entry?.covers ?? [];
  if (ids.length === 0) return '<span class="muted">none</span>';
  return `<ul class="clauses">${ids
    .map((id) => {
      const c = catalogue[id];
      const v = verdicts.get(id);
      const kind = c ? (c.notTestable ? 'not testable' : c.strictness) : 'unknown clause';
      return `<li data-clause="${esc(id)}"><a href="${esc(cert)}#${esc(id)}"><code>${esc(id)}</code></a> <span class="kind">${esc(kind)}</span> ${
        v ? badge(`v-${v}`, v) : badge('v-absent', 'not in this run')
      }</li>`;
    })
    .join('')}</ul>`;
}

/** What the category means for this unit: the open part, the reason, or nothing more. */
function detail(r: Row, catalogue: Readonly<Record<ClauseId, Clause>>): string {
  const e = r.entry;
  if (!e) return `The matrix has no entry for this unit: run <code>${commandLine('spec-drift')}</code>.`;
  if (e.reason) return `${e.reason.kind === 'not-shown' ? 'Not shown. ' : ''}${esc(e.reason.why)}`;
  if (e.gap !== undefined) return `<span class="open">Open: ${esc(e.gap)}</span>`;
  if (r.category === 'notTestable') {
    const why = [...new Set((e.covers ?? []).map((id) => catalogue[id]?.notTestable).filter((x): x is string => !!x))];
    return esc(why.join(' '));
  }
  return '';
}

function worstVerdict(
  entry: TraceEntry | undefined,
  verdicts: ReadonlyMap<ClauseId, ClauseVerdict>,
): ClauseVerdict | 'absent' | 'none' {
  const ids = entry?.covers ?? [];
  if (ids.length === 0) return 'none';
  return ids
    .map((id) => verdicts.get(id) ?? 'absent')
    .sort((a, b) => verdictRank.indexOf(a) - verdictRank.indexOf(b))[0]!;
}

function countsBlock(s: CoverageSummary, specFound: boolean): string {
  const items: [Category | 'gaps', number, string?][] = [
    ['strict', s.strict],
    ['observedOnly', s.observedOnly],
    ['partly', s.gaps.partly],
    ['notCovered', s.gaps.notCovered],
    [
      'notTestable',
      s.notTestable.total,
      `${s.notTestable.byReason['not-shown']} not shown, ${s.notTestable.byReason['not-testable']} not decidable from outside, ${s.notTestable.byReason.catalogue} by the catalogue`,
    ],
    ['notARule', s.notARule],
  ];
  if (specFound) items.push(['unaccounted', s.unaccounted ?? 0]);
  const lis = items
    .map(
      ([cls, n, sub]) =>
        `<li><button type="button" data-filter="${cls}"><span class="n">${n}</span> ${esc(categoryWords[cls as Category])}</button>${sub ? ` <span class="muted">(${esc(sub)})</span>` : ''}</li>`,
    )
    .join('');
  const whole = specFound
    ? `${plural(s.units, 'normative unit')} of the spec (sentences and table rows)${s.stale ? `; ${plural(s.stale, 'matrix entry', 'matrix entries')} match no unit of it` : ''}`
    : `${plural(s.units, 'entry', 'entries')} of the traceability matrix`;
  return `<section id="counts"><h2>Counts</h2><p>${esc(whole)}:</p><ul class="counts" role="group" aria-label="Filter units by category"><li><button type="button" data-filter="all" aria-pressed="true">all</button></li>${lis}<li><button type="button" data-filter="run-failed">failed in this run</button></li></ul></section>`;
}

function openParts(
  entries: readonly TraceEntry[],
  rows: Row[],
  units: readonly SpecUnit[] | undefined,
  cert: string,
): string {
  const present = units ? new Set(units.map((u) => u.fingerprint)) : undefined;
  const gaps = gapList(entries.filter((e) => !present || present.has(e.fingerprint)));
  const rowOf = new Map(rows.map((r) => [r.fingerprint, r]));
  const gapItems = gaps.map((g) => {
    const fp = entries.find((e) => e.section === g.section && e.label === g.label && e.gap === g.gap)?.fingerprint;
    const where = fp ? `<a href="#u-${esc(fp)}">${esc(rowOf.get(fp)?.locator ?? g.section)}</a>` : esc(g.section);
    return `<li data-gap><span class="where">${where}</span> <span class="label">${esc(g.label)}</span>${
      g.covers.length
        ? ` <span class="muted">(checked in part by ${g.covers.map((id) => `<a href="${esc(cert)}#${esc(id)}"><code>${esc(id)}</code></a>`).join(', ')})</span>`
        : ''
    }<div class="open">${esc(g.gap)}</div></li>`;
  });
  const unaccounted = rows
    .filter((r) => r.category === 'unaccounted')
    .map(
      (r) =>
        `<li><a href="#u-${esc(r.fingerprint)}">${esc(r.locator)}</a> <code>${esc(r.fingerprint)}</code>: no entry in the matrix</li>`,
    );
  const stale = present
    ? entries
        .filter((e) => !present.has(e.fingerprint))
        .map(
          (e) =>
            `<li>${esc(e.section)} <code>${esc(e.fingerprint)}</code> <span class="label">${esc(e.label)}</span>: matches no unit of this spec</li>`,
        )
    : [];
  const all = [...gapItems, ...unaccounted, ...stale];
  return `<section id="open-parts"><h2>Open parts (${all.length})</h2>${
    all.length
      ? `<p class="muted">What the catalogue does not check yet, each with the reason; <code>${commandLine('spec-drift')}</code> explains units without an entry.</p><ul class="open-parts">${all.join('')}</ul>`
      : '<p class="none">None: every rule of the spec is checked in full, or has its reason.</p>'
  }</section>`;
}

function sectionNav(rows: Row[]): string {
  const sections = [...new Set(rows.map((r) => r.section))];
  return `<nav id="sections" aria-label="Spec sections"><h2>Sections</h2><ul>${sections
    .map((s) => {
      const list = rows.filter((r) => r.section === s);
      const open = list.filter(
        (r) => r.category === 'partly' || r.category === 'notCovered' || r.category === 'unaccounted',
      ).length;
      return `<li><a href="#${sectionAnchor(s)}">${esc(s)}</a> <span class="muted">${list.length}${open ? `, ${open} open` : ''}</span></li>`;
    })
    .join('')}</ul></nav>`;
}

function unitTables(
  rows: Row[],
  verdicts: ReadonlyMap<ClauseId, ClauseVerdict>,
  catalogue: Readonly<Record<ClauseId, Clause>>,
  cert: string,
  withSpec: boolean,
): string {
  const parts: string[] = ['<section id="units"><h2>Units by section</h2>'];
  for (const section of [...new Set(rows.map((r) => r.section))]) {
    const list = rows.filter((r) => r.section === section);
    parts.push(
      `<h3 id="${sectionAnchor(section)}">${esc(section)} <span class="muted">(${plural(list.length, withSpec ? 'unit' : 'entry', withSpec ? 'units' : 'entries')})</span></h3>`,
      `<table class="units"><thead><tr><th>${withSpec ? 'Unit' : 'Entry'}</th><th>Paraphrase</th><th>Category</th><th>Clauses and verdicts in this run</th></tr></thead><tbody>`,
    );
    for (const r of list) {
      const category = r.reason ? `${categoryWords[r.category]}: ${reasonWords[r.reason]}` : categoryWords[r.category];
      parts.push(
        `<tr id="u-${esc(r.fingerprint)}" data-fingerprint="${esc(r.fingerprint)}" data-category="${r.category}" data-run="${worstVerdict(r.entry, verdicts)}">` +
          `<td><span class="loc">${esc(r.locator)}</span><div class="fp"><code>${esc(r.fingerprint)}</code></div></td>` +
          `<td>${r.entry ? esc(r.entry.label) : '<span class="muted">(none)</span>'}</td>` +
          `<td>${badge(`c-${r.category}`, category)}<div class="detail">${detail(r, catalogue)}</div></td>` +
          `<td>${clauseList(r.entry, verdicts, catalogue, cert)}</td></tr>`,
      );
    }
    parts.push('</tbody></table>');
  }
  parts.push('</section>');
  return parts.join('\n');
}

/** One cell of unit × operator: caught of the faults the operator makes there, a survivor linked to its footnote. */
function killCell(fp: string, op: string, c: UnitOperatorCell | undefined): string {
  if (!c) return '<td class="k-none"><span aria-hidden="true">·</span><span class="sr-only">no fault</span></td>';
  const list = c.faults
    .map((f) => `${f.id} (${f.source}): ${f.caught === null ? 'not run' : f.caught ? 'caught' : 'survived'}`)
    .join('\n');
  const marks = [
    c.survivors.length
      ? `<div><a class="k-mark" href="#ks-${esc(fp)}-${esc(op)}" title="${esc(`survived: ${c.survivors.map((f) => f.id).join(', ')}`)}">✗ ${c.survivors.length} survived</a></div>`
      : '',
    c.notRun ? `<div class="k-mark">${c.notRun} not run</div>` : '',
  ].join('');
  return `<td class="k-${c.state}" data-op="${esc(op)}" title="${esc(list)}">${c.caught}/${c.faults.length}${marks}</td>`;
}

/**
 * Spec unit × operator (issue 28): one row per unit the fault operators reach, one column per operator,
 * from the committed kill matrix; the line above it is the one the certificate states.
 */
function unitOperatorSection(
  kills: readonly OperatorKill[] | null,
  catalogue: Readonly<Record<ClauseId, Clause>>,
  rows: Row[],
): string {
  const head = '<section id="unit-operators"><h2>Spec unit × operator</h2>';
  if (!kills)
    return `${head}<p class="notice">No operator kill matrix: <code>contract/operator-kills.json</code> was not found. <code>${commandLine('selfcheck', '--operators')}</code> writes it.</p></section>`;
  const t = unitOperatorTable(kills, catalogue);
  const order = new Map(rows.map((r, i) => [r.fingerprint, i]));
  const locator = new Map(rows.map((r) => [r.fingerprint, r.locator]));
  const units = [...t.rows].sort(
    (a, b) =>
      (order.get(a.fingerprint) ?? Infinity) - (order.get(b.fingerprint) ?? Infinity) ||
      a.fingerprint.localeCompare(b.fingerprint),
  );
  const body = units.map((u) => {
    const where = locator.has(u.fingerprint)
      ? `<a href="#u-${esc(u.fingerprint)}">${esc(locator.get(u.fingerprint)!)}</a>`
      : '<span class="muted">(no unit of this spec)</span>';
    return (
      `<tr data-unit="${esc(u.fingerprint)}" data-judged="${u.judged}"><th scope="row">${where}<div class="fp"><code>${esc(u.fingerprint)}</code></div></th>` +
      `<td>${esc(u.sections.join('; '))}</td>${t.operators.map((op) => killCell(u.fingerprint, op, u.cells[op])).join('')}</tr>`
    );
  });
  const survivors = units.flatMap((u) =>
    t.operators.flatMap((op) => {
      const c = u.cells[op];
      if (!c?.survivors.length) return [];
      return [
        `<li id="ks-${esc(u.fingerprint)}-${esc(op)}"><span class="where">${esc(locator.get(u.fingerprint) ?? u.fingerprint)}</span>, ${esc(op)}: ${c.survivors
          .map((f) => `<code>${esc(f.id)}</code> (${esc(f.clause)})`)
          .join(', ')}</li>`,
      ];
    }),
  );
  return `${head}<p id="unit-operators-line">${esc(unitOperatorLine(t.summary))}.</p>
<p class="muted">Each cell: faults of the operator on the unit caught, of those it makes there (generated by <code>mock/faults/operators/</code>, and hand-written faults counted under an operator), as <code>contract/operator-kills.json</code> records them (<code>${commandLine('selfcheck', '--operators')}</code> writes it). A unit counts as judged by an operator when every such fault ran and was caught. <span aria-hidden="true">·</span> the operator makes no fault on the unit; ✗ a fault survived (its target in the tooltip and listed below the table); "not run": not run since it was added, never counted as caught.</p>
<div class="scroll"><table class="unit-operators"><thead><tr><th scope="col">Unit</th><th scope="col">Sections</th>${t.operators.map((op) => `<th scope="col">${esc(op)}</th>`).join('')}</tr></thead><tbody>
${body.join('\n')}
</tbody></table></div>
<h3>Survivors (${survivors.length})</h3>${survivors.length ? `<ul class="survivors">${survivors.join('')}</ul>` : '<p class="none">None.</p>'}</section>`;
}

/**
 * The harness's own proof, apart from the target's verdicts: how well its self-check's faults are
 * caught says nothing about the target, and a survivor there is the harness's gap, not a defect of it.
 */
function aboutHarness(body: string): string {
  return `<section id="about-harness" class="about-harness"><h2>About this harness (not about the target)</h2>
<p class="muted">How the harness proves its own checks: the faults of its self-check, planted in its reference mock, and whether its checks catch them. These figures are the same for every target; a fault that survived is a gap in the harness's checks, never a finding about the target above.</p>
${body}</section>`;
}

const css = `
:root{--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--skip:#6e7781;--info:#0969da;--bg:#f6f8fa;--line:#d0d7de}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
header{padding:18px 28px;background:#24292f;color:#fff}header h1{margin:0 0 4px;font-size:24px}header a{color:#9ecbff}header p{margin:2px 0}
main{padding:8px 28px 40px;max-width:1400px}h2{margin-top:26px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{margin:20px 0 6px}
.notice{border:1px solid var(--warn);background:#fff8c5;padding:8px 12px;border-radius:6px}
ul.counts{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px 14px}ul.counts button{border:1px solid var(--line);background:#fff;border-radius:12px;padding:2px 10px;cursor:pointer;font:inherit}
ul.counts button[aria-pressed=true]{background:#1f2328;color:#fff}.n{font-weight:700}
ul.open-parts li{margin:6px 0}.open{color:#953800}.where{font-weight:600}
nav#sections ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px}
table{border-collapse:collapse;width:100%;margin:6px 0;table-layout:fixed}th,td{border:1px solid var(--line);padding:6px 8px;vertical-align:top;text-align:left;overflow-wrap:anywhere}thead th{background:var(--bg)}
table.units th:nth-child(1){width:22%}table.units th:nth-child(2){width:24%}table.units th:nth-child(3){width:26%}
.fp,.kind,.muted{color:#57606a;font-size:12px}.detail{font-size:12px;margin-top:3px;color:#57606a}
ul.clauses{margin:0;padding:0;list-style:none}ul.clauses li{margin:2px 0}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600;color:#fff;background:var(--skip)}
.c-strict,.v-passed{background:var(--pass)}.c-observedOnly,.v-observed{background:var(--info)}.c-partly,.c-notCovered,.c-unaccounted{background:#bc4c00}
.c-notTestable,.v-not-testable{background:#8250df}.c-notARule{background:#8c959f}.v-failed{background:var(--fail)}.v-inconclusive{background:var(--warn)}.v-not-run,.v-absent{background:#8c959f}
tr[data-run=failed]{background:#ffebe9}
div.scroll{overflow-x:auto}.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}table.unit-operators th:nth-child(1){width:16%}table.unit-operators th:nth-child(2){width:12%}table.unit-operators td{text-align:center;font-variant-numeric:tabular-nums}
td.k-judged{background:#dafbe1}td.k-survivor{background:#ffebe9}td.k-not-run{background:var(--bg)}td.k-none{color:#8c959f}.k-mark{font-size:12px;white-space:nowrap}a.k-mark{color:var(--fail);font-weight:600}.none{color:var(--pass);font-weight:600}.hidden{display:none}
section.about-harness{margin-top:36px;border-top:3px double var(--line);padding-top:4px}section.about-harness h2{color:#57606a}
footer{margin-top:32px;border-top:1px solid var(--line);padding-top:8px;color:#57606a}
`;

const js = `
(function(){
  var buttons=document.querySelectorAll('ul.counts button');
  buttons.forEach(function(b){b.addEventListener('click',function(){
    var f=b.getAttribute('data-filter');
    buttons.forEach(function(x){x.setAttribute('aria-pressed',String(x===b));});
    document.querySelectorAll('table.units tbody tr').forEach(function(tr){
      var show=f==='all'||(f==='run-failed'?tr.getAttribute('data-run')==='failed':tr.getAttribute('data-category')===f);
      tr.classList.toggle('hidden',!show);
    });
  });});
})();
`;

/** The spec-coverage page of a run, as one HTML string. */
export function coveragePage(input: CoveragePageInput): string {
  const entries = input.entries ?? traceability;
  const catalogue = input.catalogue ?? clauses;
  const cert = input.certificationHref ?? 'index.html';
  const verdicts = verdictMap(input.verdicts);
  const kills = input.kills === undefined ? (readOperatorKills()?.faults ?? null) : input.kills;
  const units = input.units;
  const summary = coverageSummary(entries, catalogue, units);
  const rows = rowsOf(entries, catalogue, units);
  const notice = units
    ? ''
    : '<p class="notice" id="no-spec">The spec file was not found, so its units could not be listed: below is the traceability matrix alone, and sentences the spec may have added are not counted. Set <code>SPEC_PATH</code> to your copy of the spec.</p>';
  const title = 'Partner API v2: spec coverage';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${esc(title)}</title><style>${css}</style></head>
<body>
<header><h1>${esc(title)}</h1><p id="run-label">${esc(input.runLabel)}</p><p><a id="back" href="${esc(cert)}">← the certification page</a></p></header>
<main>
${notice}
<p class="muted">Each normative unit of the spec (a sentence or a table row) with the clauses that check it and their verdicts in this run. Units are named by section, locator and fingerprint, with a paraphrase: the spec's own sentences are in the spec.</p>
${openParts(entries, rows, units, cert)}
${countsBlock(summary, !!units)}
${sectionNav(rows)}
${unitTables(rows, verdicts, catalogue, cert, !!units)}
${aboutHarness(unitOperatorSection(kills, catalogue, rows))}
<footer><p>The matrix is <code>contract/traceability.ts</code>; its conventions are in <code>contract/TRACEABILITY.md</code>. Back to <a href="${esc(cert)}">the certification page</a>.</p></footer>
</main>
<script>${js}</script>
</body></html>
`;
}

/**
 * The bundle's coverage.html for a certificate: the spec units parsed from the spec file the run
 * hashed (when that file still has that hash), else the matrix alone.
 */
export function coverageHtml(ctx: Pick<OutputContext, 'certification'>): string {
  const c = ctx.certification;
  let units: SpecUnit[] | undefined;
  if (c.spec.sha256 && existsSync(c.spec.file)) {
    const text = readFileSync(c.spec.file);
    if (createHash('sha256').update(text).digest('hex') === c.spec.sha256)
      units = parseSpecUnits(text.toString('utf8'));
  }
  return coveragePage({
    verdicts: c,
    units,
    runLabel: `run ${c.run.runId} against ${c.target.url}, ${c.finishedAt}: ${c.headline}`,
  });
}

import type { Certification, CheckReport, ClauseChange, ClauseReport, ClauseVerdict } from '../certify/types.js';
import type { RecordedExchange } from '../core/events.js';
import type { Failure } from '../core/outcome.js';
import { verdictWords } from '../core/outcome.js';
import { curlLine, requestLine } from './curl.js';
import { bodyAround, failureLines, harnessErrorHead, harnessErrorText } from './failure-view.js';
import type { OutputContext } from './output.js';
import { harnessText } from '../certify/certify.js';
import type { KeyObject } from 'node:crypto';
import { fingerprint } from './signature.js';
import { compareSections, primarySection, sectionTitle } from './sections.js';
import {
  budgetLine,
  evidenceCutLine,
  partialText,
  recordsLine,
  scopeText,
  trafficLine,
  visibilityLine,
} from './summary-lines.js';
import { commandLine } from '../core/invocation.js';

/**
 * The bundle's index.html: one self-contained page (inline CSS and JS, no network) that answers
 * "did it pass, for what scope, and what exactly failed" at the top, then gives the evidence:
 * each failure with the request, a curl line and the failing field's value in the body.
 */

/** Exchanges embedded per check; the rest stay in exchanges.har. Keeps the page light. */
const MAX_EXCHANGES_PER_CHECK = 12;
const HAR_FILE = 'exchanges.har';

type Check = CheckReport;

export interface PageInput {
  ctx: OutputContext;
  /** Other files of the bundle, linked from the page footer. */
  files: string[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clip = (s: string, n: number) =>
  s.length > n ? `${s.slice(0, n)}\n…[${s.length - n} more characters in exchanges.har]` : s;

function pretty(text: string | undefined): string {
  if (text === undefined || text === '') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A check's short name: its variant, else its file name (one behaviour per file). */
const checkLabel = (ch: Check) =>
  ch.variant ??
  ch.file
    .split('/')
    .pop()
    ?.replace(/\.check\.ts$/, '') ??
  ch.name;

const badge = (v: ClauseVerdict | string) => `<span class="badge b-${esc(v)}">${esc(v)}</span>`;

function headline(c: Certification): string {
  const total = c.clauses.length;
  const s = c.summary;
  const judged = `${s.passed} passed, ${s.failed} failed, ${s.inconclusive} inconclusive, ${s['not-judged']} not judged, ${s.skipped} skipped, ${s.observed} observed, ${s['not-testable']} not testable, ${s['not-run']} not run`;
  const lead =
    c.verdict === 'interrupted'
      ? 'The run was interrupted: nothing is certified. What ran until then is below.'
      : c.verdict === 'conformant'
        ? `No clause failed (${total} clauses).`
        : c.verdict === 'passed'
          ? c.scope.notJudged.length && !c.scope.narrowed
            ? `Nothing failed, but ${c.scope.notJudged.length} clause(s) were not judged (the spec does not show what they need and the profile's guess was refused): this certifies nothing about them.`
            : `Nothing failed in what ran, but only part of the catalogue ran: this certifies nothing about the rest.`
          : c.verdict === 'non-conformant'
            ? `${s.failed} of ${total} clauses failed${c.runErrors.length ? `, and ${c.runErrors.length} run error(s)` : ''}.`
            : `Nothing failed, but ${s.inconclusive} clause(s) could not be decided.`;
  const scope = c.scope.complete
    ? `<p class="scope" id="scope">Scope: ${esc(c.scope.note ?? 'every clause of the catalogue')}.</p>`
    : `<p class="scope" id="scope">Scope: ${esc(c.scope.note ?? 'partial')}. ${esc(scopeDetail(c))}</p>`;
  const cause = c.verdictCause ? `<p class="cause" id="verdict-cause">${esc(c.verdictCause)}</p>` : '';
  const warnings = [...(c.warnings ?? []).map((w) => `warning: ${w}`), evidenceCutLine(c)]
    .filter((w) => w !== undefined)
    .map((w) => `<p class="warning">${esc(w)}</p>`)
    .join('');
  return `<p class="lead">${esc(lead)}</p>${scope}${cause}<p class="counts">${esc(judged)}</p>${warnings}`;
}

/** What ran, in words: the selection that narrowed the run. */
function scopeDetail(c: Certification): string {
  const s = c.scope.selection;
  const parts = [
    s.pattern ? `only checks matching -t '${s.pattern}' ran` : '',
    s.paths?.length ? `only the suites under ${s.paths.join(', ')} ran` : '',
    s.shard && !c.run.mergedFrom ? `this is shard ${s.shard.index} of ${s.shard.count}` : '',
    ...(s.skippedAreas ?? []).map((a) => `${a.area} left out: ${a.why}`),
    s.mode === 'readonly' ? 'read-only mode: checks that need a write were skipped' : '',
  ].filter(Boolean);
  return `${parts.join('; ')}${parts.length ? '.' : ''} ${c.scope.clauses.selected} of ${c.scope.clauses.total} clauses had a check that ran.`;
}

function firstLines(text: string, n = 8): string {
  const lines = text.split('\n');
  return lines.slice(0, n).join('\n') + (lines.length > n ? '\n…' : '');
}

/** A failure, in words, with its values and the exchange it comes from. */
function failureBlock(
  f: Failure,
  ex: RecordedExchange | undefined,
  evidenceAnchor?: string,
  replay?: readonly string[],
): string {
  const [message, ...rest] = failureLines(f, ex, { curl: false });
  return [
    `<div class="failure"><div class="f-msg"><span class="kind">${esc(f.kind)}</span> ${esc(message!)}</div>`,
    ...rest.filter((l) => !l.startsWith('request: ')).map((l) => `<div class="f-line">${esc(l)}</div>`),
    ex
      ? `<div class="f-line">request: <code>${esc(requestLine(ex))}</code>${evidenceAnchor ? ` · <a href="#${evidenceAnchor}">evidence</a>` : ''}</div><pre class="curl">${esc(replay?.length ? replay.join('\n') : curlLine(ex))}</pre>`
      : '',
    '</div>',
  ].join('');
}

function failuresOf(ch: Check, ctx: OutputContext, anchor?: string): string {
  if (ch.error) return `<pre>${esc(firstLines(harnessErrorText(ch.error), 8))}</pre>`;
  const failures = ch.failures ?? [];
  if (failures.length === 0) return `<pre>${esc(ch.reason ?? 'failed')}</pre>`;
  const shown = failures
    .slice(0, 10)
    .map((f) =>
      failureBlock(
        f,
        f.exchange ? ctx.exchange(f.exchange) : undefined,
        anchor,
        f.exchange ? ctx.replay(ch, f.exchange) : undefined,
      ),
    );
  return `${ch.reason ? `<div class="f-title">${esc(ch.reason)}</div>` : ''}${shown.join('')}${failures.length > 10 ? `<p class="muted">… and ${failures.length - 10} more (certification.json)</p>` : ''}`;
}

function whatFailed(ctx: OutputContext, anchors: Map<Check, string>): string {
  const c = ctx.certification;
  const failed = c.clauses.filter((x) => x.verdict === 'failed');
  const inconclusive = c.clauses.filter((x) => x.verdict === 'inconclusive');
  const errored = c.clauses.flatMap((x) => x.checks.filter((ch) => ch.verdict === 'errored').map((ch) => ({ x, ch })));
  const notJudged = c.clauses.filter((x) => x.verdict === 'not-judged');
  const parts: string[] = ['<section id="what-failed"><h2>What failed</h2>'];
  if (errored.length) {
    parts.push(
      '<h3>Harness errors (the harness broke: not the target\'s fault)</h3><ul class="errors">',
      ...errored.map(
        ({ x, ch }) =>
          `<li><a href="#${esc(x.id)}"><code>${esc(x.id)}</code></a> <span class="check">${esc(checkLabel(ch))}</span>${failuresOf(ch, ctx)}</li>`,
      ),
      '</ul>',
    );
  }
  if (c.runErrors.length) {
    parts.push('<h3>Run errors (outside any check)</h3><ul class="errors">');
    for (const e of c.runErrors) parts.push(`<li><pre>${esc(firstLines(e, 12))}</pre></li>`);
    parts.push('</ul>');
  }
  if (failed.length === 0 && c.runErrors.length === 0) parts.push('<p class="none">No clause failed.</p>');
  if (failed.length) {
    parts.push('<ol class="failed-list">');
    for (const f of failed) {
      parts.push(
        `<li><a href="#${esc(f.id)}"><code>${esc(f.id)}</code></a> <span class="sec">${esc(f.section)}</span><div class="must">${esc(f.must)}</div><ul>`,
      );
      for (const ch of f.checks.filter((x) => x.verdict === 'failed')) {
        parts.push(`<li><span class="check">${esc(checkLabel(ch))}</span>${failuresOf(ch, ctx, anchors.get(ch))}</li>`);
      }
      parts.push('</ul></li>');
    }
    parts.push('</ol>');
  }
  if (inconclusive.length) {
    parts.push('<h3>Undecided (inconclusive)</h3><ul>');
    for (const x of inconclusive)
      parts.push(`<li><a href="#${esc(x.id)}"><code>${esc(x.id)}</code></a>: ${esc(x.reason ?? '')}</li>`);
    parts.push('</ul>');
  }
  if (notJudged.length) {
    parts.push('<h3>Not judged (outside what this certificate covers)</h3><ul>');
    for (const x of notJudged)
      parts.push(
        `<li><a href="#${esc(x.id)}"><code>${esc(x.id)}</code></a>: ${x.cause?.kind === 'guess-refused' ? `set <code>${esc(x.cause.profileKey)}</code> in CONFORMANCE_PROFILE; ` : ''}${esc(x.reason ?? '')}</li>`,
      );
    parts.push('</ul>');
  }
  parts.push('</section>');
  return parts.join('\n');
}

function baselineSection(c: Certification): string {
  const d = c.baseline;
  if (!d) return '';
  const list = (title: string, items: ClauseChange[]) =>
    `<h3>${esc(title)} (${items.length})</h3>` +
    (items.length
      ? `<ul>${items.map((x) => `<li><a href="#${esc(x.id)}"><code>${esc(x.id)}</code></a> ${esc(x.section)}: ${badge(x.was ?? 'absent')} → ${badge(x.now)}</li>`).join('')}</ul>`
      : '<p class="none">None.</p>');
  return [
    '<section id="baseline"><h2>Since the baseline</h2>',
    `<p>Baseline: <code>${esc(d.file)}</code>, ${esc(d.baselineVerdict)}, finished ${esc(d.baselineFinishedAt)}.</p>`,
    list('Newly failing', d.newlyFailing),
    list('Newly passing', d.newlyPassing),
    list('New since the baseline', d.newClauses),
    '</section>',
  ].join('\n');
}

function runSection(c: Certification, signKey?: KeyObject): string {
  const rows: [string, string][] = [
    ['Target', `${c.target.url} (${c.target.kind === 'embedded' ? 'embedded mock' : 'live'})`],
    ['Company', c.target.companyId],
    ['Scope', scopeText(c)],
    ['Started', c.startedAt],
    ['Finished', c.finishedAt],
    ['Harness', harnessText(c.harness)],
    ...(signKey
      ? [
          [
            'Signature',
            `Ed25519 key ${fingerprint(signKey)}: MANIFEST.sha256.sig signs every file of this bundle (${commandLine('verify', '<dir> --key <public.pem>')})`,
          ] as [string, string],
        ]
      : []),
    [
      'Spec',
      `${c.spec.file.split('/').pop() ?? c.spec.file}${c.spec.sha256 ? ` · sha256 ${c.spec.sha256}` : ' · not found, hash unknown'}`,
    ],
    ['Seed', `${c.seed} (replay with SEED=${c.seed})`],
    ['Mode', c.mode],
    ['Property runs', String(c.numRuns)],
    ['Requests', trafficLine(c).replace(/^Requests: /, '')],
  ];
  if (c.visibility.waits)
    rows.push(['Writes showing', visibilityLine(c).replace(/^Reads after the run's writes: /, '')]);
  if (c.budget) rows.push(['Budget', budgetLine(c.budget).replace(/^Budget: /, '')]);
  if (c.ledger) rows.push(['Records', recordsLine(c.ledger).replace(/^Records: /, '')]);
  if (c.run.shard)
    rows.push(['Shard', `${c.run.shard.index}/${c.run.shard.count}: clauses checked in other shards show as not run`]);
  if (c.run.mergedFrom)
    rows.push([
      'Merged from',
      c.run.mergedFrom.map((m) => (m.shard ? `shard ${m.shard.index}/${m.shard.count}` : m.runId)).join(', '),
    ]);
  const config = Object.entries(c.config ?? {});
  return [
    '<section id="run"><h2>Run</h2><table class="kv">',
    ...rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`),
    '</table>',
    config.length
      ? `<h3>Configuration (credentials shown only as set / not set)</h3><table class="kv config">${config
          .map(
            ([k, v]) =>
              `<tr><th><code>${esc(k)}</code></th><td>${v === null ? '<span class="muted">unset</span>' : esc(String(v))}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    '</section>',
  ].join('\n');
}

function checksCell(x: ClauseReport, anchors: Map<Check, string>): string {
  if (x.notTestable) return `<span class="muted">${esc(x.notTestable)}</span>`;
  if (x.checks.length === 0) return `<span class="muted">${esc(x.reason ?? 'no check ran')}</span>`;
  return `<ul class="checks">${x.checks
    .map((ch) => {
      const label = checkLabel(ch);
      const why =
        ch.verdict === 'failed'
          ? (ch.failures?.[0]?.message ?? ch.reason ?? '')
          : ch.error
            ? harnessErrorHead(ch.error)
            : (ch.reason ?? '');
      return `<li>${badge(ch.verdict)} <span class="check" title="${esc(ch.name)}">${esc(label)}</span>${why ? ` <span class="why">${esc(clip(why, 300))}</span>` : ''}</li>`;
    })
    .join('')}</ul>`;
}

/** A pass on part of the clause's cases: which part, under its verdict. */
function partialCell(x: ClauseReport): string {
  if (!x.partial?.length) return '';
  return `<div class="partial" data-partial="true">judged in part: ${x.partial.map((p) => esc(partialText(p))).join('<br>')}</div>`;
}

function evidenceCell(x: ClauseReport, anchors: Map<Check, string>): string {
  const links = x.checks
    .filter((ch) => anchors.has(ch))
    .map((ch) => `<a href="#${anchors.get(ch)}">${esc(checkLabel(ch))}: evidence</a>`);
  return links.length ? links.join('<br>') : '<span class="muted">none</span>';
}

function clauseTables(c: Certification, anchors: Map<Check, string>): string {
  const groups = new Map<string, ClauseReport[]>();
  for (const x of c.clauses) {
    const key = primarySection(x.section);
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  const parts = [
    '<section id="clauses"><h2>Clauses by spec section</h2>',
    '<p class="filters" role="group" aria-label="Filter clauses">Show: ' +
      ['all', 'failed', 'passed', 'inconclusive', 'not-judged', 'skipped', 'not-testable', 'not-run']
        .map(
          (v) => `<button type="button" data-filter="${v}"${v === 'all' ? ' aria-pressed="true"' : ''}>${v}</button>`,
        )
        .join(' ') +
      '</p>',
  ];
  for (const key of [...groups.keys()].sort(compareSections)) {
    const list = groups.get(key)!;
    const failed = list.filter((x) => x.verdict === 'failed').length;
    parts.push(
      `<h3 id="sec-${esc(key.replace(/[^0-9]+/g, '-'))}">${esc(sectionTitle(key))} <span class="muted">(${list.length} clause${list.length === 1 ? '' : 's'}${failed ? `, ${failed} failed` : ''})</span></h3>`,
      '<table class="clauses"><thead><tr><th>Clause</th><th>MUST</th><th>Verdict</th><th>Checks</th><th>Evidence</th></tr></thead><tbody>',
    );
    for (const x of list) {
      parts.push(
        `<tr id="${esc(x.id)}" data-verdict="${esc(x.verdict)}"><td><code>${esc(x.id)}</code><div class="sub">${esc(x.section)} · ${esc(x.strictness)} · ${esc(x.severity)}</div></td>` +
          `<td>${esc(x.must)}</td><td>${badge(x.verdict)}${partialCell(x)}</td><td>${checksCell(x, anchors)}</td><td>${evidenceCell(x, anchors)}</td></tr>`,
      );
    }
    parts.push('</tbody></table>');
  }
  parts.push('</section>');
  return parts.join('\n');
}

function observationsSection(c: Certification): string {
  const rows = c.observations.map((o) => {
    const value = JSON.stringify(o.value, null, 2) ?? 'undefined';
    return `<tr><td><a href="#${esc(o.clause)}"><code>${esc(o.clause)}</code></a></td><td>${esc(o.name)}</td><td><pre>${esc(clip(value, 1500))}</pre></td></tr>`;
  });
  return [
    '<section id="observations"><h2>Observations of undocumented behaviour</h2>',
    '<p class="muted">Where the spec is silent, the harness records what the target chose; these never fail a run.</p>',
    rows.length
      ? `<table class="obs"><thead><tr><th>Clause</th><th>Observation</th><th>Value</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p class="none">None recorded.</p>',
    '</section>',
  ].join('\n');
}

function notJudgedSection(c: Certification): string {
  const order: ClauseVerdict[] = ['skipped', 'not-testable', 'not-run'];
  const list = c.clauses
    .filter((x) => order.includes(x.verdict))
    .sort((a, b) => order.indexOf(a.verdict) - order.indexOf(b.verdict));
  return [
    '<section id="skipped"><h2>Skipped clauses and reasons</h2>',
    list.length
      ? `<table class="skips"><thead><tr><th>Clause</th><th>Verdict</th><th>Reason</th></tr></thead><tbody>${list
          .map(
            (x) =>
              `<tr><td><a href="#${esc(x.id)}"><code>${esc(x.id)}</code></a></td><td>${badge(x.verdict)}</td><td>${esc(x.reason ?? '')}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p class="none">Every clause was judged.</p>',
    '</section>',
  ].join('\n');
}

/** An exchange, with the failing field marked in its body when a failure names one. */
function exchangeBlock(e: RecordedExchange, failing: readonly Failure[] = []): string {
  const status = e.error
    ? `no answer: ${e.error}`
    : `${e.status ?? '?'}${e.durationMs !== undefined ? ` · ${e.durationMs} ms` : ''}${e.retries ? ` · ${e.retries} retries` : ''}`;
  const reqText = [...Object.entries(e.requestHeaders).map(([k, v]) => `${k}: ${v}`), '', pretty(e.requestBody)].join(
    '\n',
  );
  const resHead = Object.entries(e.responseHeaders ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  const resBody = bodyAround(
    e.responseBody,
    failing.map((f) => f.path),
  );
  return [
    `<div class="ex${failing.length ? ' ex-failing' : ''}" id="ex-${esc(e.id)}"><div class="ex-line"><b>${esc(e.method)}</b> ${esc(e.url)} → <b>${esc(status)}</b></div>`,
    ...failing.map((f) => failureBlock(f, undefined)),
    `<pre class="curl">${esc(curlLine(e))}</pre>`,
    `<details><summary>request</summary><pre>${esc(clip(reqText, 20_000))}</pre></details>`,
    e.error
      ? ''
      : `<details${failing.length ? ' open' : ''}><summary>response</summary><pre>${esc(resHead)}\n\n${esc(resBody)}</pre></details>`,
    '</div>',
  ].join('');
}

function evidenceSection(ctx: OutputContext, anchors: Map<Check, string>): string {
  const c = ctx.certification;
  const parts = [
    '<section id="evidence"><h2>Evidence</h2>',
    `<p class="muted">Exchanges of each check, redacted; up to ${MAX_EXCHANGES_PER_CHECK} per check here (the failing ones first), all of them in <a href="${HAR_FILE}">${HAR_FILE}</a>. Curl lines read the token from <code>$ACCESS_TOKEN</code>.</p>`,
  ];
  for (const x of c.clauses) {
    for (const ch of x.checks) {
      const id = anchors.get(ch);
      if (!id) continue;
      const list = ctx.evidenceOf(ch);
      const failingAt = new Map<string, Failure[]>();
      for (const f of ch.failures ?? [])
        if (f.exchange) failingAt.set(f.exchange, [...(failingAt.get(f.exchange) ?? []), f]);
      const ordered = [...list.filter((e) => failingAt.has(e.id)), ...list.filter((e) => !failingAt.has(e.id))];
      const more =
        list.length > MAX_EXCHANGES_PER_CHECK
          ? `<p class="muted">${list.length - MAX_EXCHANGES_PER_CHECK} more in exchanges.har.</p>`
          : '';
      parts.push(
        `<details class="evidence" id="${id}" data-verdict="${esc(ch.verdict)}"><summary>${badge(ch.verdict)} <code>${esc(x.id)}</code> ${esc(checkLabel(ch))} · ${list.length} exchange${list.length === 1 ? '' : 's'}</summary>`,
        `<p class="check-name">${esc(ch.name)} <span class="muted">(${esc(ch.file)})</span></p>`,
        ch.verdict === 'failed' || ch.verdict === 'errored'
          ? failuresOf(ch, ctx)
          : ch.reason
            ? `<p class="why">${esc(ch.reason)}</p>`
            : '',
        ch.evidence.length ? `<p class="muted">judged: ${esc(ch.evidence.join('; '))}</p>` : '',
        ...ordered.slice(0, MAX_EXCHANGES_PER_CHECK).map((e) => exchangeBlock(e, failingAt.get(e.id))),
        more,
        '</details>',
      );
    }
  }
  parts.push('</section>');
  return parts.join('\n');
}

function footer(files: string[]): string {
  const links = files.map((f) => `<a href="${esc(f)}">${esc(f)}</a>`).join(' · ');
  const coverage = files.includes('coverage.html')
    ? '<p>Which spec sentence each clause checks, and the parts left open: <a href="coverage.html">coverage.html</a>.</p>'
    : '';
  return `<footer>${coverage}<p>Files of this bundle: ${links}</p><p>Check that the bundle is unmodified: <code>${commandLine('verify', '&lt;this directory&gt;')}</code>, or <code>sha256sum -c MANIFEST.sha256</code> inside it.</p></footer>`;
}

const css = `
:root{--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--skip:#6e7781;--info:#0969da;--bg:#f6f8fa;--line:#d0d7de}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
header.verdict{padding:20px 28px;color:#fff}header.v-conformant{background:var(--pass)}header.v-passed{background:#0a3069}header.partial #scope-note{font-size:20px;font-weight:600}header a{color:#fff}header.v-non-conformant{background:var(--fail)}header.v-inconclusive{background:var(--warn)}header.v-interrupted{background:#57606a}
#verdict{font-size:34px;font-weight:800;letter-spacing:.04em}header .lead{font-size:18px;margin:4px 0}header .counts,header .meta{margin:2px 0;opacity:.92}
main{padding:8px 28px 40px;max-width:1400px}h2{margin-top:28px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{margin:20px 0 6px}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid var(--line);padding:6px 8px;vertical-align:top;text-align:left}thead th{background:var(--bg)}
table.kv{width:auto}table.kv th{background:var(--bg);font-weight:600;white-space:nowrap}
table.clauses{table-layout:fixed}table.clauses th:nth-child(1){width:19%}table.clauses th:nth-child(2){width:33%}table.clauses th:nth-child(3){width:9%}table.clauses th:nth-child(4){width:24%}table.clauses th:nth-child(5){width:15%}table.clauses td{overflow-wrap:anywhere}.sub{color:var(--skip);font-size:12px}.partial{color:#9a6700;font-size:12px;margin-top:3px}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600;color:#fff;background:var(--skip);white-space:nowrap}
.b-passed{background:var(--pass)}.failure{border-left:3px solid var(--fail);padding:2px 8px;margin:6px 0}.f-msg{font-weight:600}.kind{font:11px ui-monospace,monospace;background:#ffebe9;color:var(--fail);border-radius:3px;padding:0 4px}.f-line{font-size:12px;color:#424a53}.f-title{font-weight:600;margin-top:4px}.ex-failing{background:#fff8f7}.b-failed{background:var(--fail)}.b-inconclusive,.b-errored{background:var(--warn)}.b-not-judged{background:#0a3069}.b-not-testable{background:var(--info)}.b-not-run,.b-absent{background:#8c959f}
tr[data-verdict=failed]{background:#ffebe9}ul.checks{margin:0;padding-left:0;list-style:none}ul.checks li{margin:2px 0}.why{color:#57606a;font-size:12px}
pre{white-space:pre-wrap;word-break:break-word;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:6px 8px;margin:4px 0;font-size:12px;max-height:420px;overflow:auto}
.muted{color:#57606a}.none{color:var(--pass);font-weight:600}#what-failed .must{margin:2px 0 4px}.failed-list>li{margin-bottom:10px}.sec{color:#57606a}
.filters button{border:1px solid var(--line);background:#fff;border-radius:12px;padding:2px 10px;cursor:pointer}.filters button[aria-pressed=true]{background:#1f2328;color:#fff}
details.evidence{border:1px solid var(--line);border-radius:6px;margin:6px 0;padding:4px 10px}details.evidence[open]{background:#fcfcfd}.ex{border-top:1px dashed var(--line);padding:6px 0}.ex-line{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
pre.curl{background:#fff}footer{margin-top:32px;border-top:1px solid var(--line);padding-top:8px;color:#57606a}.hidden{display:none}
`;

const js = `
(function(){
  function openTarget(){var id=decodeURIComponent(location.hash.slice(1));if(!id)return;var el=document.getElementById(id);if(el&&el.tagName==='DETAILS'){el.open=true;el.scrollIntoView();}}
  window.addEventListener('hashchange',openTarget);openTarget();
  var buttons=document.querySelectorAll('.filters button');
  buttons.forEach(function(b){b.addEventListener('click',function(){
    var f=b.getAttribute('data-filter');
    buttons.forEach(function(x){x.setAttribute('aria-pressed',String(x===b));});
    document.querySelectorAll('table.clauses tbody tr').forEach(function(tr){tr.classList.toggle('hidden',f!=='all'&&tr.getAttribute('data-verdict')!==f);});
  });});
})();
`;

export function certificationHtml({ ctx, files }: PageInput): string {
  const c = ctx.certification;
  const anchors = new Map<Check, string>();
  let n = 0;
  for (const x of c.clauses)
    for (const ch of x.checks)
      if (ctx.evidenceOf(ch).length > 0 || ch.verdict === 'failed' || ch.verdict === 'errored')
        anchors.set(ch, `ev-${++n}`);
  const title = `Partner API v2 conformance: ${c.headline}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${esc(title)}</title><style>${css}</style></head>
<body>
<header class="verdict v-${c.verdict}${c.scope.complete ? '' : ' partial'}"><div id="verdict" data-verdict="${c.verdict}">${esc(verdictWords[c.verdict])}${c.scope.note ? ` <span id="scope-note">(${esc(c.scope.note)})</span>` : ''}</div>
${headline(c)}
<p class="meta">Partner Service API v2 · ${esc(c.target.url)} (${c.target.kind === 'embedded' ? 'embedded mock' : 'live'}) · ${esc(c.finishedAt)} · seed ${c.seed} · ${esc(c.mode)} mode${c.run.shard ? ` · shard ${c.run.shard.index}/${c.run.shard.count}` : ''}${files.includes('coverage.html') ? ' · <a href="coverage.html">spec coverage</a>' : ''}</p></header>
<main>
${whatFailed(ctx, anchors)}
${baselineSection(c)}
${runSection(c, ctx.signKey)}
${clauseTables(c, anchors)}
${observationsSection(c)}
${notJudgedSection(c)}
${evidenceSection(ctx, anchors)}
${footer(files)}
</main>
<script>${js}</script>
</body></html>
`;
}

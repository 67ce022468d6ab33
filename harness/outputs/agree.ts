import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { harnessText } from '../certify/certify.js';
import type { Certification } from '../certify/types.js';
import { junitOutput } from './junit.js';
import { certificationMd } from './md.js';

/**
 * Whether a bundle's pages say what its certification.json says: each was rendered from it, so a
 * certificate edited after the run (its manifest regenerated or not) disagrees with them. Read by
 * `verify` (harness/cli/verify-bundle.ts).
 */

const unescape = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&');

/** A row of the page's run table (`<tr><th>Target</th><td>…</td></tr>`), as text. */
const runRow = (html: string, name: string) =>
  (/<section id="run">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '')
    .split('</tr>')
    .map((r) => /<tr><th>([^<]*)<\/th><td>([\s\S]*)<\/td>$/.exec(r.trim()))
    .find((m) => m && unescape(m[1]!) === name)?.[2];

/**
 * What the bundle's pages say against what its certification.json says (each page was rendered
 * from it): the headline, the target, company, harness and times, each clause's verdict. Only what
 * the pages are known to carry is compared; a page absent from the bundle is not.
 */
export function pagesAgree(dir: string, c: Certification): string[] {
  const problems: string[] = [];
  const differ = (file: string, what: string, page: string | undefined, json: string) => {
    if (page === undefined) problems.push(`disagrees: ${file} shows no ${what} (certification.json: ${json})`);
    else if (page !== json) problems.push(`disagrees: ${file} says ${what} ${page}, certification.json ${json}`);
  };
  const index = join(dir, 'index.html');
  if (existsSync(index)) {
    const html = readFileSync(index, 'utf8');
    const verdict = /<div id="verdict" data-verdict="([^"]*)">([\s\S]*?)<\/div>/.exec(html);
    differ('index.html', 'the verdict', verdict?.[1], c.verdict);
    differ('index.html', 'the headline', verdict ? unescape(verdict[2]!).replace(/\s+/g, ' ') : undefined, c.headline);
    const target = runRow(html, 'Target');
    differ(
      'index.html',
      'the target',
      target && unescape(target).replace(/ \((embedded mock|live)\)$/, ''),
      c.target.url,
    );
    const company = runRow(html, 'Company');
    differ('index.html', 'the company', company && unescape(company), c.target.companyId);
    const finished = runRow(html, 'Finished');
    differ('index.html', 'the end time', finished && unescape(finished), c.finishedAt);
    const harness = runRow(html, 'Harness');
    differ('index.html', 'the harness', harness && unescape(harness), harnessText(c.harness));
    const rows = new Map(
      [...html.matchAll(/<tr id="([A-Z0-9-]+)" data-verdict="([^"]*)">/g)].map((m) => [m[1]!, m[2]!] as const),
    );
    for (const x of c.clauses) differ('index.html', `${x.id}'s verdict`, rows.get(x.id), x.verdict);
  }
  const coverage = join(dir, 'coverage.html');
  if (existsSync(coverage)) {
    const label = /<p id="run-label">([\s\S]*?)<\/p>/.exec(readFileSync(coverage, 'utf8'))?.[1];
    differ(
      'coverage.html',
      'the run',
      label && unescape(label),
      `run ${c.run.runId} against ${c.target.url}, ${c.finishedAt}: ${c.headline}`,
    );
  }
  const md = join(dir, certificationMd.name);
  if (existsSync(md)) {
    const lines = readFileSync(md, 'utf8').split('\n');
    differ(certificationMd.name, 'the headline', lines[0]?.replace(/^# Partner API v2 conformance: /, ''), c.headline);
    const target = lines.find((l) => l.startsWith('- Target: '));
    differ(
      certificationMd.name,
      'the target',
      target?.replace(/^- Target: (.*) \((embedded|live)\)$/, '$1'),
      c.target.url,
    );
  }
  const junit = join(dir, junitOutput.name);
  if (existsSync(junit)) {
    const name = /<testsuites name="([^"]*)"/.exec(readFileSync(junit, 'utf8'))?.[1];
    differ(
      junitOutput.name,
      'the headline',
      name && unescape(name).replace(/^Partner API v2 conformance: /, ''),
      c.headline,
    );
  }
  return problems;
}

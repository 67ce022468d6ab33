import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { harnessText } from '../certify/certify.js';
import type { Certification } from '../certify/types.js';
import { ConfigError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { MANIFEST, verifyManifest } from '../outputs/manifest.js';
import { CERTIFICATION_JSON } from '../outputs/registry.js';
import { loadPublicKey, signedBy, verifySignature } from '../outputs/signature.js';

/**
 * `partner-conformance verify <dir> [--key <public.pem>]` (`npm run verify-bundle`): recomputes every
 * hash of a certification bundle, checks that its pages say what its certification.json says (a
 * certification.json edited and its manifest regenerated still disagrees with index.html), and with
 * --key that the bundle carries a signature of that key over every file as it is. Exit 0 when all
 * hold, 1 on any problem (an unsigned bundle under --key included), 2 on a usage error.
 */

/** Which run the bundle certifies and its verdict, so a verified bundle is not taken for another run's. */
function whose(c: Partial<Certification> | undefined): string {
  if (!c) return '';
  return ` (run ${c.run?.runId ?? '?'}, ${c.headline ?? String(c.verdict ?? '?').toUpperCase()}, finished ${c.finishedAt ?? '?'})`;
}

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
  const md = join(dir, 'certification.md');
  if (existsSync(md)) {
    const lines = readFileSync(md, 'utf8').split('\n');
    differ('certification.md', 'the headline', lines[0]?.replace(/^# Partner API v2 conformance: /, ''), c.headline);
    const target = lines.find((l) => l.startsWith('- Target: '));
    differ(
      'certification.md',
      'the target',
      target?.replace(/^- Target: (.*) \((embedded|live)\)$/, '$1'),
      c.target.url,
    );
  }
  const junit = join(dir, 'junit.xml');
  if (existsSync(junit)) {
    const name = /<testsuites name="([^"]*)"/.exec(readFileSync(junit, 'utf8'))?.[1];
    differ(
      'junit.xml',
      'the headline',
      name && unescape(name).replace(/^Partner API v2 conformance: /, ''),
      c.headline,
    );
  }
  return problems;
}

export function verifyBundle(dir: string, o: { key?: string } = {}): number {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`verify-bundle: ${dir} is not a directory`);
    return EXIT.usage;
  }
  if (!existsSync(`${dir}/${MANIFEST}`)) {
    console.error(`verify-bundle: ${dir} has no ${MANIFEST}; is it a certification bundle?`);
    return EXIT.usage;
  }
  // A key that cannot verify is the user's mistake (exit 2), found before anything is judged.
  const key = o.key ? loadKey(o.key) : undefined;
  const check = verifyManifest(dir);
  const problems = [...check.problems];
  let cert: Certification | undefined;
  try {
    cert = JSON.parse(readFileSync(join(dir, CERTIFICATION_JSON), 'utf8')) as Certification;
  } catch {
    if (!problems.some((p) => p.endsWith(`: ${CERTIFICATION_JSON}`)))
      problems.push(`unreadable: ${CERTIFICATION_JSON} is not JSON`);
  }
  if (cert) problems.push(...pagesAgree(dir, cert));
  const signature = key ? verifySignature(dir, key) : undefined;
  if (signature) problems.push(...signature.problems);
  if (problems.length === 0) {
    const signer = signature?.signedBy
      ? `; signed by ${signature.signedBy}`
      : signedBy(dir)
        ? `; it carries a signature of ${signedBy(dir)}, not checked (pass --key <public.pem>)`
        : '; unsigned';
    console.log(
      `Bundle verified: ${check.verified} files match ${MANIFEST} in ${dir}, the pages agree with ${CERTIFICATION_JSON}${signer}${whose(cert)}`,
    );
    return EXIT.ok;
  }
  console.error(`Bundle NOT verified: ${problems.length} problem(s) in ${dir}`);
  for (const p of problems) console.error(`  ${p}`);
  return EXIT.failed;
}

function loadKey(file: string) {
  if (!existsSync(file)) throw new ConfigError(`--key ${file}: no such file`);
  return loadPublicKey(file);
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Certification } from '../report/certification.js';
import { clauseLinks, copyWithClauseLinks } from '../report/clause-links.js';
import { clausesPage } from '../report/clauses-page.js';
import { EXIT } from '../report/exit-codes.js';
import { reportsDirFromEnv } from '../config.js';

/**
 * `npm run report`: the Allure 3 HTML report (reports/allure-report/) from reports/allure-results/,
 * grouped area (epic) → spec section (feature) → clause (story), with a clauses.html page that
 * each test's clause link points at.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Relative to the working directory when inside it, else absolute. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

function readCertification(dir: string): Certification | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as Certification;
  } catch {
    return undefined;
  }
}

/** Allure 3 configuration: the tree by epic/feature/story, the run's facts as report variables. */
function allureConfig(cert: Certification | undefined): object {
  const variables: Record<string, string> = cert
    ? {
        Verdict: cert.verdict,
        Target: `${cert.target.url} (${cert.target.kind})`,
        Seed: String(cert.seed),
        Mode: cert.mode,
        'Spec sha256': cert.spec.sha256 ?? 'unknown',
        Harness: `${cert.harness.name} ${cert.harness.version}`,
      }
    : {};
  return {
    name: 'Partner API v2 conformance',
    variables,
    plugins: {
      awesome: { options: { reportName: 'Partner API v2 conformance', groupBy: ['epic', 'feature', 'story'], stepTreeExpansion: 'collapsed' } },
    },
    categories: [
      { name: 'Contract violations', matchedStatuses: ['failed'] },
      { name: 'Inconclusive (no answer, or a precondition failed)', matchedStatuses: ['skipped'], messageRegex: '.*inconclusive.*' },
      { name: 'Skipped (mode or configuration)', matchedStatuses: ['skipped'], messageRegex: '.*skipped.*' },
      { name: 'Harness errors', matchedStatuses: ['broken'] },
    ],
  };
}

function main(): number {
  const dir = reportsDirFromEnv();
  const results = join(dir, 'allure-results');
  if (!existsSync(results) || readdirSync(results).length === 0) {
    console.error(`No Allure results in ${shown(results)}: run npm run conformance first.`);
    return EXIT.usage;
  }
  const out = join(dir, 'allure-report');
  const cert = readCertification(dir);
  const scratch = mkdtempSync(join(tmpdir(), 'allure-report-'));
  const configFile = join(scratch, 'allurerc.json');
  writeFileSync(configFile, JSON.stringify(allureConfig(cert), null, 2));
  rmSync(out, { recursive: true, force: true });
  const cli = join(root, 'node_modules/allure/cli.js');
  // Raw results stay as the run wrote them; the report is built from a copy with clickable clause links.
  const links = clauseLinks(process.env, root);
  const linked = join(scratch, 'allure-results');
  copyWithClauseLinks(results, linked, links);
  const r = spawnSync(process.execPath, [cli, 'generate', linked, '--output', out, '--config', configFile], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NO_COLOR: process.stdout.isTTY ? process.env.NO_COLOR : '1' },
  });
  rmSync(scratch, { recursive: true, force: true });
  if (r.status !== 0 || !existsSync(join(out, 'index.html'))) {
    console.error(`allure generate failed (exit ${r.status ?? r.signal}); see the output above.`);
    return EXIT.failed;
  }
  writeFileSync(join(out, 'clauses.html'), clausesPage(cert));
  console.log(`Allure report: ${shown(join(out, 'index.html'))} (serve it: npx allure open ${shown(out)}); ${links.describe}`);
  return EXIT.ok;
}

process.exit(main());

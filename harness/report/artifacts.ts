import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What each artifact of a run is for, in the order a reader wants them. */
const artifacts: [string, string][] = [
  ['certification/index.html', 'certification bundle: open in a browser'],
  ['certification.md', 'verdict per clause, as text'],
  ['certification.json', 'verdict per clause, machine-readable (use as --baseline)'],
  ['junit.xml', 'JUnit for CI'],
  ['allure-results', 'Allure results: npm run report builds the HTML'],
  ['allure-report/index.html', 'Allure HTML report'],
  ['exchanges.har', 'every exchange, redacted'],
  ['ledger.json', 'records created and archived'],
  ['results.json', 'raw results and run.json: input of merge-reports'],
];

/** Console lines naming the artifacts that exist under the reports directory. */
export function artifactLines(dir: string): string[] {
  const shown = (p: string) => {
    const rel = relative(process.cwd(), p);
    return rel.startsWith('..') ? p : rel;
  };
  const present = artifacts.filter(([f]) => existsSync(join(dir, f)));
  const width = Math.max(...present.map(([f]) => shown(join(dir, f)).length), 10);
  return ['Artifacts:', ...present.map(([f, what]) => `  ${shown(join(dir, f)).padEnd(width)}  ${what}`)];
}

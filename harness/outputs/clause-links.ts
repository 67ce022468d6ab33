import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { areas } from '../../contract/clause.js';

/**
 * Where each test's "clause text" link in the Allure report points. Allure 3 makes only absolute
 * http(s) links clickable, so the relative `clauses.html#ID` the checks record is rewritten to:
 *   1. REPORT_CLAUSES_URL#ID: the published clauses.html (e.g. …/allure-report/clauses.html);
 *   2. the clause's line in its area's file, contract/clauses/<area>.ts, on GitHub (CI's GITHUB_* variables, or the
 *      origin remote and HEAD of this checkout);
 *   3. otherwise it stays relative: the text names clauses.html beside the report.
 */
export interface ClauseLinks {
  describe: string;
  urlFor(id: string): string | undefined;
}

/** 1-based line of each clause id's entry in the catalogue source. */
export function clauseLines(source: string): Map<string, number> {
  const lines = new Map<string, number>();
  source.split('\n').forEach((l, i) => {
    const m = /^\s*'([A-Z0-9-]+)':\s*\{/.exec(l);
    if (m) lines.set(m[1]!, i + 1);
  });
  return lines;
}

function git(root: string, args: string[]): string | undefined {
  const r = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Where clause links may point, from the settings (harness/config.ts reportSettings). */
export interface LinkSettings {
  /** REPORT_CLAUSES_URL */
  clausesUrl?: string;
  /** GitHub Actions' GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_SHA */
  github?: { serverUrl: string; repository: string; sha: string };
}

/** https://github.com/owner/repo from the CI environment or the origin remote. */
function githubRepo(s: LinkSettings, root: string): { web: string; sha: string } | undefined {
  if (s.github) return { web: `${s.github.serverUrl}/${s.github.repository}`, sha: s.github.sha };
  const remote = git(root, ['remote', 'get-url', 'origin']);
  const sha = git(root, ['rev-parse', 'HEAD']);
  const m = remote && /github\.com[:/]([^/]+\/[^/]+?)(?:\.git)?$/.exec(remote);
  return m && sha ? { web: `https://github.com/${m[1]}`, sha } : undefined;
}

export function clauseLinks(s: LinkSettings, root: string): ClauseLinks {
  const page = s.clausesUrl?.trim();
  if (page && /^https?:\/\//.test(page)) {
    const base = page.replace(/#.*$/, '');
    return { describe: `clause links point at ${base}`, urlFor: (id) => `${base}#${id}` };
  }
  const gh = githubRepo(s, root);
  if (gh) {
    // Each clause lives in its area's file: id -> (file, line).
    const where = new Map<string, string>();
    for (const area of areas) {
      const path = `contract/clauses/${area}.ts`;
      for (const [id, line] of clauseLines(readFileSync(join(root, path), 'utf8'))) where.set(id, `${path}#L${line}`);
    }
    const base = `${gh.web}/blob/${gh.sha}/`;
    return {
      describe: `clause links point at ${base}contract/clauses/`,
      urlFor: (id) => `${base}${where.get(id) ?? 'contract/clauses.ts'}`,
    };
  }
  return {
    describe:
      'clause links stay relative (set REPORT_CLAUSES_URL to the published clauses.html to make them clickable)',
    urlFor: () => undefined,
  };
}

interface ResultLink {
  url: string;
  name?: string;
  type?: string;
}

/** Copies an allure-results directory, rewriting the relative clause links. Returns how many changed. */
export function copyWithClauseLinks(from: string, to: string, links: ClauseLinks): number {
  cpSync(from, to, { recursive: true });
  let changed = 0;
  for (const f of readdirSync(to).filter((n) => n.endsWith('-result.json'))) {
    const file = join(to, f);
    const result = JSON.parse(readFileSync(file, 'utf8')) as { links?: ResultLink[] };
    let touched = false;
    for (const link of result.links ?? []) {
      const id = /^clauses\.html#(.+)$/.exec(link.url)?.[1];
      const url = id && links.urlFor(id);
      if (url) {
        link.url = url;
        touched = true;
        changed += 1;
      }
    }
    if (touched) writeFileSync(file, JSON.stringify(result));
  }
  return changed;
}

#!/usr/bin/env node
// `npm pack` runs this (prepack): it writes build-info.json, the commit the tarball was packed from,
// so a certificate of an installed harness names its code as a checkout's does (harness/certify/certify.ts).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ?? join(root, 'build-info.json');
const git = (...args) =>
  execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
let info;
try {
  const commit = git('rev-parse', 'HEAD');
  const modified = git('status', '--porcelain', '--untracked-files=no') !== '';
  info = { commit, ...(modified ? { modified } : {}), packedAt: new Date().toISOString() };
} catch {
  // Packed outside a checkout: say nothing rather than guess.
  info = { commit: null, packedAt: new Date().toISOString() };
}
writeFileSync(out, `${JSON.stringify(info, null, 2)}\n`);

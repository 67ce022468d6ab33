#!/usr/bin/env node
// The installed command and every npm script of the command line, in this one process (a parent
// relaying signals would kill the run while it publishes its certificate). It runs the harness from
// a bundle kept fresh in node_modules/.cache (bin/bundle-cache.js), not through a TypeScript loader.
import { loadMain } from './bundle-cache.js';

const main = await loadMain();
process.exit(await main(process.argv.slice(2)));

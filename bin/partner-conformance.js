#!/usr/bin/env node
// The installed command: TypeScript sources run through tsx's loader, in this one process
// (a parent relaying signals would kill the run while it publishes its certificate).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../harness/cli/main.ts');
process.exit(await main(process.argv.slice(2)));

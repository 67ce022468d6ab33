import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../redact.js';
import { writeManifest } from './manifest.js';
import { signBundle } from './signature.js';
import type { Output, OutputContext } from './output.js';
import { certificationHtml } from './page.js';
import { commandLine } from '../core/invocation.js';

/** Pages the bundle renders beside index.html (the spec-coverage page), by file name. */
export type BundlePages = Record<string, (ctx: OutputContext) => string>;

/**
 * The certification bundle: index.html, the pages, a copy of every output marked `inBundle`
 * (already written beside it in the stage), and MANIFEST.sha256 over all of it. Built in the
 * stage and published with the rest of the run's outputs, by rename.
 */
export function bundleOutput(bundled: readonly Output[], pages: BundlePages = {}): Output {
  return {
    name: 'certification',
    kind: 'dir',
    show: 'certification/index.html',
    what: `certification bundle: open index.html in a browser; ${commandLine('verify')} checks it`,
    write: (dir, ctx) => {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const stage = join(dir, '..');
      const copied = bundled.map((o) => o.name).filter((name) => existsSync(join(stage, name)));
      for (const name of copied) copyFileSync(join(stage, name), join(dir, name));
      const files = [...copied, ...Object.keys(pages), 'MANIFEST.sha256'];
      for (const [name, render] of Object.entries(pages)) writeFileSync(join(dir, name), redact(render(ctx)));
      writeFileSync(join(dir, 'index.html'), redact(certificationHtml({ ctx, files })));
      writeManifest(dir);
      // Signed last, over the manifest of every file as written: MANIFEST.sha256.sig.
      if (ctx.signKey) signBundle(dir, ctx.signKey);
    },
  };
}

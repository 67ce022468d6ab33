// @ts-expect-error: plain JavaScript (bin/ runs before anything can load TypeScript), no declarations.
import { ensureBundle } from '../../bin/bundle-cache.js';

/**
 * Builds the command line's bundle once, before the self-tests start the hundred runs that use it;
 * otherwise the first few, started at once from a fresh clone, would each build it.
 */
export default async function setup(): Promise<void> {
  await ensureBundle();
}

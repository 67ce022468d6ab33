import type { ApiResponse } from '../../harness/client.js';
import { statedTypeFailures, type RecordKind } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { fail } from './judge.js';

/**
 * §2.1, §2.2: the records an answer shows (objects carrying their identifier, wherever the answer
 * puts them) show each stated field in its stated JSON type; judged on every route that returns them.
 */
export function expectStatedTypes(ctx: CheckContext, res: ApiResponse, kind: RecordKind, what: string): void {
  const off = statedTypeFailures(res.json, kind, res, `${what}:`);
  if (off.length) fail(`${what} shows fields of ${kind} records in another JSON type than §2 states`, ...off);
  ctx.saw(1, `${what}: stated field types`);
}

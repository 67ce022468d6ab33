import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFrame } from './frame.js';
import { frameScopes } from './resources.js';

// Frame conditions (§3, §4.1–§4.4): after each update, archive and level update the run makes, the
// records it touched are read whole and compared with their reads before it: what the write sets
// reads back as set, and every field it does not set keeps its value (server bookkeeping, and what
// the spec lets the write move, aside). The reads are the scenarios' own; see suites/common/frame.ts.
for (const scope of frameScopes) {
  conformance(
    scope.clause,
    { ...(scope.variant ? { variant: scope.variant } : {}), needs: scope.needs },
    (ctx: CheckContext) => judgeFrame(ctx, scope),
  );
}

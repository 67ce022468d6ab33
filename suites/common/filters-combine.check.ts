import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeCombined } from './combined.js';
import { pairwiseScopes } from './resources.js';

// Each list's documented filters in pairs (§4.1, §4.2, §4.5 list, §4.6, with §8 paging): a list asked
// with several filters at once holds every filter's own rule together (suites/common/combined.ts).
for (const scope of pairwiseScopes)
  conformance(scope.clause, { needs: scope.needs }, (ctx: CheckContext) => judgeCombined(ctx, scope));

import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { adapters } from './resources.js';

/** One read by id of an id no resource holds, per resource: shared by the observations of §7's silences. */
export function unknownIdReads(ctx: CheckContext): Promise<{ resource: string; res: ApiResponse }[]> {
  return ctx.shared('probe:unknown-ids', async (s) => {
    const id = `cnf-unknown-${s.run.marker}`;
    const readable = adapters.filter((a) => a.get);
    const answers = await Promise.all(readable.map((a) => a.get!(s, id)));
    return readable.map((a, i) => ({ resource: a.name, res: answers[i]! }));
  });
}

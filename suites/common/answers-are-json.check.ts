import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, isSuccess, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { slotsReference } from '../available-slots/fixtures.js';
import { appointmentSample } from '../appointment-requests/fixtures.js';
import { customerSample } from '../customers/fixtures.js';
import { levelList } from '../inventory-levels/fixtures.js';
import { verdict } from './judge.js';

/**
 * The shared answers of the endpoints whose response shape §2.7 does not show: their checks locate
 * records tolerantly, so a body that is not JSON leaves them inconclusive; this clause judges it.
 * (Vehicles, items and purchase orders have documented shapes, and their checks fail on it.)
 */
const answers: { what: string; read(ctx: CheckContext): Promise<ApiResponse>; needsLocation?: boolean }[] = [
  { what: 'GET /customers', read: customerSample },
  { what: 'GET /inventoryLevels', read: levelList },
  { what: 'GET /appointmentRequests', read: appointmentSample },
  {
    what: 'GET /appointmentRequests/availableSlots',
    read: async (ctx) => (await slotsReference(ctx)).res,
    needsLocation: true,
  },
];

const contentType = (res: ApiResponse) => res.headers['content-type'] ?? '(none)';

// §1: the service speaks JSON both ways. Every successful answer among the run's shared reads of
// these endpoints has a body that parses as JSON; the content type it is labelled with is observed.
conformance('PLATFORM-JSON-ANSWERS', async (ctx: CheckContext) => {
  const asked = answers.filter((a) => !a.needsLocation || ctx.target.locationId);
  const reads = await Promise.all(asked.map(async (a) => ({ what: a.what, res: await a.read(ctx) })));
  const ok = reads.filter(({ res }) => isSuccess(res));
  if (!ok.length)
    ctx.inconclusive(
      `precondition: none of ${asked.map((a) => a.what).join(', ')} answered 2xx (${reads.map(({ what, res }) => `${what}: ${describeResponse(res)}`).join('; ')})`,
    );
  await ctx.cite(...ok.map(({ res }) => res));
  ctx.observe(
    'content types of successful answers',
    Object.fromEntries(ok.map(({ what, res }) => [what, contentType(res)])),
  );
  const notJson = ok
    .filter(({ res }) => res.json === undefined)
    .map(({ what, res }): Failure => ({
      kind: 'shape-violation',
      message: `${what} answered HTTP ${res.status} with ${contentType(res)}: ${JSON.stringify(res.text.slice(0, 80))}`,
      issue: 'the body is not JSON',
      actual: res.text.slice(0, 80),
      ...(res.exchangeId ? { exchange: res.exchangeId } : {}),
    }));
  verdict(ctx, notJson, 'successful answers whose body is not JSON', ok.length, 'successful answers with a JSON body');
});

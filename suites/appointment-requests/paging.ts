import { addDays, isSuccess } from '../../harness/checks/index.js';
import type { PagingScope, Rec } from '../common/adapter.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, fixtureView, MARGIN_DAYS, roles, standardWindow } from './fixtures.js';
import { DAY_MS, startOf, type Window } from './records.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A few days of the plain list holding 3 to 8 of its requests, with the margin the run's own get: enough for several pages of 2, few enough to walk to the end.
 */
function denseSpan(records: readonly Rec[]): { window: Window; ids: string[] } | undefined {
  const timed = records
    .map((r) => ({ id: appointmentRequests.idOf(r), at: startOf(r)?.utc }))
    .filter((x): x is { id: string; at: number } => !!x.id && x.at !== undefined)
    .sort((x, y) => x.at - y.at);
  for (let i = 0; i + 2 < timed.length; i++) {
    let j = i;
    while (j + 1 < timed.length && j + 1 - i < 8 && timed[j + 1]!.at - timed[i]!.at <= 14 * DAY_MS) j++;
    if (j - i + 1 >= 3)
      return {
        window: { start: addDays(day(timed[i]!.at), -MARGIN_DAYS), end: addDays(day(timed[j]!.at), MARGIN_DAYS) },
        ids: timed.slice(i, j + 1).map((x) => x.id),
      };
  }
  return undefined;
}

/**
 * §4.5 (the list is paginated), §8 (size and page): walked over the window from two days before A
 * to two days after C, which holds the run's three requests (those the shared windows showed, so a
 * fault of the date filter does not count as a paging one). Read-only, over a few days of the plain
 * list that hold several of its requests.
 */
export const appointmentPaging: PagingScope = {
  adapter: appointmentRequests,
  clause: 'APPT-PAGING',
  needs: ['location'],
  size: 2,
  maxPages: 12,
  async scope(ctx) {
    if (ctx.run.mode === 'full') {
      const view = await fixtureView(ctx);
      const { a, b } = view.fx.windows;
      const expected = roles.flatMap((r) => {
        const s = view.seen[r];
        const id = s.record && (s.listedIn.a || s.listedIn.b) ? appointmentRequests.idOf(s.record) : undefined;
        return id ? [id] : [];
      });
      if (roles.some((r) => isSuccess(view.fx.creates[r]))) {
        return {
          query: standardWindow({ start: a.start, end: b.end }),
          expected,
          note: `appointmentDateStart=${a.start}&appointmentDateEnd=${b.end}, the run's requests`,
        };
      }
    }
    const sample = await appointmentSample(ctx);
    const plain = { query: {}, expected: [], note: 'the plain list, first pages' };
    if (!isSuccess(sample)) return plain;
    const span = denseSpan(appointmentRequests.records(sample));
    if (!span) return plain;
    return {
      query: standardWindow(span.window),
      expected: span.ids,
      note: `appointmentDateStart=${span.window.start}&appointmentDateEnd=${span.window.end}, around ${span.ids.length} listed requests`,
    };
  },
};

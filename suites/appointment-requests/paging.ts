import { isSuccess } from '../../harness/checks/index.js';
import type { PagingScope } from '../common/adapter.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, fixtureView, roles, standardWindow, windowAround } from './fixtures.js';
import { startOf } from './records.js';

/**
 * §4.5 (the list is paginated), §8 (size and page): walked over the window from the day before A
 * to the day after C, which holds the run's three requests (those the shared windows showed, so a
 * fault of the date filter does not count as a paging one). Read-only, the window is the three days
 * around a request the plain list shows.
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
        return { query: standardWindow({ start: a.start, end: b.end }), expected, note: `appointmentDateStart=${a.start}&appointmentDateEnd=${b.end}, the run's requests` };
      }
    }
    const sample = await appointmentSample(ctx);
    if (!isSuccess(sample)) return { query: {}, expected: [], note: 'the plain list, first pages' };
    const pick = appointmentRequests.records(sample).find((r) => appointmentRequests.idOf(r) && startOf(r));
    if (!pick) return { query: {}, expected: [], note: 'the plain list, first pages' };
    const day = new Date(startOf(pick)!.utc).toISOString().slice(0, 10);
    const w = windowAround(day);
    return { query: standardWindow(w), expected: [appointmentRequests.idOf(pick)!], note: `appointmentDateStart=${w.start}&appointmentDateEnd=${w.end}, around a listed request` };
  },
};

import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { holds, sightIn } from '../common/tenancy.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, fixtureView, standardWindow, windowAround } from './fixtures.js';
import { startOf } from './records.js';

interface RequestRecord extends TenantRecord {
  /** The request's day: both companies are listed over the three days around it. */
  day: string;
  /** Set for the run's own request A: the shared W_A listing is its sighting under COMPANY_ID. */
  own?: boolean;
}

/** The run's request A when it may write; else a request the plain list shows, recognised by its id. */
async function requestOfCompany(ctx: CheckContext): Promise<RequestRecord | undefined> {
  if (ctx.run.mode === 'full') {
    const view = await fixtureView(ctx);
    const a = view.seen.A;
    if (a.record && a.listedIn.a)
      return {
        id: appointmentRequests.idOf(a.record) ?? a.planned.tag,
        term: a.planned.tag,
        day: a.planned.day,
        own: true,
        note: 'created by the run',
      };
  }
  const sample = await appointmentSample(ctx);
  if (!isSuccess(sample)) return undefined;
  const r = appointmentRequests.records(sample).find((x) => appointmentRequests.idOf(x) && startOf(x));
  if (!r) return undefined;
  const id = appointmentRequests.idOf(r)!;
  return { id, term: id, day: new Date(startOf(r)!.utc).toISOString().slice(0, 10), note: 'listed' };
}

/**
 * §1 for appointment requests: a request of COMPANY_ID never shows when OTHER_COMPANY_ID's list is
 * asked for over the request's own days. The location belongs to COMPANY_ID, so the other company
 * is listed without it (adapter). No read by id is documented, so there is no get probe.
 */
export const appointmentTenancy: TenancyProbe = {
  adapter: appointmentRequests,
  needs: { list: ['location'], get: [] },
  record: requestOfCompany,
  async listShows(ctx, companyId, record) {
    const r = record as RequestRecord;
    if (r.own && companyId === ctx.companyId) {
      // The control is the fixture's own read of W_A: not sent again.
      const a = (await fixtureView(ctx)).fx.listings.a!;
      return {
        shown: a.ok && a.responses.some((res) => isSuccess(res) && holds(appointmentRequests, res.json, r)),
        complete: a.complete,
        responses: a.responses,
      };
    }
    return sightIn(
      ctx,
      appointmentRequests,
      companyId,
      r,
      standardWindow(windowAround(r.day)) as Record<string, string>,
    );
  },
};

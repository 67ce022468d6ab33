import { isRecord, isSuccess, leaked, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { fail } from '../common/judge.js';
import type { Listing } from '../common/listing.js';
import { appointmentRequests } from './adapter.js';
import { fixtureView, isoListing, legacyListing } from './fixtures.js';
import { locate, words, type Findable } from './records.js';

/** Every value held under a key named notes (any case), anywhere in a record. */
function notesValues(record: Rec): unknown[] {
  const out: unknown[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    if (!isRecord(v)) return;
    for (const [k, x] of Object.entries(v)) {
      if (k.toLowerCase() === 'notes') out.push(x);
      walk(x, depth + 1);
    }
  };
  walk(record, 0);
  return out;
}

// §2.5: notes is a write-only alias of description. Every read of the run's requests sent with
// notes (B alone, C and L beside description) is judged: none may show the text sent as notes
// under a field named notes. A notes field holding something else (a field of the server's own,
// §2.5 shows no record field) is not this rule. Judged in the listings the run shares: W_A, W_B,
// W_A in ISO 8601, the legacy aliases on W_A and the first page of the plain list.
conformance('APPT-NOTES-WRITE-ONLY', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const [iso, legacy] = await Promise.all([isoListing(ctx, view), legacyListing(ctx, view)]);
  const reads: { name: string; listing?: Listing; records: Rec[] }[] = [
    { name: 'W_A', listing: view.fx.listings.a, records: view.fx.listings.a?.records ?? [] },
    { name: 'W_B', listing: view.fx.listings.b, records: view.fx.listings.b?.records ?? [] },
    { name: 'W_A in ISO 8601', listing: iso, records: iso.records },
    { name: 'the legacy aliases on W_A', listing: legacy, records: legacy.records },
    { name: 'the plain list', records: isSuccess(view.sample) ? appointmentRequests.records(view.sample) : [] },
  ];
  const sentNotes: { name: string; planned: Findable; notes: string }[] = [
    { name: 'B (notes alone)', planned: view.fx.planned.B, notes: view.fx.planned.B.body.notes! },
    { name: 'C (description, then notes)', planned: view.fx.planned.C, notes: view.fx.planned.C.body.notes! },
    { name: 'L (notes, then description)', planned: view.long.planned, notes: view.long.planned.body.notes! },
  ];
  const problems: Failure[] = [];
  let judged = 0;
  for (const read of reads) {
    await ctx.cite(...(read.listing?.responses ?? []), ...(read.listing ? [] : [view.sample]));
    for (const s of sentNotes) {
      const record = locate(read.records, s.planned, { byStart: false });
      if (!record) continue;
      judged += 1;
      const echoed = notesValues(record).filter(
        (v) => typeof v === 'string' && v.trim() !== '' && words(v).includes(words(s.notes)),
      );
      if (echoed.length)
        problems.push(
          leaked(
            `the notes of request ${s.name}`,
            `notes is write-only (§2.5), yet ${read.name} shows it under notes: ${JSON.stringify(echoed[0]).slice(0, 120)}`,
            read.listing?.responses.at(-1) ?? view.sample,
          ),
        );
    }
  }
  if (problems.length) fail('a read shows the write-only notes alias', ...problems);
  if (judged === 0)
    ctx.inconclusive('precondition: no request sent with notes (B, C, L) was found in a listing of the run');
  ctx.saw(judged, 'reads of requests sent with notes that show no notes field with that text');
});

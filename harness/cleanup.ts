import { ApiClient, type ApiResponse } from './client.js';
import { TransportError } from './core/errors.js';
import type { LedgerEntry, LedgerRecord, LedgerReport, RecordLocator, Resource } from './core/events.js';
import type { Profile } from './core/profile.js';
import type { TargetInfo } from './core/run-info.js';
import { CHECK_HEADER } from './pacing/headers.js';
import { redact } from './redact.js';

export type { LedgerRecord, LedgerReport };

export interface CleanupOptions {
  runId: string;
  marker: string;
  /** The run's ledger entries (from its journal). */
  entries: readonly LedgerEntry[];
  mode: 'full' | 'readonly';
  profile: Profile;
  /** Targets as the workers see them (proxy URL, stand-in tokens). */
  targets: TargetInfo[];
  timeoutMs: number;
  /** Headers that let cleanup through the pacing proxy after workers are shut out. */
  wireHeaders?: Record<string, string>;
  trigger?: string;
  /** What the cleanup is doing, for the console (paced against a live target, it can take a while). */
  progress?: (line: string) => void;
}

/** Bulk bodies stay well under any plausible server limit. */
const BATCH = 50;

interface ArchiveCall {
  path: string;
  body(companyId: string, records: LedgerRecord[]): unknown;
}

/** The documented archive of each resource (§3, §4.1, §4.2, §4.3); appointment requests have none. */
function archiveCalls(profile: Profile): Partial<Record<Resource, ArchiveCall>> {
  return {
    item: { path: '/items', body: (companyId, rs) => ({ companyId, items: rs.map((r) => ({ itemId: r.id })) }) },
    vehicle: { path: '/vehicles', body: (companyId, rs) => ({ companyId, vehicles: rs.map((r) => ({ vehicleId: r.id, customerId: r.customerId })) }) },
    // §4.3 shows no body: the array and company field names come from the profile.
    customer: {
      path: '/customers',
      body: (companyId, rs) => ({ [profile.companyParam]: companyId, [profile.customers.arrayField]: rs.map((r) => ({ customerId: r.id })) }),
    },
  };
}

const keyOf = (e: { target: string; resource: string; id?: string; locator?: RecordLocator; marker?: string }) =>
  `${e.target}\u0000${e.resource}\u0000${e.id ?? `${e.marker}:${JSON.stringify(e.locator ?? {})}`}`;

/** Created records and whether a check already archived them, from the workers' ledger files. */
export function settleLedger(entries: readonly LedgerEntry[], targets: readonly TargetInfo[]): { created: LedgerRecord[]; archivedByChecks: Set<string> } {
  const companyOf = new Map(targets.map((t) => [t.id, t.companyId]));
  const created = new Map<string, LedgerRecord>();
  const archived = new Set<string>();
  for (const e of entries) {
    if (e.event === 'archived') archived.add(keyOf(e));
    else if (!created.has(keyOf(e))) {
      created.set(keyOf(e), {
        target: e.target,
        resource: e.resource,
        ...(e.id === undefined ? {} : { id: e.id }),
        ...(e.locator ? { locator: e.locator } : {}),
        companyId: e.companyId ?? companyOf.get(e.target) ?? '',
        customerId: e.customerId,
        marker: e.marker,
        createdAt: e.at,
      });
    }
  }
  // Only records this run created count; an 'archived' entry alone never leads to a request.
  return { created: [...created.values()], archivedByChecks: new Set([...archived].filter((k) => created.has(k))) };
}

/** The records the run created that no check archived: what a cleanup still has to archive. */
export function openRecords(entries: readonly LedgerEntry[], targets: readonly TargetInfo[]): LedgerRecord[] {
  const { created, archivedByChecks } = settleLedger(entries, targets);
  return created.filter((r) => !archivedByChecks.has(keyOf(r)));
}

function leftoverReason(r: LedgerRecord, target: TargetInfo | undefined, mode: string, calls: ReturnType<typeof archiveCalls>): string | undefined {
  if (mode === 'readonly') return 'read-only mode: the cleanup sends no writes';
  if (!target) return 'unknown target';
  if (target.fault) return `embedded mock with fault ${target.fault}: discarded with the run`;
  if (!calls[r.resource]) return 'no documented archive for this resource (§3 lists none for appointment requests)';
  if (r.resource === 'vehicle' && !r.customerId) return 'customerId not recorded at creation; PATCH /vehicles needs it (§4.1)';
  if (r.id === undefined) return `not located: no answer gave its id, and no read found it by ${Object.keys(r.locator?.keys ?? {}).join(', ') || 'its fields'}`;
  return undefined;
}

const shortly = (res: ApiResponse) => `HTTP ${res.status}${res.text ? `: ${res.text.slice(0, 200)}` : ''}`;

/** Whether a ledger entry was written under the run's marker (each check's marker extends it). */
export const carriesMarker = (marker: string, runMarker: string) => marker === runMarker || marker.startsWith(`${runMarker}-`);

/**
 * Archives every record the run created that no check archived, by the documented bulk PATCH
 * per resource and company, and returns the ledger report. Never touches a record the run did
 * not create: ids come from the run's own ledger only, and only entries carrying the run's marker
 * count (another run's entries, however they got there, are ignored and counted).
 */
export async function cleanupRun(o: CleanupOptions): Promise<LedgerReport> {
  const entries = o.entries;
  const own = entries.filter((e) => carriesMarker(e.marker, o.marker));
  const ignoredForeign = entries.length - own.length;
  const { created, archivedByChecks } = settleLedger(own, o.targets);
  const targets = new Map(o.targets.map((t) => [t.id, t]));
  const calls = archiveCalls(o.profile);
  const leftovers: LedgerReport['leftovers'] = [];
  const archivedByCleanup: LedgerRecord[] = [];
  const pending = new Map<string, LedgerRecord[]>();
  for (const r of created) {
    if (archivedByChecks.has(keyOf(r))) continue;
    const reason = leftoverReason(r, targets.get(r.target), o.mode, calls);
    if (reason) leftovers.push({ ...r, reason });
    else {
      const group = `${r.target}\u0000${r.resource}\u0000${r.companyId}`;
      pending.set(group, [...(pending.get(group) ?? []), r]);
    }
  }

  await Promise.all(
    [...pending.values()].map(async (records) => {
      const { target: targetId, resource, companyId } = records[0]!;
      const target = targets.get(targetId)!;
      const call = calls[resource]!;
      const client = new ApiClient({
        baseUrl: target.baseUrl,
        token: target.token,
        timeoutMs: o.timeoutMs,
        connections: 2,
        wireHeaders: { ...(o.wireHeaders ?? {}), [CHECK_HEADER]: 'cleanup' },
      });
      const archive = async (batch: LedgerRecord[]): Promise<void> => {
        let res: ApiResponse;
        try {
          res = await client.patch(call.path, call.body(companyId, batch));
        } catch (err) {
          if (!(err instanceof TransportError)) throw err;
          leftovers.push(...batch.map((r) => ({ ...r, reason: redact(`PATCH ${call.path} got no answer: ${err.message}`) })));
          return;
        }
        if (res.status >= 200 && res.status < 300) archivedByCleanup.push(...batch);
        // One refused id (e.g. a record someone else removed) must not keep the others active.
        else if (batch.length > 1 && res.status < 500) for (const r of batch) await archive([r]);
        else leftovers.push(...batch.map((r) => ({ ...r, reason: redact(`PATCH ${call.path} was refused: ${shortly(res)}`) })));
      };
      for (let i = 0; i < records.length; i += BATCH) {
        o.progress?.(`cleanup: archiving ${Math.min(BATCH, records.length - i)} ${resource} record(s) of company ${companyId}; ${records.length - i} of ${records.length} left`);
        await archive(records.slice(i, i + BATCH));
      }
    }),
  );

  const byChecks = created.filter((r) => archivedByChecks.has(keyOf(r)));
  return {
    runId: o.runId,
    marker: o.marker,
    mode: o.mode,
    generatedAt: new Date().toISOString(),
    trigger: o.trigger ?? 'end of run',
    summary: {
      created: created.length,
      archivedByChecks: byChecks.length,
      archivedByCleanup: archivedByCleanup.length,
      leftovers: leftovers.length,
      ...(ignoredForeign ? { ignoredForeign } : {}),
    },
    created,
    archivedByChecks: byChecks,
    archivedByCleanup,
    leftovers,
  };
}

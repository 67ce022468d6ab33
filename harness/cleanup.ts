import { eventually } from './eventually.js';
import { ApiClient, type ApiResponse } from './client.js';
import { TransportError } from './core/errors.js';
import type {
  LedgerEntry,
  LedgerRecord,
  LedgerReport,
  RecordedExchange,
  RecordLocator,
  Resource,
} from './core/events.js';
import type { TargetInfo } from './core/run-info.js';
import type { Profile } from './core/profile.js';
import { isLocated, locate, type Waiter } from './locate/locator.js';
import { fieldValue } from './checks/locate.js';
import { BULK_BATCH } from './core/batches.js';
import { archive, listCustomers, readById, type Kind, type Scope } from './locate/requests.js';
import { searchMatchesOnce } from './locate/search-probe.js';
import { vehicleShape } from './locate/shapes.js';
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
  /** How long a record no answer gave the id of may take to show in a list (default CLEANUP_WINDOW_MS). */
  windowMs?: number;
  /** CONSISTENCY_WINDOW_MS: a create that may have reached the target is looked for until this long after it was sent. */
  consistencyWindowMs?: number;
  /** What the cleanup is doing, for the console (paced against a live target, it can take a while). */
  progress?: (line: string) => void;
  /** Why the cleanup must stop now (a Ctrl-C once every check had finished), or undefined: what it has not archived is left, with that reason. */
  stopped?: () => string | undefined;
}

/** S-8-bulk-count-limit: archives go in the harness's batches (harness/core/batches.ts). */
const BATCH = BULK_BATCH;

/** The resources with a documented archive (§3, §4.1, §4.2, §4.3); appointment requests have none. */
const archivable: Partial<Record<Resource, Kind>> = { vehicle: 'vehicle', item: 'item', customer: 'customer' };

/** How long the cleanup waits for a record no answer gave the id of to show in a list. */
export const CLEANUP_WINDOW_MS = 5_000;

const locatorKey = (target: string, resource: string, l: RecordLocator) =>
  `${target}\u0000${resource}\u0000locator:${JSON.stringify(Object.entries(l.keys).sort(([a], [b]) => a.localeCompare(b)))}`;
const idKey = (target: string, resource: string, id: string) => `${target}\u0000${resource}\u0000id:${id}`;

/** What the run knows of the requests it sent, to tell a create that surely never took effect. */
export interface SentEvidence {
  /** Every request of the run is accounted for: none was still in the proxy when the exchanges were read. */
  drained?: boolean;
  /** A request the proxy refused itself (the run interrupted, read-only): it never left the harness. */
  notForwarded?: (x: RecordedExchange) => boolean;
}

const clippedBody = (x: RecordedExchange) => x.requestBody === undefined || /more characters\]$/.test(x.requestBody);

/**
 * The ledger without the creates that surely never took effect: ledgered by their locator before
 * they were sent, never confirmed, and either refused (every request that carried them was answered
 * 4xx, or never left the proxy) or never sent (no request carried them, and every request of the
 * run is accounted for). Any other create may have reached the target, answered or not: it stays,
 * and the cleanup looks for it by its locator until reads after the consistency window show it absent.
 */
export function withoutUnsentCreates(
  entries: readonly LedgerEntry[],
  exchanges: readonly RecordedExchange[],
  o: SentEvidence = {},
): LedgerEntry[] {
  const confirmed = new Set(
    entries
      .filter((e) => e.event === 'created' && !e.beforeWrite && e.locator)
      .map((e) => locatorKey(e.target, e.resource, e.locator!)),
  );
  const posts = exchanges.filter((x) => x.method === 'POST');
  const carrying = (e: LedgerEntry) =>
    posts.filter(
      (x) =>
        x.target === e.target &&
        x.requestBody !== undefined &&
        Object.values(e.locator!.keys).every((v) => x.requestBody!.includes(JSON.stringify(v).slice(1, -1))),
    );
  const refused = (x: RecordedExchange) =>
    x.status !== undefined ? x.status >= 400 && x.status < 500 : (o.notForwarded?.(x) ?? false);
  const surelyNotMade = (e: LedgerEntry) => {
    const sent = carrying(e);
    // None carried it: proof only when no request is unaccounted for and every create body was recorded whole.
    if (sent.length === 0) return o.drained === true && !posts.some((x) => x.target === e.target && clippedBody(x));
    return sent.every(refused);
  };
  return entries.filter(
    (e) =>
      !(
        e.event === 'created' &&
        e.beforeWrite &&
        e.locator &&
        !confirmed.has(locatorKey(e.target, e.resource, e.locator)) &&
        surelyNotMade(e)
      ),
  );
}

/**
 * Created records and those a check already archived, from the workers' ledger files. A record
 * is known by its locator when it has one (a create is ledgered before its id is known, then again
 * once located), else by its id; the first creation wins, later entries only add the id.
 */
export function settleLedger(
  entries: readonly LedgerEntry[],
  targets: readonly Pick<TargetInfo, 'id' | 'companyId'>[],
): { created: LedgerRecord[]; archivedByChecks: Set<LedgerRecord> } {
  const companyOf = new Map(targets.map((t) => [t.id, t.companyId]));
  const records = new Map<string, LedgerRecord>();
  const byId = new Map<string, LedgerRecord>();
  for (const e of entries) {
    if (e.event !== 'created') continue;
    const lk = e.locator ? locatorKey(e.target, e.resource, e.locator) : undefined;
    const ik = e.id !== undefined ? idKey(e.target, e.resource, e.id) : undefined;
    const byLocator = lk ? records.get(lk) : undefined;
    const idOnly = ik ? byId.get(ik) : undefined;
    const known = byLocator ?? idOnly;
    // The answer's id was ledgered on its own first (ledgerAnswer), then the locator found it: one record.
    if (byLocator && idOnly && idOnly !== byLocator && !idOnly.locator && (byLocator.id ?? e.id) === e.id) {
      byLocator.customerId ??= idOnly.customerId;
      records.delete(ik!);
    }
    if (known) {
      if (known.id === undefined && e.id !== undefined) known.id = e.id;
      if (!known.locator && e.locator) known.locator = e.locator;
      known.customerId ??= e.customerId;
      if (!e.beforeWrite || e.id !== undefined) delete known.unconfirmed;
      if (ik) byId.set(ik, known);
      continue;
    }
    if (!lk && !ik) continue;
    const record: LedgerRecord = {
      target: e.target,
      resource: e.resource,
      ...(e.id === undefined ? {} : { id: e.id }),
      ...(e.locator ? { locator: e.locator } : {}),
      companyId: e.companyId ?? companyOf.get(e.target) ?? '',
      customerId: e.customerId,
      marker: e.marker,
      createdAt: e.at,
      ...(e.beforeWrite && e.id === undefined ? { unconfirmed: true as const } : {}),
    };
    records.set(lk ?? ik!, record);
    if (ik) byId.set(ik, record);
  }
  // A create refused after it was ledgered by its locator: nothing was made, unless an id showed up.
  for (const e of entries) {
    if (e.event !== 'withdrawn' || !e.locator) continue;
    const lk = locatorKey(e.target, e.resource, e.locator);
    if (records.get(lk)?.id === undefined) records.delete(lk);
  }
  // Only records this run created count; an 'archived' entry alone never leads to a request.
  const archived = new Set<LedgerRecord>();
  for (const e of entries) {
    if (e.event !== 'archived' || e.id === undefined) continue;
    const r = byId.get(idKey(e.target, e.resource, e.id));
    if (r) archived.add(r);
  }
  return { created: [...records.values()], archivedByChecks: archived };
}

/** The records the run created that no check archived: what a cleanup still has to archive. */
export function openRecords(
  entries: readonly LedgerEntry[],
  targets: readonly Pick<TargetInfo, 'id' | 'companyId'>[],
): LedgerRecord[] {
  const { created, archivedByChecks } = settleLedger(entries, targets);
  return created.filter((r) => !archivedByChecks.has(r));
}

function leftoverReason(r: LedgerRecord, target: TargetInfo | undefined, mode: string): string | undefined {
  if (mode === 'readonly') return 'read-only mode: the cleanup sends no writes';
  if (!target) return 'unknown target';
  if (target.fault) return `embedded mock with fault ${target.fault}: discarded with the run`;
  if (!archivable[r.resource])
    return 'no documented archive for this resource (§3 lists none for appointment requests)';
  // With an id, the owner PATCH /vehicles needs (§4.1) is read from the vehicle itself (archiveRecords).
  if (r.resource === 'vehicle' && !r.customerId && !r.locator?.customerId && r.id === undefined)
    return 'customerId not recorded at creation; PATCH /vehicles needs it (§4.1)';
  if (r.id === undefined && !r.locator) return 'no answer gave its id, and nothing was recorded to find it by';
  return undefined;
}

const shortly = (res: ApiResponse) => `HTTP ${res.status}${res.text ? `: ${res.text.slice(0, 200)}` : ''}`;

/** Whether a ledger entry was written under the run's marker (each check's marker extends it). */
export const carriesMarker = (marker: string, runMarker: string) =>
  marker === runMarker || marker.startsWith(`${runMarker}-`);

/** An API client for one target of the run, through the run's proxy (which journals its exchanges as the cleanup's). */
function clientFor(target: TargetInfo, o: Pick<CleanupOptions, 'timeoutMs' | 'wireHeaders'>): ApiClient {
  return new ApiClient({
    baseUrl: target.baseUrl,
    token: target.token,
    timeoutMs: o.timeoutMs,
    connections: 2,
    wireHeaders: { ...(o.wireHeaders ?? {}), [CHECK_HEADER]: 'cleanup' },
  });
}

/** ctx.eventually for the cleanup: reads until the record shows, within the window, or until the cleanup is stopped. */
const cleanupWait =
  (windowMs: number, stopped: () => string | undefined = () => undefined): Waiter =>
  async (_what, read, shows) => {
    const r = await eventually(read, (v) => shows(v) || stopped() !== undefined, windowMs);
    return { value: r.value, shown: shows(r.value) };
  };

export interface ArchiveOutcome {
  archived: LedgerRecord[];
  leftovers: (LedgerRecord & { reason: string })[];
  /** Looked for by their locator and shown absent (after the window, a list narrowed to them read to its end). */
  absent: (LedgerRecord & { reason: string })[];
  /** Found by their locator to be a record already known by the id its create's answer gave: the same record, archived once. */
  merged?: LedgerRecord[];
}

/**
 * Archives records of one target, one resource and one company: those without an id are located
 * first by their locator (harness/locate, the same means the checks use), then all are archived by
 * the documented bulk PATCH in batches; a refused batch is retried record by record, so one
 * refused id (a record someone else removed) does not keep the others active.
 */
export async function archiveRecords(
  api: ApiClient,
  scope: Scope,
  resource: Resource,
  records: readonly LedgerRecord[],
  o: {
    windowMs?: number;
    what?: string;
    progress?: (line: string) => void;
    stopped?: () => string | undefined;
  } = {},
): Promise<ArchiveOutcome> {
  const kind = archivable[resource]!;
  const stopped = o.stopped ?? (() => undefined);
  const out: ArchiveOutcome = { archived: [], leftovers: [], absent: [] };
  const known: LedgerRecord[] = records.filter((r) => r.id !== undefined);
  let unknown = records.filter((r) => r.id === undefined && r.locator);
  if (unknown.length && stopped()) {
    out.leftovers.push(...unknown.map((r) => ({ ...r, reason: `not looked for: ${stopped()}` })));
    unknown = [];
  }
  if (unknown.length) {
    const since = Math.min(...unknown.map((r) => Date.parse(r.createdAt)).filter((t) => !Number.isNaN(t)), Date.now());
    let found;
    try {
      found = await locate(
        kind,
        unknown.map((r) => ({ ...r.locator!, customerId: r.locator!.customerId ?? r.customerId })),
        {
          api,
          scope,
          wait: cleanupWait(o.windowMs ?? CLEANUP_WINDOW_MS, stopped),
          what: o.what ?? `the ${resource}s created without an id`,
          since,
          // The customers' guessed search, only once probed on a listed customer (as the checks do).
          searchMatches: searchMatchesOnce((q) => listCustomers(api, scope, q), scope.profile),
        },
      );
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      out.leftovers.push(...unknown.map((r) => ({ ...r, reason: redact(`not located: no answer (${err.message})`) })));
      found = undefined;
    }
    found?.outcomes.forEach((at, i) => {
      const r = unknown[i]!;
      const by = Object.keys(r.locator?.keys ?? {}).join(', ');
      const same = isLocated(at) ? known.find((k) => k.id === at.id) : undefined;
      if (same) (out.merged ??= []).push(r);
      else if (isLocated(at)) known.push({ ...r, id: at.id });
      // Stopped while looking: its reads may not have come after the window, so its absence is not shown.
      else if (stopped()) out.leftovers.push({ ...r, reason: `not located before ${stopped()}` });
      else if (at.proven) out.absent.push({ ...r, reason: `no record carries its ${by}: ${at.why}` });
      else out.leftovers.push({ ...r, reason: `not located by ${by}: ${at.why}` });
    });
  }
  // A vehicle ledgered from its create's answer alone may lack its owner: read it by id (§4.1 GET) to learn it.
  const ownerless = kind === 'vehicle' ? known.filter((r) => !r.customerId && !r.locator?.customerId) : [];
  for (const r of ownerless) {
    let owner: string | undefined;
    let why = 'its read by id shows no customerId';
    try {
      const res = await readById.vehicle(api, scope, r.id!);
      const record = res.status >= 200 && res.status < 300 ? vehicleShape.recordIn(res.json, r.id!) : undefined;
      const v = record ? fieldValue(record, ['customerId']) : undefined;
      owner = typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
      if (!record) why = `its read by id answered ${res.status}`;
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      why = `its read by id got no answer (${err.message})`;
    }
    if (owner) r.customerId = owner;
    else {
      known.splice(known.indexOf(r), 1);
      out.leftovers.push({ ...r, reason: redact(`customerId not known, which PATCH /vehicles needs (§4.1): ${why}`) });
    }
  }
  const send = async (batch: LedgerRecord[]): Promise<void> => {
    let res: ApiResponse;
    try {
      res = await archive(
        api,
        scope,
        kind,
        batch.map((r) => ({ id: r.id!, customerId: r.customerId ?? r.locator?.customerId })),
      );
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      out.leftovers.push(
        ...batch.map((r) => ({ ...r, reason: redact(`PATCH /${resource}s got no answer: ${err.message}`) })),
      );
      return;
    }
    if (res.status >= 200 && res.status < 300) out.archived.push(...batch);
    else if (batch.length > 1 && res.status < 500) for (const r of batch) await send([r]);
    else
      out.leftovers.push(
        ...batch.map((r) => ({ ...r, reason: redact(`PATCH /${resource}s was refused: ${shortly(res)}`) })),
      );
  };
  for (let i = 0; i < known.length; i += BATCH) {
    const why = stopped();
    if (why) {
      out.leftovers.push(...known.slice(i).map((r) => ({ ...r, reason: `not archived: ${why}` })));
      break;
    }
    const left = known.length - i;
    o.progress?.(
      `cleanup: archiving ${Math.min(BATCH, left)} ${resource} record(s) of company ${scope.companyId}; ${left} of ${known.length} left`,
    );
    await send(known.slice(i, i + BATCH));
  }
  return out;
}

/**
 * Archives every record the run created that no check archived, by the documented bulk PATCH
 * per resource and company, and returns the ledger report. Never touches a record the run did
 * not create: ids come from the run's own ledger, or from its locator (the unique VIN and plate,
 * itemNumber or word the run sent), and only entries carrying the run's marker count (another
 * run's entries, however they got there, are ignored and counted).
 */
export async function cleanupRun(o: CleanupOptions): Promise<LedgerReport> {
  const entries = o.entries;
  const own = entries.filter((e) => carriesMarker(e.marker, o.marker));
  const ignoredForeign = entries.length - own.length;
  const { created, archivedByChecks } = settleLedger(own, o.targets);
  const targets = new Map(o.targets.map((t) => [t.id, t]));
  const leftovers: LedgerReport['leftovers'] = [];
  const archivedByCleanup: LedgerRecord[] = [];
  const neverCreated: NonNullable<LedgerReport['neverCreated']> = [];
  const pending = new Map<string, LedgerRecord[]>();
  const merged = new Set<LedgerRecord>();
  for (const r of created) {
    if (archivedByChecks.has(r)) continue;
    const reason = leftoverReason(r, targets.get(r.target), o.mode);
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
      const api = clientFor(target, o);
      const scope = { companyId, profile: o.profile, locationId: target.locationId };
      // A create that may have reached the target counts as absent only on reads after the consistency window.
      const untilShown = Math.max(
        0,
        ...records
          .filter((r) => r.unconfirmed)
          .map((r) => Date.parse(r.createdAt) + (o.consistencyWindowMs ?? 0) - Date.now())
          .filter((ms) => !Number.isNaN(ms)),
      );
      const windowMs = Math.max(o.windowMs ?? CLEANUP_WINDOW_MS, untilShown);
      const done = await archiveRecords(api, scope, resource, records, {
        windowMs,
        progress: o.progress,
        stopped: o.stopped,
      });
      archivedByCleanup.push(...done.archived);
      for (const r of done.merged ?? []) merged.add(r);
      for (const r of done.absent)
        if (r.unconfirmed)
          neverCreated.push({ ...r, reason: `never created: its create may have reached the target, but ${r.reason}` });
        else leftovers.push({ ...r, reason: `not located: ${r.reason}` });
      leftovers.push(...done.leftovers);
    }),
  );

  const never = new Set(neverCreated.map((r) => `${r.target}\u0000${r.resource}\u0000${JSON.stringify(r.locator)}`));
  const made = created.filter(
    (r) =>
      !merged.has(r) &&
      !(r.unconfirmed && never.has(`${r.target}\u0000${r.resource}\u0000${JSON.stringify(r.locator)}`)),
  );
  const byChecks = created.filter((r) => archivedByChecks.has(r));
  return {
    runId: o.runId,
    marker: o.marker,
    mode: o.mode,
    generatedAt: new Date().toISOString(),
    trigger: o.trigger ?? 'end of run',
    summary: {
      created: made.length,
      archivedByChecks: byChecks.length,
      archivedByCleanup: archivedByCleanup.length,
      leftovers: leftovers.length,
      ...(ignoredForeign ? { ignoredForeign } : {}),
      ...(neverCreated.length ? { neverCreated: neverCreated.length } : {}),
    },
    created: made,
    archivedByChecks: byChecks,
    archivedByCleanup,
    leftovers,
    ...(neverCreated.length ? { neverCreated } : {}),
  };
}

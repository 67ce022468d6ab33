import { readFileSync } from 'node:fs';
import { ApiClient, type ApiResponse } from '../client.js';
import { archiveRecords, carriesMarker, openRecords, type LedgerRecord, type LedgerReport } from '../cleanup.js';
import { isSuccess } from '../checks/http.js';
import { environment, loadSettings, type Settings } from '../config.js';
import { ConfigError, TransportError } from '../core/errors.js';
import type { Resource } from '../core/events.js';
import { EXIT } from '../core/exit-codes.js';
import { parseJournal } from '../core/journal-file.js';
import { loadProfile } from '../core/profile.js';
import { markerOf } from '../core/run-info.js';
import { eventually } from '../eventually.js';
import { isLocated, locate, shapes } from '../locate/locator.js';
import { listCustomers, readById, type Kind, type Scope } from '../locate/requests.js';
import { searchMatchesOnce } from '../locate/search-probe.js';
import { readsArchived } from '../locate/shapes.js';
import { startPacing } from '../pacing/index.js';
import { redact } from '../redact.js';
import { tokenFor } from '../run/start-run.js';
import { liveTarget } from '../target.js';

/**
 * `partner-conformance cleanup <file>` (`npm run cleanup -- <file>`): archives what an earlier run
 * left active on the configured target (the same settings as a run, paced like one). The file is
 * the run's ledger.json, the leftovers-<run>.json a second Ctrl-C wrote, or the journal.jsonl of a
 * run that never finished. Each record is found again (by its id, or by its locator, as the run's
 * own cleanup does) and read first: one that already reads archived is left alone, so a second
 * call archives nothing and says so. Appointment requests have no documented archive (§3) and are
 * only listed. A record looked for by its locator and shown absent (a create cut off in flight that
 * never took effect) is reported as never created: it keeps nothing red, so the command converges.
 * Exit 0: nothing listed is left active; 1: some records are, or may be; 2: usage.
 */

const kindOf: Partial<Record<Resource, Kind>> = { vehicle: 'vehicle', item: 'item', customer: 'customer' };

/** What an earlier run may have left active, read from any file it leaves behind. */
interface Leftovers {
  runId: string;
  marker: string;
  records: LedgerRecord[];
}

function fromJournal(file: string, text: string): Leftovers {
  const events = parseJournal(text);
  const started = events.find((e) => e.type === 'run-started');
  if (!started) throw new ConfigError(`"${file}" is not a run journal (no run-started event)`);
  const { runId, target } = started.run;
  // A run that settled its ledger says what it left; one that did not leaves only its entries.
  const settled = events.find((e) => e.type === 'cleanup');
  if (settled) return { runId, marker: settled.ledger.marker, records: settled.ledger.leftovers };
  const entries = events.flatMap((e) => (e.type === 'ledger' ? [e.entry] : []));
  const marker = markerOf(runId);
  const own = entries.filter((e) => e.target === 'main' && carriesMarker(e.marker, marker));
  return { runId, marker, records: openRecords(own, [{ id: 'main', companyId: target.companyId }]) };
}

function fromReport(file: string, parsed: unknown): Leftovers {
  const r = parsed as Partial<LedgerReport>;
  if (!r || typeof r !== 'object' || typeof r.marker !== 'string' || !Array.isArray(r.leftovers)) {
    throw new ConfigError(`"${file}" is not a run's ledger.json or leftovers file (no marker and leftovers)`);
  }
  return { runId: r.runId ?? '?', marker: r.marker, records: r.leftovers };
}

function readLeftovers(file: string): Leftovers {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read "${file}": ${(err as Error).message.split('\n')[0]}`);
  }
  if (file.endsWith('.jsonl')) return fromJournal(file, text);
  try {
    return fromReport(file, JSON.parse(text));
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    // A journal under another name: one JSON event per line.
    if (text.trimStart().startsWith('{"type":')) return fromJournal(file, text);
    throw new ConfigError(`cannot read "${file}" as JSON (${(err as Error).message.split('\n')[0]})`);
  }
}

type State = 'active' | 'archived' | 'gone' | 'unknown';

/** What a record reads as now: archived, still active, gone (the read by id finds nothing), or unknown (no status shows, or no answer). */
async function stateOf(
  api: ApiClient,
  scope: Scope,
  kind: Kind,
  id: string,
): Promise<{ state: State; res?: ApiResponse }> {
  const res = await readById[kind](api, scope, id);
  if (res.status === 404 || res.status === 410) return { state: 'gone', res };
  const record = isSuccess(res) ? shapes[kind].recordIn(res.json, id) : undefined;
  if (!record) return { state: 'unknown', res };
  const archived = readsArchived(kind, record);
  return { state: archived === undefined ? 'active' : archived ? 'archived' : 'active', res };
}

export async function cleanupCommand(file: string, flags: Record<string, string>): Promise<number> {
  const report = readLeftovers(file);
  const settings: Settings = loadSettings(environment(), { flags });
  if (!settings.baseUrl) {
    throw new ConfigError(
      'BASE_URL is not set: the records to archive live on the target of the earlier run (an embedded mock is gone with its run)',
    );
  }
  if (settings.mode === 'readonly')
    throw new ConfigError(
      `CONFORMANCE_MODE is readonly (from ${settings.origins.CONFORMANCE_MODE}): the cleanup archives, which is a write; give --mode full on the command line to archive`,
    );
  const profile = loadProfile(settings.profileFile);

  const own = report.records.filter((r) => carriesMarker(r.marker, report.marker));
  const listedOnly = own.filter((r) => !kindOf[r.resource]);
  const todo = own.filter((r) => kindOf[r.resource]);
  console.log(
    `Cleanup of run ${report.runId ?? '?'} (marker ${report.marker}) on ${settings.baseUrl}: ${todo.length} leftover(s) to archive${listedOnly.length ? `, ${listedOnly.length} without a documented archive (listed only)` : ''}`,
  );
  for (const r of listedOnly)
    console.log(
      `  ${r.resource} ${r.id ?? JSON.stringify(r.locator?.keys ?? {})}: no documented archive (§3), left as it is`,
    );
  if (!todo.length) {
    console.log('Nothing to archive: the ledger lists no leftover with a documented archive.');
    return EXIT.ok;
  }

  let token;
  try {
    token = await tokenFor(settings);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    console.error(redact(`Cleanup: could not log in: ${(err as Error).message}`));
    return EXIT.failed;
  }
  const pacing = startPacing({
    getPerMin: settings.rateLimitGetPerMin,
    writePerMin: settings.rateLimitWritePerMin,
    maxConcurrency: Math.min(settings.maxConcurrency, 4),
    requestTimeoutMs: settings.requestTimeoutMs,
    readonly: false,
  });
  const counts = { archived: 0, already: 0, gone: 0, absent: 0, left: 0 };
  try {
    const target = await pacing.route(liveTarget(settings, token));
    const api = new ApiClient({
      baseUrl: target.baseUrl,
      token: target.token,
      timeoutMs: pacing.budgetMs + 5_000,
      connections: 4,
    });
    const groups = new Map<string, LedgerRecord[]>();
    for (const r of todo)
      groups.set(`${r.resource}\u0000${r.companyId}`, [...(groups.get(`${r.resource}\u0000${r.companyId}`) ?? []), r]);
    for (const records of groups.values()) {
      const { resource, companyId } = records[0]!;
      const kind = kindOf[resource]!;
      const scope: Scope = { companyId: companyId || settings.companyId!, profile, locationId: settings.locationId };
      const label = (r: LedgerRecord) => `${resource} ${r.id ?? JSON.stringify(r.locator?.keys ?? {})}`;
      // Records without an id are found again by their locator, the way the run's own cleanup does.
      const withIds: LedgerRecord[] = records.filter((r) => r.id !== undefined);
      const unknown = records.filter((r) => r.id === undefined && r.locator);
      for (const r of records.filter((x) => x.id === undefined && !x.locator)) {
        counts.left += 1;
        console.log(`  ${label(r)}: nothing recorded to find it by`);
      }
      if (unknown.length) {
        // Absence counts only on reads after the consistency window of the latest create looked for.
        const windowMs = Math.max(
          0,
          ...unknown
            .map((r) => Date.parse(r.createdAt) + settings.consistencyWindowMs - Date.now())
            .filter((ms) => !Number.isNaN(ms)),
        );
        const found = await locate(
          kind,
          unknown.map((r) => ({ ...r.locator!, customerId: r.locator!.customerId ?? r.customerId })),
          {
            api,
            scope,
            wait: (_what, read, shows) => eventually(read, shows, windowMs),
            searchMatches: searchMatchesOnce((q) => listCustomers(api, scope, q), profile),
            what: `the ${resource}s of ${report.marker} without an id`,
            since: Math.min(...unknown.map((r) => Date.parse(r.createdAt)).filter((t) => !Number.isNaN(t)), Date.now()),
          },
        );
        found.outcomes.forEach((at, i) => {
          const r = unknown[i]!;
          if (isLocated(at)) withIds.push({ ...r, id: at.id });
          else if (at.proven) {
            // Shown absent: never created (a create cut off in flight), or no longer there. Nothing of it is active.
            counts.absent += 1;
            console.log(`  ${label(r)}: does not exist (${at.why}): never created, nothing to archive`);
          } else {
            counts.left += 1;
            console.log(`  ${label(r)}: not found, and its absence is not shown (${at.why})`);
          }
        });
      }
      const active: LedgerRecord[] = [];
      for (const r of withIds) {
        const { state, res } = await stateOf(api, scope, kind, r.id!);
        if (state === 'archived') {
          counts.already += 1;
          console.log(`  ${label(r)}: already archived`);
        } else if (state === 'gone') {
          counts.gone += 1;
          console.log(`  ${label(r)}: no longer exists (HTTP ${res?.status})`);
        } else active.push(r);
      }
      if (!active.length) continue;
      const done = await archiveRecords(api, scope, resource, active);
      for (const r of done.archived) {
        counts.archived += 1;
        console.log(`  ${label(r)}: archived`);
      }
      for (const r of done.leftovers) {
        counts.left += 1;
        console.log(`  ${label(r)}: ${r.reason}`);
      }
    }
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    console.error(redact(`Cleanup: the target stopped answering: ${err.message}`));
    counts.left += 1;
  } finally {
    token.stop();
    await pacing.close();
  }
  const answered429 = pacing.report().rateLimitedAnswers;
  const never = counts.absent ? `, ${counts.absent} never created` : '';
  if (counts.archived === 0 && counts.left === 0) {
    console.log(
      `Nothing to archive: ${counts.already} already archived${counts.gone ? `, ${counts.gone} no longer exist` : ''}${never}.`,
    );
  } else {
    console.log(
      `Cleanup: ${counts.archived} archived, ${counts.already} already archived, ${counts.gone} no longer exist${never}, ${counts.left} could not be archived${answered429 ? ` (${answered429} answered 429)` : ''}.`,
    );
  }
  return counts.left ? EXIT.failed : EXIT.ok;
}

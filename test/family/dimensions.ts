import { transformations as variantRules, type Transformation } from '../variant/transformations.js';
import * as r from './rules.js';
import type { MemberState } from './rules.js';
import { clockRule, days, mergeWorlds, type World } from './world.js';

/**
 * The family's dimensions: every silence of ../shared/silences.md that a server must choose in,
 * with realistic choices as values. The first value of each is the reference mock's own choice.
 * A value's rules run in `phase` order: requests low to high, answers low to high (ids are mapped
 * back first on the way in and out last on the way back; transport last of all).
 */
export interface Value {
  name: string;
  rules?: (s: MemberState) => { phase: number; rule: Transformation }[];
  /** The member's data, clock and neighbour (test/family/world.ts); the mock's own world unless given. */
  world?: World;
  /**
   * Clauses this choice leaves not judged, with the CONFORMANCE_PROFILE key a user would set: a guess
   * the choice makes unverifiable (a sort field ignored). The member is CONFORMANT only if each ends
   * not judged for that key (guess-refused), and every other clause passes.
   */
  notJudged?: { clause: string; profileKey: string }[];
}

export interface Dimension {
  id: string;
  /** The silence ids of ../shared/silences.md that make every value conforming. */
  silences: string[];
  values: Value[];
}

const variant = (id: string): Transformation => {
  const t = variantRules.find((x) => x.id === id);
  if (!t) throw new Error(`test/variant has no transformation ${id}`);
  return t;
};
const at =
  (phase: number, ...rules: Transformation[]) =>
  () =>
    rules.map((rule) => ({ phase, rule }));
const mock: Value = { name: 'mock' };

/** Phases. */
const P = {
  burst: 0,
  idsIn: 5,
  request: 10,
  serve: 15,
  lag: 12,
  shape: 30,
  status: 40,
  error: 50,
  echo: 60,
  idsOut: 70,
  wire: 80,
};

export const dimensions: readonly Dimension[] = [
  {
    id: 'list-echo',
    silences: ['S-2.7-request-echo', 'S-2.7-extra-envelope-keys'],
    values: [
      mock,
      { name: 'jsonapi-links-self', rules: at(P.echo, r.echoRule('jsonapi-links')) },
      { name: 'hal-links-self', rules: at(P.echo, r.echoRule('hal-links')) },
      { name: 'meta-query', rules: at(P.echo, r.echoRule('meta-query')) },
    ],
  },
  {
    id: 'archived-writes',
    silences: ['S-3-update-archived', 'S-3-rearchive'],
    values: [
      mock,
      { name: 'refuse-409', rules: at(P.serve, r.archivedWriteRule('refuse-409')) },
      { name: 'refuse-422', rules: at(P.serve, r.archivedWriteRule('refuse-422')) },
      { name: 'refuse-404', rules: at(P.serve, r.archivedWriteRule('refuse-404')) },
      { name: 'ignored', rules: at(P.serve, r.archivedWriteRule('ignore')) },
    ],
  },
  {
    id: 'appointment-record',
    silences: ['S-2.5-record-fields'],
    values: [
      mock,
      { name: 'requestId-startsAt-endsAt', rules: at(P.shape + 2, r.appointmentRecordRule('renamed')) },
      { name: 'ref.id-window.from-to', rules: at(P.shape + 2, r.appointmentRecordRule('nested')) },
    ],
  },
  {
    id: 'customer-body',
    silences: ['S-2.3-customer-body', 'S-4-bulk-array-key'],
    values: [
      mock,
      { name: 'emails-strings-only', rules: at(P.request, r.customerBodyRule('emails-strings')) },
      { name: 'emails-objects-only', rules: at(P.request, r.customerBodyRule('emails-objects')) },
      { name: 'phones-strings-only', rules: at(P.request, r.customerBodyRule('phones-strings')) },
    ],
  },
  {
    id: 'visibility',
    silences: ['S-CONS-read-after-write', 'S-CONS-list-vs-get'],
    values: [
      mock,
      { name: 'lists-lag-1s', rules: (s) => [{ phase: P.lag, rule: r.lagRule(s, 1000, 0) }] },
      { name: 'lists-lag-1.5s-reads-lag-0.5s', rules: (s) => [{ phase: P.lag, rule: r.lagRule(s, 1500, 500) }] },
    ],
  },
  {
    id: 'create-status',
    silences: ['S-4.1-create-status', 'S-CONS-async-writes'],
    values: [
      mock,
      { name: '201', rules: at(P.status, r.createStatusRule(201)) },
      { name: '202', rules: at(P.status, r.createStatusRule(202)) },
    ],
  },
  {
    id: 'write-data',
    silences: ['S-2.7-write-data', 'S-BULK-result-mapping'],
    values: [
      mock,
      { name: 'ids-only', rules: at(P.shape, r.writeDataRule('ids')) },
      { name: 'id-list', rules: at(P.shape, r.writeDataRule('id-list')) },
      { name: 'count', rules: at(P.shape, r.writeDataRule('count')) },
      { name: 'empty', rules: at(P.shape, r.writeDataRule('empty')) },
    ],
  },
  {
    id: 'id-form',
    silences: ['S-ID-forms'],
    values: [
      mock,
      ...(['uuid', 'uuid-upper', 'ulid', 'numeric', 'stripe'] as const).map((form): Value => ({
        name: form,
        rules: (s) => {
          const [into, out] = r.idRules(s, form);
          return [
            { phase: P.idsIn, rule: into },
            { phase: P.idsOut, rule: out },
          ];
        },
      })),
    ],
  },
  {
    id: 'po-id',
    silences: ['S-2.6-id-form'],
    values: [mock, { name: 'number', rules: at(P.shape, variant('po-numeric-ids')) }],
  },
  {
    id: 'page-base',
    silences: ['S-PAGE-base', 'S-4.6-paging'],
    values: [mock, { name: 'zero-based', rules: at(P.request, r.zeroBasedRule) }],
  },
  {
    id: 'page-size',
    silences: ['S-8-max-page-size', 'S-8-default-page-size'],
    values: [
      mock,
      { name: 'clamp-40-default-20', rules: at(P.request, r.pageSizeRule(40, 20, false)) },
      { name: 'clamp-50-default-25', rules: at(P.request, r.pageSizeRule(50, 25, false)) },
      { name: 'refuse-over-100-default-10', rules: at(P.request, r.pageSizeRule(100, 10, true)) },
    ],
  },
  {
    id: 'past-the-end',
    silences: ['S-8-past-the-end'],
    values: [
      mock,
      { name: '404', rules: at(P.status, r.pastEndRule(404)) },
      { name: '400', rules: at(P.status, r.pastEndRule(400)) },
    ],
  },
  {
    id: 'vehicle-pagination',
    silences: ['S-2.7-vehicle-pagination'],
    values: [
      mock,
      ...(['spring', 'laravel', 'offset', 'empty'] as const).map((f): Value => ({
        name: f,
        rules: at(P.shape, r.vehiclePaginationRule(f)),
      })),
    ],
  },
  {
    id: 'lists-of-archived',
    silences: ['S-3-archived-visibility', 'S-4.1-sort', 'S-4.2-default-order'],
    values: [
      mock,
      {
        name: 'hidden-newest-first',
        rules: at(P.serve, variant('vehicles-newest-first-hiding-inactive'), variant('items-hide-inactive')),
      },
    ],
  },
  {
    id: 'search-match',
    silences: ['S-4.1-search-semantics', 'S-4.2-itemNumber-filter'],
    values: [
      mock,
      {
        name: 'vin-plate-prefix-itemNumber-substring',
        rules: at(P.serve, variant('vehicle-search-vin-and-plate-prefix'), variant('item-number-substring-any-case')),
      },
      { name: 'vehicle-trigrams', rules: at(P.serve, variant('vehicle-search-trigram')) },
      { name: 'vehicle-exact-vin', rules: at(P.serve, variant('vehicle-search-exact-vin')) },
    ],
  },
  {
    id: 'unknown-query-params',
    silences: ['S-QUERY-unknown-params'],
    values: [mock, { name: 'refused-400', rules: at(P.request, r.strictQueryRule) }],
  },
  {
    id: 'unknown-body-fields',
    silences: ['S-JSON-unknown-body-fields', 'S-2.2-create-extra-fields'],
    values: [
      mock,
      { name: 'refused-400-beyond-record-fields', rules: at(P.request, r.strictBodyRule(false)) },
      { name: 'refused-400-beyond-create-fields', rules: at(P.request, r.strictBodyRule(true)) },
    ],
  },
  {
    id: 'text',
    silences: ['S-TEXT-trimming', 'S-TEXT-case-normalisation', 'S-2.1-vin', 'S-2.1-plate-state'],
    values: [
      mock,
      { name: 'trimmed', rules: at(P.request, r.textRule(false)) },
      { name: 'trimmed-vin-plate-uppercased', rules: at(P.request, r.textRule(true)) },
    ],
  },
  {
    id: 'datetimes',
    silences: ['S-TIME-output-forms', 'S-2.6-date-forms-nullability'],
    values: [
      mock,
      { name: 'offset-00:00', rules: at(P.echo, r.dateFormRule('offset')) },
      { name: 'whole-seconds-Z', rules: at(P.echo, r.dateFormRule('seconds')) },
      { name: 'microseconds-Z', rules: at(P.echo, r.dateFormRule('micros')) },
      { name: 'po-at-minus-05:00', rules: at(P.echo, variant('po-dates-with-offset')) },
    ],
  },
  {
    id: 'record-timestamps',
    silences: ['S-2.1-response-record', 'S-JSON-null-absent-empty'],
    values: [mock, { name: 'createdAt-updatedAt', rules: at(P.shape, variant('record-timestamps-renamed')) }],
  },
  {
    id: 'items-list-elements',
    silences: ['S-2.2-list-element-shape'],
    values: [mock, { name: 'summaries', rules: at(P.shape, variant('item-list-summary-records')) }],
  },
  {
    id: 'customer-shapes',
    silences: ['S-4.3-response-shapes'],
    values: [mock, { name: 'customers-meta-bare-record', rules: at(P.shape + 1, variant('customer-shapes')) }],
  },
  {
    id: 'customer-archived-form',
    silences: ['S-2.3-customer-archived-form'],
    values: [
      mock,
      { name: 'active-false', rules: (s) => [{ phase: P.shape, rule: r.customerArchivedRule('active-flag', s) }] },
      { name: 'archivedAt', rules: (s) => [{ phase: P.shape, rule: r.customerArchivedRule('archived-at', s) }] },
    ],
  },
  {
    id: 'inventory-shapes',
    silences: ['S-2.4-level-shape', 'S-4.4-get-params-and-shape'],
    values: [mock, { name: 'bare-arrays-204', rules: at(P.shape, variant('inventory-shapes')) }],
  },
  {
    id: 'appointment-answers',
    silences: ['S-4.5-create-response', 'S-4.5-list-params', 'S-2.5-record-fields'],
    values: [
      mock,
      {
        name: 'data-paging-201-result',
        rules: at(P.shape + 1, variant('appointment-list-envelope'), variant('appointment-create-201-result')),
      },
    ],
  },
  {
    id: 'slots-shape',
    silences: ['S-2.5-record-fields', 'S-4.5-showAllSlots'],
    values: [
      mock,
      {
        name: 'echo-days-keyed-by-date',
        rules: at(P.shape, variant('slots-envelope-echoes-query'), variant('slots-days-keyed-by-date')),
      },
    ],
  },
  {
    id: 'validation-status',
    silences: ['S-7-validation-status', 'S-4.2-rejected-create-form', 'S-2.7-success-flag'],
    values: [
      mock,
      { name: '422', rules: at(P.status, variant('validation-errors-422')) },
      {
        name: 'items-200-success-false-else-422',
        rules: at(P.status, variant('item-refusals-200-success-false'), variant('validation-errors-422')),
      },
    ],
  },
  {
    id: 'unknown-record',
    silences: ['S-7-unknown-record', 'S-TEN-cross-company-ids'],
    values: [
      mock,
      { name: '400', rules: at(P.status, r.unknownRecordRule(400)) },
      { name: '403', rules: at(P.status, r.unknownRecordRule(403)) },
      { name: '422', rules: at(P.status, r.unknownRecordRule(422)) },
    ],
  },
  {
    id: 'token-rejection',
    silences: ['S-5-missing-invalid-token', 'S-AUTH-error-headers'],
    values: [
      mock,
      { name: '401-www-authenticate', rules: at(P.status, r.tokenRule('www-authenticate')) },
      { name: '403-gateway', rules: at(P.status, r.tokenRule('403')) },
    ],
  },
  {
    id: 'unknown-route',
    silences: ['S-GW-unknown-path', 'S-1-unlisted-operations', 'S-4.6-write-attempts'],
    values: [
      mock,
      { name: '403-missing-authentication-token', rules: at(P.status, r.unknownRouteRule('aws-403')) },
      { name: 'html-404-page', rules: at(P.status, r.unknownRouteRule('html-404')) },
      { name: '404-for-other-methods', rules: at(P.status, r.unknownRouteRule('not-found-for-methods')) },
    ],
  },
  {
    id: 'error-body',
    silences: ['S-7-error-body-shape', 'S-GW-error-bodies', 'S-ERR-validation-detail'],
    values: [
      mock,
      ...(['problem', 'spring', 'drf', 'nest', 'jsonapi'] as const).map((f): Value => ({
        name: f,
        rules: at(P.error, r.errorBodyRule(f)),
      })),
    ],
  },
  {
    id: 'compression',
    silences: ['S-HTTP-compression'],
    values: [
      mock,
      { name: 'gzip-over-1KB', rules: at(P.wire + 1, r.gzipRule(1024)) },
      { name: 'gzip-always', rules: at(P.wire + 1, r.gzipRule(0)) },
    ],
  },
  {
    id: 'etag',
    silences: ['S-HTTP-etag-conditional'],
    values: [mock, { name: 'weak-etag-304', rules: at(P.wire, r.etagRule) }],
  },
  {
    id: 'burst-limit',
    silences: ['S-RATE-status', 'S-RATE-retry-after', 'S-8-rate-limits'],
    values: [
      mock,
      { name: '429-retry-after-seconds', rules: (s) => [{ phase: P.burst, rule: r.burstRule(s, 40, 'seconds') }] },
      { name: '429-retry-after-http-date', rules: (s) => [{ phase: P.burst, rule: r.burstRule(s, 40, 'http-date') }] },
      { name: '503-retry-after', rules: (s) => [{ phase: P.burst, rule: r.burstRule(s, 40, '503') }] },
    ],
  },
  // The world dimensions: what a member answers about, and when (test/family/world.ts).
  {
    id: 'data-counts',
    silences: ['S-PAGE-totals', 'S-8-past-the-end'],
    values: [
      mock,
      // The fixture customer is a setting of the run (CUSTOMER_ID): it exists on every member.
      { name: 'none', world: { sizes: { items: 0, customers: 1, vehicles: 0, appointmentRequests: 0 } } },
      { name: 'few', world: { sizes: { items: 4, customers: 3, vehicles: 5, appointmentRequests: 3 } } },
      {
        name: 'thousands',
        world: { sizes: { items: 1200, customers: 1000, vehicles: 1500, appointmentRequests: 600 } },
      },
    ],
  },
  {
    id: 'po-sources',
    silences: ['S-4.6-merged-order', 'S-4.6-paging'],
    values: [
      mock,
      { name: 'inventory-absent', world: { sizes: { purchaseOrders: { inventory: 0 } } } },
      { name: 'sparse', world: { sizes: { purchaseOrders: { inventory: 2, online: 3, orders: 1 } } } },
      { name: 'crowded', world: { sizes: { purchaseOrders: { inventory: 1200, online: 150, orders: 600 } } } },
      { name: 'online-only', world: { sizes: { purchaseOrders: { inventory: 0, online: 40, orders: 0 } } } },
    ],
  },
  {
    id: 'item-unset-details',
    silences: ['S-2.2-unset-fields'],
    values: [mock, { name: 'service-details-null', rules: at(P.shape, r.serviceDetailsNullRule) }],
  },
  {
    id: 'po-check-order',
    silences: ['S-4.6-check-order'],
    values: [mock, { name: 'parameters-first', rules: at(P.status, r.parametersFirstRule) }],
  },
  {
    id: 'data-dates',
    silences: ['S-4.6-date-filters', 'S-TIME-window-bounds', 'S-4.5-date-window-semantics'],
    values: [
      mock,
      { name: 'relative-months', world: { relative: true } },
      { name: 'relative-weeks', world: { relative: true, data: { spread: 0.1 } } },
      { name: 'relative-years', world: { relative: true, data: { spread: 3 } } },
    ],
  },
  {
    id: 'sort-field',
    silences: ['S-4.1-sort'],
    values: [
      mock,
      {
        name: 'unknown-ignored',
        rules: at(P.wire, r.sortIgnoredRule),
        notJudged: [{ clause: 'VEHICLE-SORT', profileKey: 'vehicles.sortField' }],
      },
    ],
  },
  {
    id: 'sort-ties',
    silences: ['S-4.1-sort', 'S-PAGE-null-and-collation', 'S-4.2-default-order'],
    values: [mock, { name: 'tied', world: { data: { ties: true } } }],
  },
  {
    id: 'other-company',
    silences: ['S-TEN-cross-company-ids'],
    values: [
      mock,
      {
        name: 'empty',
        world: {
          data: {
            otherSizes: {
              items: 0,
              customers: 0,
              vehicles: 0,
              appointmentRequests: 0,
              purchaseOrders: { inventory: 0, online: 0, orders: 0 },
            },
          },
        },
      },
      {
        name: 'small',
        world: {
          data: {
            otherSizes: {
              items: 3,
              customers: 2,
              vehicles: 2,
              appointmentRequests: 2,
              purchaseOrders: { inventory: 1, online: 1, orders: 1 },
            },
          },
        },
      },
      {
        name: 'large',
        world: { data: { otherSizes: { items: 1000, customers: 800, vehicles: 1200, appointmentRequests: 500 } } },
      },
    ],
  },
  {
    id: 'clock',
    silences: ['S-TIME-clock-skew'],
    values: [
      mock,
      ...[
        // S-TIME-clock-skew names seconds to minutes; days and months are servers whose clock was never set.
        ['ahead-4-minutes', 240_000],
        ['behind-90-seconds', -90_000],
        ['ahead-3-days', days(3)],
        ['behind-2-days', -days(2)],
        ['ahead-45-days', days(45)],
        ['behind-4-months', -days(122)],
      ].map(([name, skewMs]): Value => ({
        name: name as string,
        world: { skewMs: skewMs as number },
        rules: at(P.wire + 2, clockRule(skewMs as number)),
      })),
    ],
  },
  {
    id: 'neighbour',
    silences: ['S-CONS-concurrency', 'S-PAGE-stability', 'S-CONS-counts-vs-contents'],
    values: [mock, { name: 'writes-twice-a-second', world: { neighbour: { everyMs: 500 } } }],
  },
];

/** The member's world: its dimensions' worlds merged (the mock's own data, clock and no neighbour if none). */
export function worldOf(d: Draw): World {
  return mergeWorlds(dimensions.flatMap((dim) => dim.values.find((v) => v.name === d[dim.id])?.world ?? []));
}

/** One value per dimension, by dimension id. */
export type Draw = Record<string, string>;

/** mulberry32: small, fast, and the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A member is named by a seed or by a probe, `dimension=value[+dimension=value…]`: the mock's
 * choices everywhere else (to find which choice a failure rests on).
 */
export type MemberKey = number | string;

/** The member of seed `seed` (one value per dimension, replayable), or the probe's values. */
export function draw(key: MemberKey): Draw {
  if (typeof key === 'string') {
    const d: Draw = Object.fromEntries(dimensions.map((x) => [x.id, 'mock']));
    for (const part of key.split('+')) {
      const [dim, value] = part.split('=') as [string, string | undefined];
      const found = dimensions.find((x) => x.id === dim);
      if (!found || !found.values.some((v) => v.name === value)) throw new Error(`no family value ${part}`);
      d[dim] = value!;
    }
    return d;
  }
  const next = prng(key * 2654435761);
  return Object.fromEntries(dimensions.map((d) => [d.id, d.values[Math.floor(next() * d.values.length)]!.name]));
}

/** The clauses a member's choices leave not judged, each with the profile key that would let it run. */
export const expectedNotJudged = (d: Draw): { clause: string; profileKey: string }[] =>
  dimensions.flatMap((x) => x.values.find((v) => v.name === d[x.id])?.notJudged ?? []);

/** One probe per value other than the mock's: every choice alone. */
export const probes = (): string[] =>
  dimensions.flatMap((d) => d.values.filter((v) => v.name !== 'mock').map((v) => `${d.id}=${v.name}`));

/** The draw in one line, the mock's own choices left out. */
export const drawLine = (d: Draw) =>
  Object.entries(d)
    .filter(([, v]) => v !== 'mock')
    .map(([k, v]) => `${k}=${v}`)
    .join(' ') || '(the mock itself)';

/** The member's rules, in phase order (stable within a phase: dimension order). */
export function rulesOf(d: Draw, state: MemberState): Transformation[] {
  const picked = dimensions.flatMap((dim) => {
    const value = dim.values.find((v) => v.name === d[dim.id]);
    if (!value) throw new Error(`dimension ${dim.id} has no value ${d[dim.id]}`);
    return value.rules?.(state) ?? [];
  });
  return picked
    .map((p, i) => ({ ...p, i }))
    .sort((a, b) => a.phase - b.phase || a.i - b.i)
    .map((p) => p.rule);
}

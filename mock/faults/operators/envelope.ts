import type { ClauseId } from '../../../contract/clauses.js';
import { editReply, type Json } from '../edit.js';
import { generated, type JudgedRoute, type OperatorOutput } from './operator.js';
import { copy, objectsWhere, pageContent } from './records.js';

/**
 * Operators `envelope` and `identifier` over §2.7 and the documented identifiers (§2.1–§2.6):
 * each key of each success envelope dropped or renamed (and each list's array null when empty), and
 * each documented identifier renamed in the records of each route that returns them.
 */

/** §2.7, as data: the keys of each success envelope (dotted for nested ones), the routes answering it. */
const envelopes: { name: string; section: string; keys: string[]; optional?: string[]; routes: JudgedRoute[] }[] = [
  {
    name: 'write',
    section: '§2.7 write envelope',
    keys: ['success', 'message', 'data'],
    routes: [
      { name: 'vehicles.create', method: 'POST', path: '/vehicles', clause: 'VEHICLE-CREATE-ENVELOPE' },
      { name: 'vehicles.update', method: 'PUT', path: '/vehicles', clause: 'VEHICLE-UPDATE-ENVELOPE' },
      { name: 'vehicles.archive', method: 'PATCH', path: '/vehicles', clause: 'VEHICLE-ARCHIVE-ENVELOPE' },
      { name: 'items.create', method: 'POST', path: '/items', clause: 'ITEM-CREATE-ENVELOPE' },
      { name: 'items.archive', method: 'PATCH', path: '/items', clause: 'ITEM-ARCHIVE-ENVELOPE' },
    ],
  },
  {
    name: 'vehicles',
    section: '§2.7 vehicles list and get-by-id',
    keys: ['message', 'results', 'results.content', 'results.pagination'],
    routes: [
      { name: 'vehicles.list', method: 'GET', path: '/vehicles', clause: 'VEHICLE-LIST-ENVELOPE' },
      { name: 'vehicles.get', method: 'GET', path: '/vehicles/:vehicleId', clause: 'VEHICLE-GET-ENVELOPE' },
    ],
  },
  {
    name: 'itemsPage',
    section: '§2.7 items page object',
    keys: [
      'content',
      'pageable',
      'pageable.sort',
      'pageable.offset',
      'pageable.pageSize',
      'pageable.pageNumber',
      'pageable.paged',
      'pageable.unpaged',
      'totalPages',
      'totalCount',
      'last',
      'size',
      'number',
      'first',
      'sort',
      'sort.unsorted',
      'sort.sorted',
      'sort.empty',
      'numberOfElements',
      'empty',
    ],
    routes: [{ name: 'items.list', method: 'GET', path: '/items', clause: 'ITEM-LIST-PAGE-OBJECT' }],
  },
  {
    name: 'poList',
    section: '§2.7 purchase orders list',
    keys: ['status', 'data', 'error'],
    optional: ['pagination'],
    routes: [{ name: 'purchaseOrders.list', method: 'GET', path: '/purchaseOrders', clause: 'PO-LIST-ENVELOPE' }],
  },
  {
    name: 'poGet',
    section: '§2.7 purchase orders get-by-id',
    keys: ['status', 'data', 'error'],
    routes: [{ name: 'purchaseOrders.get', method: 'GET', path: '/purchaseOrders/:id', clause: 'PO-GET-ENVELOPE' }],
  },
];

/** The names a backend renames a key to: camelCase to snake_case, else a common synonym. */
const synonyms: Record<string, string> = {
  success: 'ok',
  message: 'msg',
  data: 'result',
  results: 'result',
  content: 'items',
  pagination: 'paging',
  status: 'ok',
  error: 'errors',
  sort: 'sorting',
  offset: 'skip',
  paged: 'isPaged',
  unpaged: 'isUnpaged',
  last: 'isLast',
  first: 'isFirst',
  size: 'limit',
  number: 'page',
  empty: 'isEmpty',
  sorted: 'isSorted',
  unsorted: 'isUnsorted',
  pageable: 'paging',
};
const containers = new Set(['data', 'results', 'content', 'pagination', 'pageable', 'sort', 'error']);
const renamed = (key: string) => synonyms[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The object holding a dotted key, and the key's last name. */
function holder(body: Json, dotted: string): [Record<string, Json>, string] | undefined {
  const parts = dotted.split('.');
  let o = body;
  for (const p of parts.slice(0, -1)) o = o && typeof o === 'object' ? o[p] : undefined;
  return o && typeof o === 'object' && !Array.isArray(o) && parts.at(-1)! in o ? [o, parts.at(-1)!] : undefined;
}

function envelopeFaults(out: OperatorOutput): void {
  for (const env of envelopes) {
    for (const route of env.routes) {
      for (const key of env.keys) {
        const edit = (how: 'dropped' | 'renamed') =>
          editReply(route.method, route.path, (body) => {
            const b = copy(body);
            const h = holder(b, key);
            if (!h) return b;
            const [o, k] = h;
            if (how === 'renamed') o[renamed(k)] = o[k];
            delete o[k];
            return b;
          });
        out.faults.push(
          generated(
            'envelope',
            `${route.name}.${key}:dropped`,
            route.clause,
            `${route.method} ${route.path} answers without \`${key}\` (${env.section}).`,
            edit('dropped'),
          ),
        );
        // Renamed: the containers only (data, results, content…), where a tolerant reader may find the
        // records under another name; a renamed scalar is a dropped one to every reader of the documented name.
        if (!containers.has(key.split('.').at(-1)!)) continue;
        out.faults.push(
          generated(
            'envelope',
            `${route.name}.${key}:renamed`,
            route.clause,
            `${route.method} ${route.path} answers \`${key}\` as \`${renamed(key.split('.').at(-1)!)}\` (${env.section}).`,
            edit('renamed'),
          ),
        );
      }
      for (const key of env.optional ?? [])
        out.unreached.push({
          operator: 'envelope',
          target: `${route.name}.${key}`,
          why: `optional in ${env.section}: dropping it conforms`,
        });
    }
  }
  // A list's array answered null when nothing matches (§2.7: content and data are arrays).
  const lists: [string, string, ClauseId][] = [
    ['vehicles.list', '/vehicles', 'VEHICLE-LIST-ENVELOPE'],
    ['items.list', '/items', 'ITEM-LIST-PAGE-OBJECT'],
    ['purchaseOrders.list', '/purchaseOrders', 'PO-LIST-ENVELOPE'],
  ];
  for (const [name, path, clause] of lists)
    out.faults.push(
      generated(
        'envelope',
        `${name}.array:null-on-empty`,
        clause,
        `GET ${path} answers null instead of an empty array when nothing matches (§2.7).`,
        editReply('GET', path, (body) => {
          const b = copy(body);
          const c = pageContent(b);
          if (c && c.list.length === 0) c.set(null as never);
          return b;
        }),
      ),
    );
}

/** The documented identifiers (§2.1 vehicleId, §2.2 itemId, §2.3 customerId, §2.4 itemId, §2.6 id), per route. */
const identifiers: {
  target: string;
  key: string;
  to: string | undefined;
  method: 'GET';
  path: string;
  clause: ClauseId;
  /** Only the records this holds for (one backend of three). */
  only?: (r: Record<string, Json>) => boolean;
  onlyNote?: string;
}[] = [
  {
    target: 'vehicle.vehicleId@list',
    key: 'vehicleId',
    to: 'id',
    method: 'GET',
    path: '/vehicles',
    clause: 'VEHICLE-LIST-ENVELOPE',
  },
  {
    target: 'vehicle.vehicleId@get',
    key: 'vehicleId',
    to: 'id',
    method: 'GET',
    path: '/vehicles/:vehicleId',
    clause: 'VEHICLE-GET-ENVELOPE',
  },
  {
    target: 'item.itemId@get',
    key: 'itemId',
    to: 'id',
    method: 'GET',
    path: '/items/:itemId',
    clause: 'ITEM-GET-BARE',
  },
  {
    target: 'customer.customerId@list',
    key: 'customerId',
    to: 'id',
    method: 'GET',
    path: '/customers',
    clause: 'CUSTOMER-GET-BY-ID',
  },
  {
    target: 'customer.customerId@get',
    key: 'customerId',
    to: 'id',
    method: 'GET',
    path: '/customers/:customerId',
    clause: 'CUSTOMER-GET-BY-ID',
  },
  {
    target: 'inventoryLevel.itemId@list',
    key: 'itemId',
    to: 'id',
    method: 'GET',
    path: '/inventoryLevels',
    clause: 'INVENTORY-ITEM-AGREES',
  },
  {
    target: 'inventoryLevel.itemId@get',
    key: 'itemId',
    to: undefined,
    method: 'GET',
    path: '/inventoryLevels/:itemId',
    clause: 'INVENTORY-ITEM-AGREES',
  },
  {
    target: 'purchaseOrder.id@list',
    key: 'id',
    to: '_id',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-LIST-ENVELOPE',
  },
  {
    target: 'purchaseOrder.id@list.inventory',
    key: 'id',
    to: '_id',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-LIST-ENVELOPE',
    only: (r) => r.source === 'inventory',
    onlyNote: ' for the inventory backend only',
  },
  {
    target: 'purchaseOrder.id@get',
    key: 'id',
    to: '_id',
    method: 'GET',
    path: '/purchaseOrders/:id',
    clause: 'PO-GET-ANY-BACKEND',
  },
];

function identifierFaults(out: OperatorOutput): void {
  for (const id of identifiers)
    out.faults.push(
      generated(
        'identifier',
        `${id.target}:${id.to ? `as-${id.to}` : 'dropped'}`,
        id.clause,
        `${id.method} ${id.path} answers its records' \`${id.key}\` ${id.to ? `as \`${id.to}\`` : 'not at all'}${id.onlyNote ?? ''}.`,
        editReply(id.method, id.path, (body) => {
          const b = copy(body);
          const records = objectsWhere(b, (o) => id.key in o && (!id.only || id.only(o)));
          // Purchase-order line items may carry ids of their own: only the orders' own field moves.
          for (const r of id.key === 'id' ? records.filter((o) => 'orderItems' in o) : records) {
            if (id.to) r[id.to] = r[id.key];
            delete r[id.key];
          }
          return b;
        }),
      ),
    );
  out.unreached.push({
    operator: 'identifier',
    target: 'item.itemId@list',
    why: 'list elements may name the id otherwise (silences S-2.2-list-element-shape: `id` vs `itemId` from a search index)',
  });
}

export function envelopeOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  envelopeFaults(out);
  return out;
}

export function identifierOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  identifierFaults(out);
  return out;
}

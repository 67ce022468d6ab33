import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small conforming purchase-order server (§4.6, §2.6, §2.7) over orders given by the test: the
 * source table's rows, the two date windows (YYYY-MM-DD, UTC days, end day included), page and size,
 * and the read by id. Other parameters are accepted and ignored (what locationId, itemType and
 * repairOrderId match is not shown). For self-tests of the purchase-order judges on data the mock's
 * seed never holds (orders dated relative to now, sources apart in time).
 */
export interface Order {
  id: string;
  source: 'inventory' | 'online' | 'orders';
  integrationSource: string;
  createdDate: string;
  updatedDate: string;
}

const DAY = 86_400_000;
const dayStart = (d: string) => Date.parse(`${d}T00:00:00Z`);

export async function startPoServer(orders: readonly Order[]) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const q = url.searchParams;
    const byId = /^\/v2\/purchaseOrders\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && byId) {
      const o = orders.find((x) => x.id === decodeURIComponent(byId[1]!));
      return o
        ? send(200, { success: true, message: 'ok', data: o })
        : send(404, { success: false, message: 'not found', error: 'not found' });
    }
    if (req.method !== 'GET' || url.pathname !== '/v2/purchaseOrders')
      return send(404, { success: false, message: 'not found', error: 'not found' });
    const source = q.get('source');
    const catalog = q.get('isPartsCatalog');
    const within = (field: 'createdDate' | 'updatedDate', o: Order) => {
      const [s, e] = [q.get(`${field}Start`), q.get(`${field}End`)];
      const t = Date.parse(o[field]);
      return (!s || t >= dayStart(s)) && (!e || t < dayStart(e) + DAY);
    };
    const matches = orders.filter(
      (o) =>
        (!source || source === 'all' || o.source === source) &&
        (source !== 'online' ||
          catalog === null ||
          (catalog === 'true') === (o.integrationSource === 'PartsCatalog')) &&
        within('createdDate', o) &&
        within('updatedDate', o),
    );
    const size = Number(q.get('size') ?? 20);
    const page = Number(q.get('page') ?? 1);
    const data = matches.slice((page - 1) * size, page * size);
    send(200, { success: true, message: 'ok', data, pagination: { page, size, total: matches.length } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
    seen,
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

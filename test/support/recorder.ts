import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/**
 * A pass-through in front of a target that notes every credential on the wire: bearer values
 * sent, and access or refresh tokens issued in answers. The secret-grep test looks for these.
 */
export async function credentialRecorder(targetBaseUrl: string) {
  const target = new URL(targetBaseUrl);
  const bearers = new Set<string>();
  const issued = new Set<string>();
  const calls: { method: string; path: string; status: number }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const auth = req.headers.authorization;
      const m = /^Bearer (.+)$/i.exec(auth ?? '');
      if (m) bearers.add(m[1]!);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k))
          headers[k] = v;
      try {
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const up = await request(`${target.origin}${req.url}`, { method: req.method as 'GET', headers, body });
        const text = await up.body.text();
        for (const t of text.matchAll(/"(?:accessToken|refreshToken)"\s*:\s*"([^"]+)"/g)) issued.add(t[1]!);
        calls.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, status: up.statusCode });
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(up.headers))
          if (typeof v === 'string' && !['connection', 'transfer-encoding', 'content-length', 'keep-alive'].includes(k))
            out[k] = v;
        res.writeHead(up.statusCode, out);
        res.end(text);
      } catch {
        res.destroy();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname.replace(/\/+$/, '')}`,
    bearers,
    issued,
    calls,
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

import type { IncomingMessage } from 'node:http';
import { errorReply } from '../http.js';
import type { Layer } from './layer.js';

/** Undocumented (§8 "request-size limits: not shown"): bodies over 1 MB get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the raw body, declared or streamed, and stops keeping bytes past the limit. */
function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (c: Buffer) => {
      total += c.length;
      if (total <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(total > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The raw request body onto the exchange; parsing it is the json layer's job, after auth. */
export function bodyLayer(): Layer {
  return async (ex, next) => {
    const raw = await readBody(ex.req);
    if (raw === 'too-large') return errorReply(413, `request body exceeds ${MAX_BODY_BYTES} bytes`);
    ex.raw = raw;
    return next();
  };
}

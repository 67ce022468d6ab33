import type { Layer } from './layer.js';

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

export const CONTROL_PATH = '/__mock/requests';

/** `GET /__mock/requests`, outside /v2 and without a token: how many requests were served, by method. */
export function controlLayer(requestLog: readonly LoggedRequest[]): Layer {
  return (ex, next) => {
    if (ex.method !== 'GET' || ex.url.pathname !== CONTROL_PATH) return next();
    const byMethod: Record<string, number> = {};
    for (const r of requestLog) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
    return Promise.resolve({ status: 200, body: { total: requestLog.length, byMethod } });
  };
}

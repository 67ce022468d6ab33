import * as allure from 'allure-js-commons';
import type { ApiResponse, Exchange } from './client.js';
import type { RecordedExchange } from './exchange-log.js';
import { redact, redactHeaders, redactJsonText } from './redact.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl line that reproduces the exchange. The credential is never written: it reads
 * $ACCESS_TOKEN from the shell instead, so the line is runnable and safe to share.
 */
export function curlLine(req: Exchange['request'], publicUrl?: { from: string; to: string }): string {
  const url = publicUrl ? req.url.replace(publicUrl.from, publicUrl.to) : req.url;
  const parts = ['curl', '-sS', '-X', req.method, shellQuote(redact(url))];
  for (const [k, v] of Object.entries(req.headers)) {
    if (k.toLowerCase() === 'authorization') parts.push('-H', '"Authorization: Bearer $ACCESS_TOKEN"');
    else if (k.toLowerCase() !== 'accept') parts.push('-H', shellQuote(`${k}: ${redact(v)}`));
  }
  if (req.body !== undefined) parts.push('--data-raw', shellQuote(redactJsonText(req.body)));
  return parts.join(' ');
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One Allure step per exchange, with the redacted request, response and a curl line attached. */
export function allureStepAround(publicUrl?: { from: string; to: string }) {
  return async <T extends ApiResponse>(req: Exchange['request'], send: () => Promise<T>): Promise<T> => {
    const shownUrl = publicUrl ? req.url.replace(publicUrl.from, publicUrl.to) : req.url;
    const path = new URL(shownUrl).pathname + new URL(shownUrl).search;
    return allure.step(`${req.method} ${redact(decodeURIComponent(path))}`, async () => {
      const requestText = [
        `${req.method} ${redact(shownUrl)}`,
        ...Object.entries(redactHeaders(req.headers)).map(([k, v]) => `${k}: ${v}`),
        '',
        req.body === undefined ? '' : redactJsonText(pretty(req.body)),
      ].join('\n');
      await allure.attachment('request', requestText, 'text/plain');
      await allure.attachment('curl', curlLine(req, publicUrl), 'text/plain');
      const res = await send();
      const responseText = [
        `HTTP ${res.status} (${res.durationMs} ms${res.retries ? `, ${res.retries} retries` : ''})`,
        ...Object.entries(redactHeaders(res.headers)).map(([k, v]) => `${k}: ${v}`),
        '',
        redactJsonText(pretty(res.text)),
      ].join('\n');
      await allure.attachment(`response ${res.status}`, responseText, 'text/plain');
      return res;
    });
  };
}

/** An exchange a shared fixture made, shown as a step of the check that judged it. */
export async function allureCitation(ex: RecordedExchange, from: string): Promise<void> {
  const path = (() => {
    try {
      const u = new URL(ex.url);
      return u.pathname + u.search;
    } catch {
      return ex.url;
    }
  })();
  await allure.step(`${ex.method} ${decodeURIComponent(path)} (shared fixture ${from})`, async () => {
    const request = [`${ex.method} ${ex.url}`, ...Object.entries(ex.requestHeaders).map(([k, v]) => `${k}: ${v}`), '', ex.requestBody ? pretty(ex.requestBody) : ''].join('\n');
    await allure.attachment('request', request, 'text/plain');
    const response = ex.status === undefined
      ? `no answer: ${ex.error ?? 'unknown'}`
      : [`HTTP ${ex.status} (${ex.durationMs ?? 0} ms)`, ...Object.entries(ex.responseHeaders ?? {}).map(([k, v]) => `${k}: ${v}`), '', pretty(ex.responseBody ?? '')].join('\n');
    await allure.attachment(`response ${ex.status ?? 'none'}`, response, 'text/plain');
  });
}

import { writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { RecordedExchange } from '../core/events.js';
import { redact, redactHeaders, redactJsonText } from '../redact.js';
import type { Output } from './output.js';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the subset of fields viewers need. */
export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  /** blocked: the run's own queue, rate buckets and retry backoff; wait: at the target, from sending to the answer. */
  timings: { blocked: number; send: number; wait: number; receive: number };
  comment?: string;
  /** Custom fields (HAR allows names starting with an underscore). */
  _clause: string;
  _variant?: string;
  _target: string;
  _retries?: number;
  /** Bytes of a body left out (over HAR_BODY_LIMIT): the body's text ends with a note saying so. */
  _truncated?: { request?: number; response?: number };
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

const headerList = (h: Record<string, string> | undefined): HarHeader[] =>
  Object.entries(redactHeaders(h ?? {})).map(([name, value]) => ({ name, value }));

const headerValue = (h: Record<string, string> | undefined, name: string) =>
  Object.entries(h ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];

/** Owner tag `CLAUSE [variant]` as the HAR's custom clause and variant fields. */
function ownerParts(owner: string): { clause: string; variant?: string } {
  const m = /^([^\s[]+) \[(.*)\]$/.exec(owner);
  return m ? { clause: m[1]!, variant: m[2]! } : { clause: owner };
}

function entryOf(ex: RecordedExchange): HarEntry {
  const url = redact(ex.url);
  const { clause, variant } = ownerParts(ex.owner);
  let queryString: HarHeader[] = [];
  try {
    queryString = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    queryString = [];
  }
  const time = Math.max(0, ex.durationMs ?? 0);
  // Older journals have no split: all of it was shown as the target's, as before.
  const wait = Math.min(time, Math.max(0, ex.serverMs ?? time));
  const responseText = ex.responseBody === undefined ? undefined : redactJsonText(ex.responseBody);
  const requestText = ex.requestBody === undefined ? undefined : redactJsonText(ex.requestBody);
  return {
    startedDateTime: ex.startedAt,
    time,
    request: {
      method: ex.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(ex.requestHeaders),
      queryString,
      ...(requestText === undefined
        ? {}
        : {
            postData: {
              mimeType: headerValue(ex.requestHeaders, 'content-type') ?? 'application/json',
              text: requestText,
            },
          }),
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : Buffer.byteLength(requestText),
    },
    response: {
      // HAR viewers show status 0 as a failed request.
      status: ex.status ?? 0,
      statusText: ex.status ? (STATUS_CODES[ex.status] ?? '') : '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(ex.responseHeaders),
      content: {
        size: responseText === undefined ? 0 : Buffer.byteLength(responseText),
        mimeType: headerValue(ex.responseHeaders, 'content-type') ?? 'x-unknown',
        ...(responseText === undefined ? {} : { text: responseText }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: responseText === undefined ? -1 : Buffer.byteLength(responseText),
      ...(ex.error ? { _error: redact(ex.error) } : {}),
    },
    cache: {},
    timings: { blocked: time - wait, send: 0, wait, receive: 0 },
    comment: `${ex.owner}${ex.error ? `: ${redact(ex.error)}` : ''}`,
    _clause: clause,
    ...(variant ? { _variant: variant } : {}),
    _target: ex.target,
    ...(ex.retries ? { _retries: ex.retries } : {}),
    ...(ex.truncated ? { _truncated: ex.truncated } : {}),
  };
}

export function buildHar(exchanges: readonly RecordedExchange[], creator: { name: string; version: string }): Har {
  const entries = exchanges.map(entryOf).sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  return {
    log: {
      version: '1.2',
      creator,
      entries,
      comment: 'Every exchange of one conformance run (every shard after a merge), secrets redacted.',
    },
  };
}

/** exchanges.har: every exchange of the journal, once, as HAR 1.2 for any viewer. */
export const exchangesHar: Output = {
  name: 'exchanges.har',
  kind: 'file',
  what: 'every exchange, redacted (HAR 1.2)',
  inBundle: true,
  write: (path, { events, certification }) => {
    const exchanges = events.flatMap((e) =>
      e.type === 'exchange' && e.exchange.target === 'main' ? [e.exchange] : [],
    );
    writeFileSync(path, redact(JSON.stringify(buildHar(exchanges, certification.harness), null, 1)));
  },
};

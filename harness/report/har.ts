import { writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { readExchanges, type RecordedExchange } from '../exchange-log.js';
import { redact, redactHeaders, redactJsonText } from '../redact.js';

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
  timings: { send: number; wait: number; receive: number };
  comment?: string;
  /** Custom fields (HAR allows names starting with an underscore). */
  _clause: string;
  _variant?: string;
  _target: string;
  _retries?: number;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

const headerList = (h: Record<string, string> | undefined): HarHeader[] => Object.entries(redactHeaders(h ?? {})).map(([name, value]) => ({ name, value }));

const headerValue = (h: Record<string, string> | undefined, name: string) =>
  Object.entries(h ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];

/** Shows the target's own address instead of the local proxy's. */
export type UrlMap = ReadonlyMap<string, { from: string; to: string }>;

function entryOf(ex: RecordedExchange, urls: UrlMap): HarEntry {
  const map = urls.get(ex.target);
  const url = redact(map && ex.url.startsWith(map.from) ? map.to + ex.url.slice(map.from.length) : ex.url);
  let queryString: HarHeader[] = [];
  try {
    queryString = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    queryString = [];
  }
  const time = Math.max(0, ex.durationMs ?? 0);
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
      ...(requestText === undefined ? {} : { postData: { mimeType: headerValue(ex.requestHeaders, 'content-type') ?? 'application/json', text: requestText } }),
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
    timings: { send: 0, wait: time, receive: 0 },
    comment: `${ex.clause}${ex.variant ? ` [${ex.variant}]` : ''}${ex.error ? `: ${redact(ex.error)}` : ''}`,
    _clause: ex.clause,
    ...(ex.variant ? { _variant: ex.variant } : {}),
    _target: ex.target,
    ...(ex.retries ? { _retries: ex.retries } : {}),
  };
}

export function buildHar(exchanges: readonly RecordedExchange[], creator: { name: string; version: string }, urls: UrlMap = new Map()): Har {
  const entries = exchanges.map((ex) => entryOf(ex, urls)).sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  return { log: { version: '1.2', creator, entries, comment: 'Every exchange of one conformance run, secrets redacted.' } };
}

/** Writes every exchange of the run (workers' files under runDir) as one HAR file. */
export function writeHar(runDir: string, file: string, creator: { name: string; version: string }, urls: UrlMap): number {
  // A cited exchange is the same wire exchange a shared fixture already recorded: listed once.
  const har = buildHar(readExchanges(runDir).filter((e) => !e.citedFrom), creator, urls);
  writeFileSync(file, redact(JSON.stringify(har, null, 1)));
  return har.log.entries.length;
}

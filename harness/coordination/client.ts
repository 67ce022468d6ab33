import { request } from 'undici';
import {
  PATH_PREFIX,
  type AdmitAnswer,
  type AdmitRequest,
  type Budget,
  type ClaimAnswer,
  type LagAnswer,
  type LagRequest,
  type Report,
  type SettleRequest,
} from './protocol.js';
import type { TimeSplit } from '../pacing/time-split.js';

/** The workers' side of the coordination protocol, spoken to the target's pacing proxy (the hub). */
export class CoordinationClient {
  private readonly origin: string;

  constructor(proxyBaseUrl: string) {
    this.origin = new URL(proxyBaseUrl).origin;
  }

  private async post<T>(route: string, body: unknown): Promise<T> {
    const res = await request(`${this.origin}${PATH_PREFIX}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // Long polls answer within ~20 s; admission may wait for the backlog to drain.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`coordination ${route}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }

  claim(key: string): Promise<ClaimAnswer> {
    return this.post('shared/claim', { key });
  }

  settle(s: SettleRequest): Promise<void> {
    return this.post('shared/settle', s);
  }

  admit(check: string, budget: Budget): Promise<AdmitAnswer> {
    return this.post('admit', { check, budget } satisfies AdmitRequest);
  }

  release(check: string): Promise<void> {
    return this.post('release', { check });
  }

  /** Where a check's time in the pacing proxy went so far: queued there, or at the target. */
  time(check: string): Promise<TimeSplit> {
    return this.post('time', { check });
  }

  /** The lag the run has learned from every worker's waits, after adding this one's (when given). */
  lag(seen?: LagRequest['seen']): Promise<LagAnswer> {
    return this.post('lag', (seen ? { seen } : {}) satisfies LagRequest);
  }

  /** Sends a report to the hub; resolves once the hub has journaled it. */
  report(r: Report): Promise<void> {
    return this.post('report', r);
  }
}

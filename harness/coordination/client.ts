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
import { channelClient } from './channel.js';

/**
 * The workers' side of the coordination protocol, spoken to the hub in the main process: over the
 * run's in-process channel when there is one (channel.ts), else to the target's pacing proxy.
 */
export class CoordinationClient {
  private readonly origin: string;

  constructor(
    proxyBaseUrl: string,
    private readonly channel?: string,
  ) {
    this.origin = new URL(proxyBaseUrl).origin;
  }

  /**
   * Settled shared tasks as JSON text, by key: a settled outcome never changes, and a fixture's value
   * can be large (a listing: 88 KB on average, 55 MB over a run's 627 claims), so each worker asks
   * for it once. Parsed anew for each claimant, so no check sees another's changes to it.
   */
  private readonly settled = new Map<string, string>();

  private async post<T>(route: string, body: unknown): Promise<T> {
    return JSON.parse(await this.postText(route, body)) as T;
  }

  private async postText(route: string, body: unknown): Promise<string> {
    const bus = this.channel ? await channelClient(this.channel) : undefined;
    if (bus) {
      const reply = await bus.request(this.origin, route, body);
      if (reply.status !== 200) throw new Error(`coordination ${route}: ${reply.status} ${reply.body.slice(0, 200)}`);
      return reply.body;
    }
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
    return text;
  }

  async claim(key: string): Promise<ClaimAnswer> {
    const known = this.settled.get(key);
    if (known !== undefined) return JSON.parse(known) as ClaimAnswer;
    const text = await this.postText('shared/claim', { key });
    const answer = JSON.parse(text) as ClaimAnswer;
    if (answer.role === 'done' || answer.role === 'failed') this.settled.set(key, text);
    return answer;
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

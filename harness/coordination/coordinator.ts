import type { ServerResponse } from 'node:http';
import { Admission, type AdmissionOptions } from './admission.js';
import { LagMemory } from '../eventually.js';
import { PATH_PREFIX, type AdmitRequest, type LagRequest, type Report, type SettleRequest } from './protocol.js';
import { SharedTasks } from './shared-tasks.js';
import { TimeSplits } from '../pacing/time-split.js';

/** Where the coordinator hands what workers report: the run's hub (harness/run/hub.ts). */
export interface ReportSink {
  report(targetId: string, r: Report): void;
  settled(targetId: string, s: SettleRequest): void;
}

/**
 * One target's coordination state in the main process: shared tasks and admission, plus the
 * route by which workers report to the hub. Its HTTP side is mounted on the target's pacing proxy
 * (harness/pacing/proxy.ts) under PATH_PREFIX.
 */
export class Coordinator {
  readonly shared = new SharedTasks();
  readonly admission: Admission;
  /**
   * The target's lag as every worker's waits saw it: one memory for the run, so a lag the first
   * wait learned spares the reads of waits in every other worker (eight workers each learning it
   * alone cost about eight extra reads a run at 150/50).
   */
  readonly lag = new LagMemory();
  /** Each check's time in the proxy, queued or at the target: a deadline judges the target by its own share. */
  readonly times = new TimeSplits();
  private interrupted = false;

  constructor(
    limits: AdmissionOptions,
    private readonly targetId: string,
    private readonly sink?: ReportSink,
  ) {
    this.admission = new Admission(limits);
  }

  handles(path: string): boolean {
    return path.startsWith(PATH_PREFIX);
  }

  /** From now on no check is admitted: the run is stopping. */
  interrupt(): void {
    this.interrupted = true;
    this.admission.interrupt();
  }

  async serve(path: string, body: Buffer, res: ServerResponse): Promise<void> {
    let input: unknown;
    try {
      input = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return reply(res, 400, { error: 'coordination: body is not JSON' });
    }
    const route = path.slice(PATH_PREFIX.length).split('?')[0];
    switch (route) {
      case 'shared/claim':
        return reply(res, 200, await this.shared.claim(String((input as { key?: unknown }).key)));
      case 'shared/settle':
        this.shared.settle(input as SettleRequest);
        this.sink?.settled(this.targetId, input as SettleRequest);
        return reply(res, 200, {});
      case 'admit':
        if (this.interrupted) return reply(res, 200, { interrupted: true });
        return reply(res, 200, await this.admission.admit(input as AdmitRequest));
      case 'release': {
        const check = String((input as { check?: unknown }).check);
        this.admission.release(check);
        this.times.forget(check);
        return reply(res, 200, {});
      }
      case 'time':
        return reply(res, 200, this.times.read(String((input as { check?: unknown }).check)));
      case 'lag': {
        const { seen } = input as LagRequest;
        if (seen) this.lag.record(seen);
        return reply(res, 200, { learnedMs: this.lag.learnedMs() });
      }
      case 'report':
        this.sink?.report(this.targetId, input as Report);
        return reply(res, 200, {});
      default:
        return reply(res, 404, { error: `coordination: no route ${route}` });
    }
  }

  close(): void {
    this.shared.close();
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

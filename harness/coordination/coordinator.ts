import type { ServerResponse } from 'node:http';
import { Admission, type AdmissionOptions } from './admission.js';
import { LagMemory } from '../eventually.js';
import { PATH_PREFIX, type AdmitRequest, type LagRequest, type Report, type SettleRequest } from './protocol.js';
import { SharedTasks } from './shared-tasks.js';
import { TimeSplits } from '../pacing/time-split.js';

/** Where the coordinator hands what workers report: the run's hub (harness/run/hub.ts). */
export interface ReportSink {
  /** May return a promise: the report is answered when it resolves (a ledger entry on disk). */
  report(targetId: string, r: Report): Promise<void> | void;
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

  /** The HTTP side: a worker that cannot reach the in-process channel (harness/coordination/channel.ts). */
  async serve(path: string, body: Buffer, res: ServerResponse): Promise<void> {
    let input: unknown;
    try {
      input = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return reply(res, { status: 400, body: { error: 'coordination: body is not JSON' } });
    }
    reply(res, await this.answer(path.slice(PATH_PREFIX.length).split('?')[0] ?? '', input));
  }

  /** One coordination request, whichever way it came. */
  async answer(route: string, input: unknown): Promise<Answer> {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    switch (route) {
      case 'shared/claim':
        return ok(await this.shared.claim(String((input as { key?: unknown }).key)));
      case 'shared/settle':
        this.shared.settle(input as SettleRequest);
        this.sink?.settled(this.targetId, input as SettleRequest);
        return ok({});
      case 'admit':
        if (this.interrupted) return ok({ interrupted: true });
        return ok(await this.admission.admit(input as AdmitRequest));
      case 'release': {
        const check = String((input as { check?: unknown }).check);
        this.admission.release(check);
        this.times.forget(check);
        return ok({});
      }
      case 'time':
        return ok(this.times.read(String((input as { check?: unknown }).check)));
      case 'lag': {
        const { seen } = input as LagRequest;
        if (seen) this.lag.record(seen);
        return ok({ learnedMs: this.lag.learnedMs() });
      }
      case 'report':
        await this.sink?.report(this.targetId, input as Report);
        return ok({});
      default:
        return { status: 404, body: { error: `coordination: no route ${route}` } };
    }
  }

  close(): void {
    this.shared.close();
  }
}

/** What a coordination request is answered with: a status as HTTP has it, and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

function reply(res: ServerResponse, { status, body }: Answer): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

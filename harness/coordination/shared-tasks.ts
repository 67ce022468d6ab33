import type { ClaimAnswer, FailureKind, SettleRequest } from './protocol.js';

type Outcome =
  { ok: true; value: unknown } | { ok: false; error: string; kind: FailureKind; cause?: SettleRequest['cause'] };

interface Task {
  outcome?: Outcome;
  waiters: ((a: ClaimAnswer) => void)[];
  giveUp: NodeJS.Timeout;
}

/**
 * Single-flight across workers: the first claim of a key runs the task, every later claim waits
 * for its outcome. So a fixture a dozen checks read is created once per target, however the checks
 * are spread over workers. Long waits answer 'wait' so no HTTP exchange outlives its timeouts.
 */
export class SharedTasks {
  private readonly tasks = new Map<string, Task>();

  constructor(
    private readonly pollMs = 20_000,
    private readonly maxTaskMs = 15 * 60_000,
  ) {}

  claim(key: string): Promise<ClaimAnswer> {
    const task = this.tasks.get(key);
    if (!task) {
      const giveUp = setTimeout(
        () =>
          this.settle({
            key,
            kind: 'inconclusive',
            error: `the shared task ${key} did not finish within ${this.maxTaskMs / 60_000} minutes`,
            cause: {
              kind: 'deadline',
              message: `the shared task ${key} did not finish within ${this.maxTaskMs / 60_000} minutes`,
            },
          }),
        this.maxTaskMs,
      );
      giveUp.unref();
      this.tasks.set(key, { waiters: [], giveUp });
      return Promise.resolve({ role: 'run' });
    }
    if (task.outcome) return Promise.resolve(answerOf(task.outcome));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        task.waiters.splice(task.waiters.indexOf(done), 1);
        resolve({ role: 'wait' });
      }, this.pollMs);
      const done = (a: ClaimAnswer) => {
        clearTimeout(timer);
        resolve(a);
      };
      task.waiters.push(done);
    });
  }

  settle(s: SettleRequest): void {
    const task = this.tasks.get(s.key);
    if (!task || task.outcome) return;
    clearTimeout(task.giveUp);
    task.outcome =
      s.error === undefined
        ? { ok: true, value: s.value }
        : { ok: false, error: s.error, kind: s.kind ?? 'error', ...(s.cause ? { cause: s.cause } : {}) };
    for (const w of task.waiters.splice(0)) w(answerOf(task.outcome));
  }

  /** Keys of tasks claimed so far, with whether they ended well; for the run's report. */
  summary(): Record<string, 'running' | 'done' | 'failed'> {
    return Object.fromEntries(
      [...this.tasks].map(([k, t]) => [k, !t.outcome ? 'running' : t.outcome.ok ? 'done' : 'failed']),
    );
  }

  close(): void {
    for (const t of this.tasks.values()) clearTimeout(t.giveUp);
  }
}

function answerOf(o: Outcome): ClaimAnswer {
  return o.ok
    ? { role: 'done', value: o.value }
    : { role: 'failed', error: o.error, kind: o.kind, ...(o.cause ? { cause: o.cause } : {}) };
}

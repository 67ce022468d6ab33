/**
 * Notices a target that stopped answering: after `threshold` attempts in a row failed without
 * any HTTP answer (refused, reset, timed out), the circuit opens and requests fail at once as
 * inconclusive instead of each waiting out its timeouts and retries. Every `probeEveryMs` one
 * request is let through; an answer closes the circuit again.
 */
export class Circuit {
  private failuresInARow = 0;
  private openedAt: number | undefined;
  private lastProbe = 0;
  opened = 0;
  /** When the circuit first opened (wall clock, ISO 8601): when the target stopped answering. */
  firstOpenedAt?: string;

  constructor(
    private readonly threshold = 5,
    private readonly probeEveryMs = 2_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get isOpen(): boolean {
    return this.openedAt !== undefined;
  }

  /** Whether an attempt may go to the target now. */
  allow(): boolean {
    if (this.openedAt === undefined) return true;
    const now = this.now();
    if (now - this.lastProbe < this.probeEveryMs) return false;
    this.lastProbe = now;
    return true;
  }

  /** The target answered with some HTTP status: it is up. */
  answered(): void {
    this.failuresInARow = 0;
    this.openedAt = undefined;
  }

  /** An attempt got no HTTP answer at all. */
  noAnswer(): void {
    this.failuresInARow += 1;
    if (this.openedAt === undefined && this.failuresInARow >= this.threshold) {
      this.openedAt = this.now();
      this.lastProbe = this.openedAt;
      this.opened += 1;
      this.firstOpenedAt ??= new Date().toISOString();
    }
  }
}

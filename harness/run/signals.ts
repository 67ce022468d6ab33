/**
 * Ctrl-C and SIGTERM for a run. The first signal stops the run in order (no new check, cleanup,
 * an INTERRUPTED certificate published); a second one leaves at once. A terminal's Ctrl-C goes
 * to the whole process group, so a repeat within `sameSignalMs` is taken for the same keypress.
 *
 * vitest, running in this process, registers its own SIGINT handler when it starts, which exits
 * a millisecond later: while the run settles, any exit but the run's own is held back.
 */

export const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

export interface SignalHandlers {
  /** The first signal: settle the run in order. The process exits when it resolves, with its code (130 or 143 when it gives none). */
  first(signal: NodeJS.Signals): Promise<number | void>;
  /** A later signal: leave now (write what is left, say how to finish). Must not wait. */
  again(signal: NodeJS.Signals): void;
}

export function guardSignals(h: SignalHandlers, o: { sameSignalMs?: number; now?: () => number } = {}): () => void {
  const now = o.now ?? Date.now;
  const echo = o.sameSignalMs ?? 1_000;
  const realExit = process.exit.bind(process);
  let firstAt: number | undefined;
  let leaving = false;
  const leave = (code: number): never => {
    process.exit = realExit;
    return realExit(code);
  };
  const on = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = now();
      process.exit = (() => undefined) as typeof process.exit;
      void h.first(signal).then(
        (code) => leave(typeof code === 'number' ? code : (SIGNAL_EXIT[signal] ?? 1)),
        (err: unknown) => {
          console.error(
            `While stopping after ${signal}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
          );
          leave(SIGNAL_EXIT[signal] ?? 1);
        },
      );
      return;
    }
    if (now() - firstAt < echo || leaving) return;
    leaving = true;
    h.again(signal);
    leave(SIGNAL_EXIT[signal] ?? 1);
  };
  process.on('SIGINT', on);
  process.on('SIGTERM', on);
  return () => {
    process.off('SIGINT', on);
    process.off('SIGTERM', on);
  };
}

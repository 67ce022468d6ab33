import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Ctrl-C and SIGTERM for a run. The first signal stops the run in order (no new check, cleanup,
 * an INTERRUPTED certificate published); a second one leaves at once. A terminal's Ctrl-C goes
 * to the whole process group, so a repeat within `sameSignalMs` is taken for the same keypress.
 *
 * A process manager signals only the process it started: `kill -TERM` to `npm run conformance`
 * kills npm and the shell it runs the script in, and nothing reaches this process, which would
 * go on testing the target under pid 1. So the run also watches its launcher (its parent, and
 * npm above npm's shell): when it ends, the run stops as on SIGTERM.
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

interface ProcInfo {
  ppid: number;
  state: string;
  argv: string[];
}

/** A process as /proc shows it (Linux); undefined when it is gone or /proc is not there. */
function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid: Number(ppid), state: state ?? '?', argv };
  } catch {
    return undefined;
  }
}

/** npm or npx itself: its script path, or the title npm gives its process ("npm run conformance", "npm exec …"). */
const isNpm = (argv: readonly string[]) =>
  argv.some((a) => /(^|\/)np[mx]-cli\.js$/.test(a)) ||
  /^np[mx]( |$)/.test(argv.join(' ')) ||
  /^np[mx]$/.test(basename(argv[0] ?? ''));
const isShell = (argv: readonly string[]) =>
  /^(sh|bash|dash|zsh|ash)$/.test(basename(argv[0] ?? '')) && argv[1] === '-c';

/**
 * The processes this one must not outlive: its parent and, when the parent is npm's shell (or npm
 * itself), up to npm. Never further: a launcher's own parent (a terminal, a CI runner) may end
 * on purpose without ending the run.
 */
export function launcherOf(pid = process.pid): number[] {
  const self = procInfo(pid);
  const parent = self?.ppid ?? process.ppid;
  const chain = [parent];
  const p = procInfo(parent);
  if (p && isShell(p.argv)) {
    const npm = procInfo(p.ppid);
    if (npm && isNpm(npm.argv)) chain.push(p.ppid);
  }
  return chain.filter((x) => x > 1);
}

/** Whether a process still runs (a zombie, ended but not yet reaped, does not). */
function alive(pid: number): boolean {
  const info = procInfo(pid);
  if (info) return info.state !== 'Z' && info.state !== 'X';
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Calls `gone` once, when a launcher process ends or this process is handed to another parent
 * (reparented to pid 1 or a subreaper). Polled: no signal tells a child that its parent died.
 */
export function watchLauncher(
  gone: (why: string) => void,
  o: { intervalMs?: number; pids?: number[] } = {},
): () => void {
  const pids = o.pids ?? launcherOf();
  const parent = process.ppid;
  if (pids.length === 0) return () => undefined;
  const names = pids.map((pid) => `${pid} (${procInfo(pid)?.argv.join(' ').replace(/\s+/g, ' ').slice(0, 60) ?? '?'})`);
  const timer = setInterval(() => {
    const ended = pids.findIndex((pid) => !alive(pid));
    if (ended < 0 && process.ppid === parent) return;
    clearInterval(timer);
    gone(`the process that launched this run, ${names[ended < 0 ? 0 : ended]}, ended`);
  }, o.intervalMs ?? 250);
  timer.unref();
  return () => clearInterval(timer);
}

export function guardSignals(
  h: SignalHandlers,
  o: { sameSignalMs?: number; now?: () => number; watchLauncher?: boolean; log?: (line: string) => void } = {},
): () => void {
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
  // The launcher gone, whoever reads this process's output may be gone too: a closed pipe must not end the cleanup.
  const ignore = () => undefined;
  process.stdout.on('error', ignore);
  process.stderr.on('error', ignore);
  const unwatch = o.watchLauncher
    ? watchLauncher((why) => {
        // Already stopping (a signal to the whole process group also ends npm): nothing more to do.
        if (firstAt !== undefined) return;
        (o.log ?? console.error)(`\n${why}: stopping as on SIGTERM`);
        on('SIGTERM');
      })
    : () => undefined;
  return () => {
    unwatch();
    process.off('SIGINT', on);
    process.off('SIGTERM', on);
    process.stdout.off('error', ignore);
    process.stderr.off('error', ignore);
  };
}

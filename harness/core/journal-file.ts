import { closeSync, fsync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { JournalEvent } from './events.js';

/** The journal's file name in a run's scratch directory and among its published outputs. */
export const JOURNAL_FILE = 'journal.jsonl';

/**
 * The append-only journal file: one JSON event per line, written by one process only. A line is
 * written whole with one write call, so a killed process loses nothing it appended. Against a
 * crash of the machine, `durable` events (ledger entries, the run's end) are fsynced before the
 * promise append returns resolves, the others within a short interval (group commit), so a crash
 * loses at most the last few exchanges and never a record whose report was answered. The fsync
 * runs off the main thread and covers every line written before it: a synchronous fsync per
 * ledger entry held the pacing proxy and the mock still for 1.7 s of a 14 s run.
 */
export class JournalWriter {
  private fd: number | undefined;
  private pending = false;
  private timer: NodeJS.Timeout | undefined;
  /** The fsync under way, and the one queued behind it for lines written since it began. */
  private syncing: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(
    readonly file: string,
    private readonly syncEveryMs = 200,
  ) {
    this.fd = openSync(file, 'a');
  }

  append(event: JournalEvent, durable: true): Promise<void>;
  append(event: JournalEvent, durable?: false): void;
  append(event: JournalEvent, durable = false): Promise<void> | void {
    if (this.fd === undefined) throw new Error(`journal ${this.file} is closed`);
    writeSync(this.fd, `${JSON.stringify(event)}\n`);
    this.pending = true;
    if (durable) return this.flushed();
    this.timer ??= setTimeout(() => void this.flushed(), this.syncEveryMs);
    this.timer.unref();
  }

  /** Resolves once every line written so far is on disk: one fsync for all lines written while another ran. */
  flushed(): Promise<void> {
    if (this.next) return this.next;
    if (!this.syncing) return (this.syncing = this.fsyncNow());
    // Lines written while an fsync runs need one more after it, shared by all of them.
    return (this.next = this.syncing.then(() => {
      this.syncing = this.next;
      this.next = undefined;
      return this.fsyncNow();
    }));
  }

  private fsyncNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const fd = this.fd;
    this.pending = false;
    return new Promise<void>((done) => {
      if (fd === undefined) return done();
      // A journal closed meanwhile was fsynced by close(); an error here leaves the lines written.
      fsync(fd, () => done());
    }).finally(() => {
      if (this.syncing && !this.next) this.syncing = undefined;
    });
  }

  sync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.fd === undefined || !this.pending) return void (this.pending = false);
    this.pending = false;
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd === undefined) return;
    this.pending = true;
    this.sync();
    closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Every event of a journal file; a last line cut short by a crash is skipped. */
export function readJournal(file: string): JournalEvent[] {
  return parseJournal(readFileSync(file, 'utf8'));
}

export function parseJournal(text: string): JournalEvent[] {
  const out: JournalEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as JournalEvent);
    } catch {
      /* a line cut short by a crash */
    }
  }
  return out;
}

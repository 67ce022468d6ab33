import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { JournalEvent } from './events.js';

/** The journal's file name in a run's scratch directory and among its published outputs. */
export const JOURNAL_FILE = 'journal.jsonl';

/**
 * The append-only journal file: one JSON event per line, written by one process only. A line is
 * written whole with one write call; `durable` events (ledger entries, the run's end) are fsynced
 * before append returns, the others within a short interval (group commit), so a crash loses at
 * most the last few exchanges and never a record the run created.
 */
export class JournalWriter {
  private fd: number | undefined;
  private pending = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly file: string,
    private readonly syncEveryMs = 200,
  ) {
    this.fd = openSync(file, 'a');
  }

  append(event: JournalEvent, durable = false): void {
    if (this.fd === undefined) throw new Error(`journal ${this.file} is closed`);
    writeSync(this.fd, `${JSON.stringify(event)}\n`);
    this.pending = true;
    if (durable) return this.sync();
    this.timer ??= setTimeout(() => this.sync(), this.syncEveryMs);
    this.timer.unref();
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

import { describe, expect, it } from 'vitest';
import { totalNotes, walkConfirmed, type WalkedPage } from '../harness/checks/index.js';

/**
 * The paging walk over a list that is still filling (S-PAGE-stability, S-CONS-read-after-write):
 * a production-like server shows new records in lists one to two seconds after their writes, so
 * the run's own vehicles keep appearing while VEHICLE-PAGING walks. Simulated deterministically
 * (a clock that moves per request and per pause), 50 seeds: a conforming list that fills never
 * fails the walk, and a real paging fault (a record skipped by a still list, a record served twice)
 * still does.
 */

function prng(seed: number): () => number {
  let a = seed + 0x6d2b79f5;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + Math.imul(t ^ (t >>> 14), 71 | t));
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sim {
  fetchPage: (page: number) => Promise<WalkedPage>;
  pause: () => Promise<void>;
  expected: string[];
  requests: () => number;
  draw: string;
  /** Whether the walk can know of a skip: the skipped record was expected (a total is only a hint). */
  skipKnowable: () => boolean;
}

const SIZE = 2;

/**
 * A list of `base` records already visible, and (unless `still`) `added` records written between
 * 1.5 s before the walk and 3 s into it, each visible `lag` ms after its write (1–2 s). Newest first or
 * oldest first; totals reported or not; each request takes 100–250 ms, a pause 1 s.
 */
function simulate(seed: number, o: { fault?: 'skip' | 'repeat'; still?: boolean } = {}): Sim {
  const rnd = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  let now = 0;
  let requests = 0;
  const base = int(3, 7);
  const records = Array.from({ length: base }, (_, i) => ({ id: `old-${i}`, at: -60_000 + i, visibleAt: -60_000 }));
  const added = o.still ? 0 : int(1, 5);
  for (let i = 0; i < added; i++) {
    const at = int(-1500, 3000);
    records.push({ id: `new-${i}`, at, visibleAt: at + int(1000, 2000) });
  }
  const newestFirst = rnd() < 0.5;
  const withTotal = rnd() < 0.7;
  const visible = () =>
    records
      .filter((r) => r.visibleAt <= now)
      .sort((a, b) => (newestFirst ? b.at - a.at : a.at - b.at) || a.id.localeCompare(b.id));
  // The run expects what its own earlier listing showed: the records visible when the walk starts.
  const expected = visible().map((r) => r.id);
  const fetchPage = async (page: number): Promise<WalkedPage> => {
    requests += 1;
    now += int(100, 250);
    const list = visible().map((r) => r.id);
    let ids = list.slice((page - 1) * SIZE, page * SIZE);
    // The faults of a still list: pages after the first start one record late (the third record is
    // never served), or the second page repeats page 1's last.
    if (o.fault === 'skip' && page >= 2) ids = list.slice((page - 1) * SIZE + 1, page * SIZE + 1);
    if (o.fault === 'repeat' && page === 2) ids = [list[SIZE - 1]!, ...ids.slice(1)];
    return { page, ids, total: withTotal ? list.length : undefined };
  };
  return {
    fetchPage,
    pause: async () => void (now += 1000),
    expected,
    requests: () => requests,
    skipKnowable: () => expected.includes(visible()[SIZE]!.id),
    draw: `seed ${seed}: ${base} listed, ${added} appearing, ${newestFirst ? 'newest' : 'oldest'} first, totals ${withTotal}`,
  };
}

const seeds = Array.from({ length: 50 }, (_, i) => i + 1);

describe('VEHICLE-PAGING over a list still filling after the run’s writes (50 seeds)', () => {
  it('never fails a conforming list, and judges it (not inconclusive) once it holds still', async () => {
    let judged = 0;
    let requests = 0;
    for (const seed of seeds) {
      const sim = simulate(seed);
      const r = await walkConfirmed(SIZE, sim.fetchPage, { maxPages: 12, expected: sim.expected, pause: sim.pause });
      expect(r.violations, sim.draw).toEqual([]);
      expect(r.stable, sim.draw).toBe(true);
      // Every record it expected was met on the walk that judged.
      const met = new Set(r.walk.pages.flatMap((p) => p.ids));
      expect(
        sim.expected.filter((id) => !met.has(id)),
        sim.draw,
      ).toEqual([]);
      judged += 1;
      requests += sim.requests();
    }
    expect(judged).toBe(50);
    // Bounded: at most four walks of a short list per seed.
    expect(requests / seeds.length).toBeLessThan(4 * 8);
  });

  it('still fails a still list that skips a record', async () => {
    let knowable = 0;
    for (const seed of seeds) {
      const sim = simulate(seed, { fault: 'skip', still: true });
      const r = await walkConfirmed(SIZE, sim.fetchPage, { maxPages: 12, expected: sim.expected, pause: sim.pause });
      expect(r.stable, sim.draw).toBe(true);
      if (!sim.skipKnowable()) continue;
      knowable += 1;
      expect(
        r.violations.some((v) => /no page held it/.test(v)),
        `${sim.draw}: ${r.violations.join('; ')}`,
      ).toBe(true);
    }
    expect(knowable).toBeGreaterThan(25);
  });

  it('still fails a still list that serves a record twice', async () => {
    for (const seed of seeds) {
      const sim = simulate(seed, { fault: 'repeat', still: true });
      const r = await walkConfirmed(SIZE, sim.fetchPage, { maxPages: 12, expected: sim.expected, pause: sim.pause });
      expect(r.stable, sim.draw).toBe(true);
      expect(
        r.violations.some((v) => / on page \d+ and page \d+/.test(v)),
        `${sim.draw}: ${r.violations.join('; ')}`,
      ).toBe(true);
    }
  });
});

describe('a walk repeated after its list moved', () => {
  it('asks its pages at once, as many as the moved walk met and one more, so the list has less time to move', async () => {
    let total = 7;
    let inFlight = 0;
    const peaks: number[] = [];
    const records = () => Array.from({ length: total }, (_, i) => `r${i}`);
    const fetchPage = async (page: number): Promise<WalkedPage> => {
      inFlight += 1;
      peaks.push(inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      // A record is written while the first walk reads its second page: that walk moved.
      if (page === 2 && total === 7) total = 8;
      return { page, ids: records().slice((page - 1) * 3, page * 3), total };
    };
    const got = await walkConfirmed(3, fetchPage, { pause: async () => undefined });
    expect(got).toMatchObject({ stable: true, walks: 2, failures: [] });
    // The first walk went page by page (3 pages, one at a time); the second asked 4 pages together.
    expect(peaks.slice(0, 3)).toEqual([1, 1, 1]);
    expect(Math.max(...peaks.slice(3))).toBe(4);
  });
});

describe('a list that never holds still (a neighbour writing, the run’s own writes lagging)', () => {
  /** Every request sees one more record at the head: no two pages report the same total. */
  const moving = (oversized = false) => {
    let total = 7;
    return async (page: number): Promise<WalkedPage> => {
      total += 1;
      const ids = Array.from({ length: total }, (_, i) => `r${total - i}`).slice((page - 1) * 3, page * 3);
      return { page, ids: oversized && page === 1 ? [...ids, 'extra'] : ids, total };
    };
  };

  it('is judged on what movement cannot explain, and a conforming list passes (stable: false, no failure)', async () => {
    const got = await walkConfirmed(3, moving(), { pause: async () => undefined });
    expect(got).toMatchObject({ stable: false, walks: 4, failures: [] });
  });

  it('still fails a page over the size asked', async () => {
    const got = await walkConfirmed(3, moving(true), { pause: async () => undefined });
    expect(got.stable).toBe(false);
    expect(got.failures.map((f) => f.message)).toEqual([expect.stringMatching(/page 1/)]);
  });
});

describe('a reported total is a hint, never judged (S-PAGE-totals, S-CONS-counts-vs-contents)', () => {
  /** `count` records in pages of 3, reporting `total`; `served` (default all) are the ones pages hold. */
  const list =
    (count: number, total: number, served = count) =>
    async (page: number): Promise<WalkedPage> => {
      const ids = Array.from({ length: count }, (_, i) => `r${i}`).slice(0, served);
      return { page, ids: ids.slice((page - 1) * 3, page * 3), total };
    };
  const walk = (fetchPage: (p: number) => Promise<WalkedPage>, expected: string[] = []) =>
    walkConfirmed(3, fetchPage, { pause: async () => undefined, expected });

  it('passes a total that counts more than the list holds (a count cached before an archive), and notes it', async () => {
    const got = await walk(list(7, 9));
    expect(got.failures).toEqual([]);
    expect(totalNotes(got.walk)).toEqual(['walked 7 records to the end of the list; the reported total is 9']);
  });

  it('walks past a total that counts less, when a record it expects was not met, and passes', async () => {
    const got = await walk(list(8, 5), ['r7']);
    expect(got).toMatchObject({ failures: [], walks: 2 });
    expect(got.walk.end).toBe('short');
  });

  it('reads on past a seeming end the total says is not one: a page served twice, a page cut short', async () => {
    const records = Array.from({ length: 10 }, (_, i) => `r${i}`);
    // Page 3 serves page 2 again (a cursor cache keyed one page late); the list goes on to r9.
    const again = async (page: number): Promise<WalkedPage> => {
      const at = page === 3 ? 2 : page;
      return { page, ids: records.slice((at - 1) * 3, at * 3), total: 10 };
    };
    expect((await walk(again)).failures.map((f) => f.message)).toEqual([
      'r3 on page 2 and page 3',
      'r4 on page 2 and page 3',
      'r5 on page 2 and page 3',
    ]);
    // Page 2 cut short (a filter applied after the page was cut), the list going on after it.
    const cut = async (page: number): Promise<WalkedPage> => {
      const ids = records.slice((page - 1) * 3, page * 3);
      return { page, ids: page === 2 ? ids.slice(0, 1) : ids, total: 10 };
    };
    expect((await walk(cut)).failures.map((f) => f.message)).toEqual([
      'page 2 holds 1 record(s) while the list serves pages of 3 and goes on after it',
    ]);
  });

  it('still fails a record the list leaves out, whatever the total says', async () => {
    const got = await walk(list(8, 8, 7), ['r7']);
    expect(got.failures.map((f) => f.message)).toEqual(['r7 is in the list but no page held it']);
  });
});

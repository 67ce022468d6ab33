import { parseDateTime } from '../../harness/checks/index.js';
import type { Rec } from '../common/adapter.js';
import { windowAround, type DayWindow } from './days.js';
import { slices, type BackendSlice } from './reads.js';

/**
 * Date windows for PO-FILTERS-COMBINE's full runs, chosen from the known orders rather than by the
 * seed: a row of the §4.6 source table beside a date window shows its source predicate holding only
 * where orders of other backends lie inside the window (the window alone would let them through,
 * so the source alone keeps them out). Every window is a few days around known dates, wide enough
 * for any zone and either reading of the end day (days.ts), and judged only where sure.
 */

type DateField = 'createdDate' | 'updatedDate';
const DAY = 86_400_000;

/** Known orders of a slice and of the others, by what the slice's judge says of each (unjudged ones left out). */
function split(known: readonly Rec[], slice: BackendSlice): { own: Rec[]; others: Rec[] } {
  const judge = slices[slice].judge!;
  const own: Rec[] = [];
  const others: Rec[] = [];
  for (const r of known) {
    const v = judge(r);
    if ('belongs' in v) (v.belongs ? own : others).push(r);
  }
  return { own, others };
}

const timesOf = (rs: readonly Rec[], field: DateField) =>
  rs.map((r) => parseDateTime(r[field])).filter((t): t is number => t !== undefined);

const surelyIn = (w: DayWindow, ts: readonly number[]) => ts.filter((t) => w.surelyIn(t)).length;

/** How far apart an order of the slice and one of another slice may lie for one window to hold both. */
const PAIR_DAYS = 7;

/**
 * The window over `field` that surely holds the most orders of other slices, preferring one that
 * also holds an order of the slice itself (it must then come back): around one known order's date,
 * or around an order of the slice and the nearest order of another slice (within PAIR_DAYS).
 * Undefined when no known order of another slice shows the field.
 */
export function sourceWindow(known: readonly Rec[], slice: BackendSlice, field: DateField): DayWindow | undefined {
  const { own, others } = split(known, slice);
  const [ownT, otherT] = [timesOf(own, field), timesOf(others, field)];
  const nearest = (t: number) => otherT.reduce((a, b) => (Math.abs(b - t) < Math.abs(a - t) ? b : a), Infinity);
  const candidates: (readonly number[])[] = [
    ...[...ownT, ...otherT].sort((a, b) => a - b).map((t) => [t]),
    ...ownT.map((t) => [t, nearest(t)] as const).filter(([t, o]) => Math.abs(t - o) <= PAIR_DAYS * DAY),
  ];
  let best: { w: DayWindow; score: [number, number] } | undefined;
  for (const times of candidates) {
    const w = windowAround(times);
    const score: [number, number] = [Math.min(surelyIn(w, ownT), 1), surelyIn(w, otherT)];
    if (score[1] === 0) continue;
    if (!best || score[0] > best.score[0] || (score[0] === best.score[0] && score[1] > best.score[1]))
      best = { w, score };
  }
  return best?.w;
}

/** Whether a window over `field` surely holds a known order of another slice (so the source alone is shown narrowing). */
export function holdsOthers(known: readonly Rec[], slice: BackendSlice, field: DateField, w: DayWindow): boolean {
  return surelyIn(w, timesOf(split(known, slice).others, field)) > 0;
}

/** Orders of the slice a paged window aims at: more than a page of 3, so page 2 is read, and the walk ends within a few pages. */
const AIM = 4;
const MOST = 9;

/**
 * A createdDate window around AIM consecutive known orders of the slice (at most MOST of its orders
 * possibly inside, so pages of 3 reach the end), the one that surely holds the most orders of other
 * slices; without such a window, the one around the middle orders. Undefined below AIM dated orders.
 */
export function pagedWindow(known: readonly Rec[], slice: BackendSlice): DayWindow | undefined {
  const { own, others } = split(known, slice);
  const ownT = timesOf(own, 'createdDate').sort((a, b) => a - b);
  const otherT = timesOf(others, 'createdDate');
  if (ownT.length < AIM) return undefined;
  const mid = Math.max(0, Math.floor(ownT.length / 2) - AIM / 2);
  let best: { w: DayWindow; others: number; far: number } | undefined;
  for (let i = 0; i + AIM <= ownT.length; i += 1) {
    const w = windowAround(ownT.slice(i, i + AIM));
    if (ownT.filter((t) => !w.surelyOut(t)).length > MOST) continue;
    const n = surelyIn(w, otherT);
    const far = Math.abs(i - mid);
    if (!best || n > best.others || (n === best.others && far < best.far)) best = { w, others: n, far };
  }
  return best?.w ?? windowAround(ownT.slice(mid, mid + AIM));
}

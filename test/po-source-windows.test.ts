import { describe, expect, it } from 'vitest';
import { holdsOthers, pagedWindow, sourceWindow } from '../suites/purchase-orders/source-windows.js';
import type { Rec } from '../suites/common/adapter.js';

const DAY = 86_400_000;
const at = (day: number) => new Date(Date.UTC(2025, 0, 1) + day * DAY + 10 * 3_600_000).toISOString();
const order = (id: string, source: string, integrationSource: string, created: number, updated = created): Rec => ({
  id,
  source,
  integrationSource,
  createdDate: at(created),
  updatedDate: at(updated),
});

// Inventory orders every 3 days; one online order sits between two of them, order-level ones far away.
const known: Rec[] = [
  ...Array.from({ length: 8 }, (_, i) => order(`inv-${i}`, 'inventory', 'Inventory', i * 3)),
  order('onl-1', 'online', 'PartsCatalog', 10, 40),
  order('ord-1', 'orders', 'ManualOrder', 200),
  order('ord-2', 'orders', 'ManualOrder', 260),
];
const surely = (w: { surelyIn(t: number): boolean }, r: Rec, f: 'createdDate' | 'updatedDate') =>
  w.surelyIn(Date.parse(String(r[f])));

describe('PO-FILTERS-COMBINE windows of the full run (suites/purchase-orders/source-windows.ts)', () => {
  it('a source row beside a date window: the window surely holds an order of another slice, and one of its own where it can', () => {
    const w = sourceWindow(known, 'inventory', 'createdDate')!;
    expect(w).toBeDefined();
    expect(
      surely(
        w,
        known.find((r) => r.id === 'onl-1')!,
        'createdDate',
      ),
    ).toBe(true);
    expect(known.filter((r) => r.source === 'inventory').some((r) => surely(w, r, 'createdDate'))).toBe(true);
    expect(holdsOthers(known, 'inventory', 'createdDate', w)).toBe(true);
    // The updated dates of the online order lie elsewhere: the window follows the field asked.
    const u = sourceWindow(known, 'inventory', 'updatedDate')!;
    expect(
      surely(
        u,
        known.find((r) => r.id === 'onl-1')!,
        'updatedDate',
      ),
    ).toBe(true);
  });

  it('a slice with no order of another slice near it still gets a window where others lie (nothing of its own to expect)', () => {
    const w = sourceWindow(known, 'onlineCatalog', 'createdDate')!;
    expect(known.filter((r) => r.source !== 'online').some((r) => surely(w, r, 'createdDate'))).toBe(true);
  });

  it('no window when no order of another slice shows the field', () => {
    const alone = known.filter((r) => r.source === 'inventory');
    expect(sourceWindow(alone, 'inventory', 'createdDate')).toBeUndefined();
  });

  it('a paged window holds more than a page of 3 of the slice, at most 9, and an order of another slice where one lies near', () => {
    const w = pagedWindow(known, 'inventory')!;
    const own = known.filter((r) => r.source === 'inventory');
    expect(own.filter((r) => surely(w, r, 'createdDate')).length).toBeGreaterThanOrEqual(4);
    expect(own.filter((r) => !w.surelyOut(Date.parse(String(r.createdDate)))).length).toBeLessThanOrEqual(9);
    expect(
      surely(
        w,
        known.find((r) => r.id === 'onl-1')!,
        'createdDate',
      ),
    ).toBe(true);
    expect(pagedWindow(known, 'orders')).toBeUndefined(); // two orders: no page 2 to read
  });
});

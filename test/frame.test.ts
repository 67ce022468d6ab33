import { describe, expect, it } from 'vitest';
import { frameViolations, looselyEqual } from '../harness/checks/frame.js';
import { sentFieldPaths, watchedOnArchive } from '../suites/common/frame.js';
import { customers } from '../suites/customers/adapter.js';
import { vehicles } from '../suites/vehicles/adapter.js';

/** The frame of a write (harness/checks/frame.ts): what it sets shows, nothing else moves, judged loosely where the spec is silent. */

const vehicle = {
  vehicleId: 'v1',
  customerId: 'c1',
  make: 'Ford',
  model: 'Focus',
  vehicleName: 'Ford Focus',
  color: 'Red',
  mileage: 1200,
  tags: [
    { name: 'VIP', color: 'ff0000' },
    { name: 'Fleet', color: '00ff00' },
  ],
  notes: 'term run',
  vehicleStatus: 'Active',
  updatedDate: '2026-01-01T00:00:00Z',
};
const named = { layout: 'named' } as const;

describe('frameViolations, named layout', () => {
  it('passes an update that changes the fields sent, bookkeeping and a derived name', () => {
    const after = { ...vehicle, make: 'Mazda', vehicleName: 'Mazda Focus', updatedDate: '2026-02-01T00:00:00Z' };
    expect(frameViolations(vehicle, after, { sets: { make: 'Mazda' } }, named)).toMatchObject({
      notApplied: [],
      moved: [],
    });
  });

  it('names a field sent that did not apply and one not sent that moved', () => {
    const after = { ...vehicle, color: 'Red', notes: '' };
    const v = frameViolations(vehicle, after, { sets: { color: 'Blue' } }, named);
    expect(v.notApplied).toEqual([{ path: 'color', expected: 'Blue', actual: 'Red' }]);
    expect(v.moved).toEqual([{ path: 'notes', expected: 'term run', actual: '' }]);
  });

  it('takes reordered tags and re-cased text as unchanged', () => {
    const after = { ...vehicle, tags: [...vehicle.tags].reverse(), model: ' focus ' };
    expect(frameViolations(vehicle, after, { sets: {} }, named).moved).toEqual([]);
  });

  it('takes a stated number turned into its numeric string as moved (§2.1 states the type), 12.0 as unchanged', () => {
    expect(frameViolations(vehicle, { ...vehicle, mileage: '1200' }, { sets: {} }, named).moved).toEqual([
      { path: 'mileage', expected: 1200, actual: '1200' },
    ]);
    expect(frameViolations(vehicle, { ...vehicle, mileage: JSON.parse('1200.0') }, { sets: {} }, named).moved).toEqual(
      [],
    );
  });

  it('reports a vanished field, and a reactivation when the status was not sent', () => {
    const { color: _gone, ...rest } = vehicle;
    const archived = { ...vehicle, vehicleStatus: 'Inactive' };
    expect(frameViolations(vehicle, rest, { sets: {} }, named).moved).toEqual([
      { path: 'color', expected: 'Red', actual: undefined },
    ]);
    expect(
      frameViolations(archived, { ...archived, mileage: 9, vehicleStatus: 'Active' }, { sets: { mileage: 9 } }, named)
        .moved,
    ).toEqual([{ path: 'vehicleStatus', expected: 'Inactive', actual: 'Active' }]);
  });

  it('on an archive, watches the documented and sent fields only, and lets the status move', () => {
    const watched = watchedOnArchive(vehicles.frame, vehicle, { make: 'Ford', notes: 'term run' });
    const after = { ...vehicle, vehicleStatus: 'Inactive', archivedAt: '2026-03-01', internalFlag: 1 };
    expect(
      frameViolations(vehicle, after, { sets: { vehicleStatus: 'Inactive' } }, { ...named, watched }).moved,
    ).toEqual([]);
    expect(
      frameViolations(
        vehicle,
        { ...after, notes: 'term run | archived' },
        { sets: { vehicleStatus: 'Inactive' } },
        { ...named, watched },
      ).moved.map((m) => m.path),
    ).toEqual(['notes']);
  });

  it('reads dotted paths of nested documented fields', () => {
    const item = { itemId: 'i1', status: 'Active', details: { pricePerUnit: 10, brand: 'NGK' } };
    const v = frameViolations(
      item,
      { ...item, status: 'Inactive', details: { pricePerUnit: 0, brand: 'NGK' } },
      { sets: { status: 'Inactive' } },
      { ...named, watched: ['status', 'details.pricePerUnit', 'details.brand'] },
    );
    expect(v.moved).toEqual([{ path: 'details.pricePerUnit', expected: 10, actual: 0 }]);
  });
});

describe('frameViolations, loose layout (§2.3: not shown)', () => {
  const before = {
    customerId: 'c1',
    name: { first: 'Ann', last: 'Lee' },
    contact: { phones: [{ number: '5550100', type: 'Mobile' }] },
    notes: 'cnfc1 run',
    status: 'Active',
    updatedAt: 't1',
  };

  it('finds a sent value under another name and lets its old place change', () => {
    const after = { ...before, name: { first: 'Ann', last: 'Kim' }, updatedAt: 't2' };
    expect(frameViolations(before, after, { sets: { lastName: 'Kim' } }, { layout: 'loose' })).toMatchObject({
      notApplied: [],
      moved: [],
    });
  });

  it('on an archive, watches what the run sent wherever it shows, and lets status-like fields move', () => {
    const created = {
      firstName: 'Ann',
      lastName: 'Lee',
      phones: [{ number: '5550100', type: 'Mobile' }],
      notes: 'cnfc1 run',
    };
    const watched = watchedOnArchive(customers.frame, before, created);
    expect(watched.sort()).toEqual(['contact.phones', 'name.first', 'name.last', 'notes']);
    const intent = { sets: {}, mayMove: customers.frame.archiveMoves };
    expect(
      frameViolations(before, { ...before, status: 'Inactive', archivedAt: 'now' }, intent, {
        layout: 'loose',
        watched,
      }).moved,
    ).toEqual([]);
    const dropped = { ...before, status: 'Inactive', contact: { phones: [] } };
    expect(
      frameViolations(before, dropped, intent, { layout: 'loose', watched })
        .moved.map((m) => m.path)
        .sort(),
    ).toEqual(['contact.phones.0.number', 'contact.phones.0.type']);
  });

  it('cuts list indices from the paths of sent values (the order of a list is not shown)', () => {
    expect(sentFieldPaths({ emails: [{ email: 'a@x', type: 'P' }] }, { emails: [{ email: 'a@x' }] })).toEqual([
      'emails',
    ]);
  });
});

describe('looselyEqual', () => {
  it('is strict where a value really differs', () => {
    expect(looselyEqual('a', 'b')).toBe(false);
    expect(looselyEqual(1, '1.5')).toBe(false);
    expect(looselyEqual([1, 2], [2, 2])).toBe(false);
    expect(looselyEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(looselyEqual(null, 'x')).toBe(false);
    // "", null and absent read alike (S-TEXT-empty-strings, S-JSON-null-absent-empty).
    expect(looselyEqual(null, '')).toBe(true);
    expect(looselyEqual(undefined, '')).toBe(true);
  });
});

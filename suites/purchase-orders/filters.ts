import { parseDateTime } from '../../harness/checks/index.js';
import type { Query } from '../../harness/client.js';
import type { FilterRule, Known } from '../common/pairwise.js';
import type { DayWindow } from './days.js';
import { slices, type SliceName } from './reads.js';

/**
 * The GET /purchaseOrders parameters of §4.6 as their single-filter checks judge them, for the
 * pairwise check: a row of the source table by the source and channel a record shows, and the
 * date windows by the §2.6 dates with a day of slack (the zone of a date-only bound is not shown).
 */

/** A row of the §4.6 source table; source=all and an omitted source admit every order. */
export function sourceRule(name: SliceName): FilterRule {
  const slice = slices[name];
  return {
    name: 'source',
    query: slice.query,
    admits: (k: Known) => {
      if (!slice.judge) return true;
      const v = slice.judge(k.record);
      return 'unjudged' in v ? undefined : v.belongs ? true : { out: `${slice.label} does not hold ${v.why}` };
    },
  };
}

/** createdDateStart/End or updatedDateStart/End over the §2.6 date of the same name. */
export function dateRule(field: 'createdDate' | 'updatedDate', w: DayWindow): FilterRule {
  return {
    name: `${field} window`,
    query: { [`${field}Start`]: w.start, [`${field}End`]: w.end },
    admits: (k: Known) => {
      const t = parseDateTime(k.record[field]);
      if (t === undefined) return undefined;
      if (w.surelyOut(t)) return { out: `${field} ${JSON.stringify(k.record[field])}, outside ${w.start} .. ${w.end}` };
      return w.surelyIn(t) ? true : undefined;
    },
  };
}

/**
 * A parameter whose match a record cannot show (§4.6 names locationId, itemType and repairOrderId;
 * §2.6 shows no field they filter on): sent in a row, it decides nothing, and the other rules of
 * the row must still hold for what comes back.
 */
export function opaqueRule(name: string, query: Query): FilterRule {
  return { name, query, admits: () => undefined, opaque: true };
}

import type { Clause } from '../../contract/clause.js';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import { isStrictTestable } from '../certify/rules.js';
import type { Selection } from '../core/events.js';
import type { TargetInfo } from '../core/run-info.js';
import type { BudgetFile } from './plan.js';

/**
 * The optional settings whose absence narrows a strict clause of the selection, warned of before
 * any check runs (the certificate then names the same clauses in its headline). Needs come from
 * the budgets the checks were learned with; two settings are read inside a check and listed here.
 */

/** A check's need (harness/check/register.ts) and the setting that meets it. */
const NEED_SETTINGS: Readonly<Record<string, { setting: string; present: (t: TargetInfo) => boolean }>> = {
  tokenNoPo: { setting: 'ACCESS_TOKEN_NO_PO', present: (t) => !!t.tokenNoPo },
  otherCompany: { setting: 'OTHER_COMPANY_ID', present: (t) => !!t.otherCompanyId },
  customer: { setting: 'CUSTOMER_ID', present: (t) => !!t.customerId },
  location: { setting: 'LOCATION_ID', present: (t) => !!t.locationId },
};

/** Settings a check reads itself (not a need): suites/auth/credentials.ts, suites/inventory-levels/update-visible-on-next-read.check.ts. */
export const INNER_SETTINGS: readonly {
  setting: string;
  clause: ClauseId;
  effect: 'not exercised' | 'judged in part';
  present: (t: TargetInfo) => boolean;
}[] = [
  {
    setting: 'ACCESS_TOKEN_EXPIRED',
    clause: 'AUTH-EXPIRED-TOKEN-REJECTED',
    effect: 'not exercised',
    present: (t) => !!t.expiredToken,
  },
  {
    setting: 'SECOND_LOCATION_ID',
    clause: 'INVENTORY-UPDATE-VISIBLE',
    effect: 'judged in part',
    present: (t) => !!t.secondLocationId,
  },
];

const clauseOf = (key: string) => key.split(' [')[0] as ClauseId;
const catalogue: Readonly<Record<string, Clause>> = clauses;
const strict = (id: ClauseId) => !!catalogue[id] && isStrictTestable(catalogue[id]);

/** One warning per absent setting that narrows a strict clause the run selected. */
export function narrowingWarnings(
  target: TargetInfo,
  keys: readonly string[],
  budgets: BudgetFile,
  mode: Selection['mode'],
): string[] {
  const needsOf = new Map(budgets.entries.map((e) => [e.key, e.needs ?? []]));
  const selected = keys.filter((k) => strict(clauseOf(k)));
  // Read-only mode skips a check that writes whatever else it needs: its warning is the mode's.
  const runs = (k: string) => !(mode === 'readonly' && needsOf.get(k)?.includes('write'));
  const out: string[] = [];
  for (const [need, { setting, present }] of Object.entries(NEED_SETTINGS)) {
    if (present(target)) continue;
    const hit = [...new Set(selected.filter((k) => runs(k) && needsOf.get(k)?.includes(need)).map(clauseOf))].sort();
    if (hit.length) out.push(line(setting, 'not exercised', hit));
  }
  for (const s of INNER_SETTINGS) {
    if (s.present(target) || !selected.some((k) => clauseOf(k) === s.clause && runs(k))) continue;
    out.push(line(s.setting, s.effect, [s.clause]));
  }
  return out;
}

function line(setting: string, effect: string, ids: readonly string[]): string {
  const n = ids.length;
  const which = n <= 4 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} and ${n - 3} more`;
  const will = effect === 'not exercised' ? 'will not be exercised' : `will be ${effect}`;
  return `${setting} is not set: ${n} strict clause${n === 1 ? '' : 's'} ${will} (${which}); set it for a whole certificate`;
}

import type { ClauseId } from '../../../contract/clauses.js';
import { editRequest, withQuery, withoutQuery } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';

/**
 * Operator `alias` over the alias pairs of §4.5: each pair's precedence inverted (the legacy name wins
 * when both are sent), the legacy name ignored, and a mixed pair (a standard start with a legacy end,
 * or the reverse) read wrongly: the legacy name is read only when no standard name is sent.
 */
const pairs: {
  at: string;
  path: string;
  standard: readonly [string, string];
  legacy: readonly [string, string];
  wins: ClauseId;
  alone: ClauseId;
}[] = [
  {
    at: 'appointmentRequests',
    path: '/appointmentRequests',
    standard: ['appointmentDateStart', 'appointmentDateEnd'],
    legacy: ['appointmentStartDate', 'appointmentEndDate'],
    wins: 'APPT-STANDARD-WINS',
    alone: 'APPT-LEGACY-ALIAS',
  },
  {
    at: 'availableSlots',
    path: '/appointmentRequests/availableSlots',
    standard: ['appointmentDateStart', 'appointmentDateEnd'],
    legacy: ['startDate', 'endDate'],
    wins: 'SLOTS-STANDARD-WINS',
    alone: 'SLOTS-LEGACY-PAIR',
  },
];

export function aliasOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const p of pairs) {
    for (const i of [0, 1] as const) {
      const [std, old] = [p.standard[i], p.legacy[i]];
      out.faults.push(
        generated(
          'alias',
          `${p.at}.${std}/${old}:legacy-wins`,
          p.wins,
          `GET ${p.path} takes ${old} over ${std} when both are sent (§4.5: the standard name wins).`,
          editRequest('GET', p.path, (ctx) =>
            ctx.query.has(std) && ctx.query.has(old) ? withQuery(ctx, (q) => q.set(std, q.get(old)!)) : ctx,
          ),
        ),
        generated(
          'alias',
          `${p.at}.${old}:ignored`,
          p.alone,
          `GET ${p.path} ignores the legacy name ${old} (§4.5: a legacy alias of ${std}).`,
          editRequest('GET', p.path, (ctx) => withoutQuery(ctx, old)),
        ),
      );
    }
    if (p.at === 'availableSlots') {
      out.unreached.push({
        operator: 'alias',
        target: `${p.at}.mixed-pair`,
        why: 'a window of one standard and one legacy name is not stated for the slots (§4.5 needs one pair; silences S-4.5-slots-pairs)',
      });
      continue;
    }
    out.faults.push(
      generated(
        'alias',
        `${p.at}.mixed-pair:legacy-read-only-without-standard`,
        p.alone,
        `GET ${p.path} reads the legacy names only when no standard name is sent, so ${p.standard[0]} with ${p.legacy[1]} loses its end.`,
        editRequest('GET', p.path, (ctx) =>
          p.standard.some((s) => ctx.query.has(s)) ? withoutQuery(ctx, ...p.legacy) : ctx,
        ),
      ),
    );
  }
  return out;
}

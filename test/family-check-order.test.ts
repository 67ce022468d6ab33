import { describe, expect, it } from 'vitest';
import { parametersFirstRule } from './family/rules.js';
import type { Answer, Call } from './variant/transformations.js';

/**
 * The family's `po-check-order=parameters-first` member (S-4.6-check-order): without the Purchase
 * Orders permission, a list query breaking a §7 rule on its parameters alone gets the rule's 400
 * before the 403; a valid query, and any call with the permission, are left as they are.
 */
const call = (query: string): Call =>
  ({ method: 'GET', path: '/purchaseOrders', query: new URLSearchParams(query) }) as Call;
const denied: Answer = { status: 403, body: { status: false, data: null, error: { message: 'forbidden' } } };
const served: Answer = { status: 200, body: { status: true, data: [], error: null } };

describe('a member that judges the parameters before the permission', () => {
  it('answers 400 for a §7 row 4 to 7 query without the permission', () => {
    for (const q of [
      'source=online',
      'source=inventory&isPartsCatalog=true',
      'source=inventory&repairOrderId=r',
      'source=orders&itemType=part',
    ])
      expect(parametersFirstRule.response!(call(q), denied, denied)?.status, q).toBe(400);
  });

  it('leaves a valid query without the permission 403, and answers with the permission alone', () => {
    expect(parametersFirstRule.response!(call('source=inventory'), denied, denied)).toBeUndefined();
    expect(parametersFirstRule.response!(call('source=online'), served, served)).toBeUndefined();
  });
});

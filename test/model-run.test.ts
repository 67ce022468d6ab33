import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContractViolation } from '../harness/checks/index.js';
import type { CheckContext } from '../harness/conformance.js';
import { checkModel } from '../harness/model/run.js';

/**
 * A model sequence (harness/model/run.ts) fails only on the target's violation: the harness's own
 * exception inside a command errors the check (never a failure of the target), with how to replay it.
 */
const ctx = { seed: 7, frugal: false, numRuns: 3, target: { kind: 'embedded' } } as unknown as CheckContext;
const setup = async () => ({ model: {}, real: {} });
const sequence = (run: () => void) =>
  fc.commands([fc.constant({ check: () => true, run: async () => run(), toString: () => 'step' })], { maxCommands: 2 });

describe('checkModel', () => {
  it('rethrows the harness own exception, with the replay, instead of failing the target', async () => {
    const err = await checkModel(
      ctx,
      sequence(() => {
        throw new TypeError('x is undefined');
      }),
      setup,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(err).not.toBeInstanceOf(ContractViolation);
    expect((err as Error).message).toMatch(/^x is undefined \(replay with SEED=7/);
  });

  it('fails with the violation and its typed failures, the replay in the title', async () => {
    const failure = { kind: 'field-mismatch' as const, field: 'status', message: 'status differs', exchange: 'x1' };
    const err = await checkModel(
      ctx,
      sequence(() => {
        throw new ContractViolation('the read disagrees', failure);
      }),
      setup,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractViolation);
    expect((err as ContractViolation).failures).toEqual([failure]);
    expect((err as ContractViolation).title).toMatch(/^the read disagrees; replay with SEED=7/);
  });
});

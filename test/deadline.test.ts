import { describe, expect, it } from 'vitest';
import { Deadline, withinDeadline } from '../harness/check/deadline.js';
import { InconclusiveError } from '../harness/core/errors.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a check's deadline on a live target", () => {
  it('ends the check inconclusive when its own time is spent', async () => {
    const err = await withinDeadline(
      sleep(500).then(() => undefined),
      new Deadline(60),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InconclusiveError);
    expect((err as Error).message).toMatch(/no conclusion within the 0 s the plan gave it/);
  });

  it('stops while the check waits for a shared fixture, overlapping waits included', async () => {
    const deadline = new Deadline(150);
    const work = (async () => {
      await sleep(50);
      deadline.pause();
      deadline.pause();
      await sleep(200); // longer than the whole deadline: not counted
      deadline.resume();
      await sleep(50); // still one wait under way: not counted
      deadline.resume();
      await sleep(50);
    })();
    await expect(withinDeadline(work, deadline)).resolves.toBeUndefined();
  });
});

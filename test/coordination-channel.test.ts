import { afterAll, describe, expect, it } from 'vitest';
import { CoordinationBus, channelClient } from '../harness/coordination/channel.js';
import { CoordinationClient } from '../harness/coordination/client.js';
import { Coordinator } from '../harness/coordination/coordinator.js';

/** The in-process coordination channel: the same answers as the proxy's HTTP side, without a socket. */
describe('coordination over the in-process channel', () => {
  const bus = new CoordinationBus(`test-bus-${process.pid}`);
  const coordinator = new Coordinator({ getPerMin: 0, writePerMin: 0 }, 'main');
  bus.register('http://127.0.0.1:1', (route, input) => coordinator.answer(route, input));
  afterAll(() => {
    bus.close();
    coordinator.close();
  });

  it('answers a claim, a settle and the claims after it, as the hub keeps them', async () => {
    const client = new CoordinationClient('http://127.0.0.1:1/v2', bus.name);
    expect(await client.claim('fixture')).toEqual({ role: 'run' });
    await client.settle({ key: 'fixture', value: { records: [1, 2] }, waits: [], uses: [] });
    const first = await client.claim('fixture');
    expect(first).toEqual({ role: 'done', value: { records: [1, 2] } });
    // Each claimant gets its own copy of a settled value (the worker keeps it as text).
    (first as { value: { records: number[] } }).value.records.push(3);
    expect(await client.claim('fixture')).toEqual({ role: 'done', value: { records: [1, 2] } });
  });

  it('says which target it does not know, and no channel at all leaves the client to HTTP', async () => {
    const stranger = new CoordinationClient('http://127.0.0.1:2/v2', bus.name);
    await expect(stranger.claim('x')).rejects.toThrow(
      /coordination shared\/claim: 404 .*no target at http:\/\/127\.0\.0\.1:2/,
    );
    expect(await channelClient(`no-such-bus-${process.pid}`, 100)).toBeUndefined();
  });
});

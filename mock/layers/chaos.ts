import { errorReply } from '../http.js';
import type { Knobs } from '../knobs.js';
import type { Layer } from './layer.js';

/**
 * Knob: on GETs only, drop the connection with probability chaos.resetRate, else answer 503 with
 * probability chaos.error503Rate. `random` is seeded, so a given seed fails the same requests.
 */
export function chaosLayer(knobs: Knobs, random: () => number): Layer {
  return (ex, next) => {
    const chaos = knobs.chaos;
    if (!chaos || ex.method !== 'GET') return next();
    const roll = random();
    if (roll < chaos.resetRate) {
      ex.req.socket.destroy();
      return Promise.resolve(undefined);
    }
    if (roll < chaos.resetRate + chaos.error503Rate)
      return Promise.resolve(errorReply(503, 'service unavailable (chaos)'));
    return next();
  };
}

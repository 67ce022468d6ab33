import type { Knobs } from '../knobs.js';
import type { Layer } from './layer.js';

/** Knob: every answer waits knobs.latencyMs before it is written (read per request, so it can change live). */
export function latencyLayer(knobs: Knobs): Layer {
  return async (_ex, next) => {
    const reply = await next();
    if (reply && knobs.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, knobs.latencyMs));
    return reply;
  };
}

import { conformance } from '../../harness/conformance.js';
import { expect400, futureWindow, getSlots, requireSlots } from './support.js';

// §4.5 slots rules: exactly one date pair is needed; none at all is a 400.
conformance('SLOTS-WINDOW-REQUIRED', { needs: ['location'] }, async (ctx) => {
  const [, res] = await Promise.all([requireSlots(ctx, futureWindow(ctx, 'no-window', 3)), getSlots(ctx, {})]);
  expect400(ctx, res, 'availableSlots without any date pair');
});

import { errorReply } from '../http.js';
import { required, type Layer } from './layer.js';

/** Handlers clone and serialise bodies recursively: a deeper body would overflow the stack (found by test/mock-fuzz). */
export const MAX_JSON_DEPTH = 64;

function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const x of Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}

/**
 * §5.2: bodies are JSON. Any Content-Type is read as JSON (the mock does not refuse a charset or
 * another media type); malformed JSON or JSON nested deeper than 64 levels gets 400.
 */
export function jsonLayer(): Layer {
  return (ex, next) => {
    const raw = required(ex.raw, 'the raw body');
    if (raw.length > 0) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return Promise.resolve(errorReply(400, 'malformed JSON body'));
      }
      if (nestedDeeperThan(parsed, MAX_JSON_DEPTH))
        return Promise.resolve(errorReply(400, `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`));
      ex.body = parsed;
    }
    return next();
  };
}

import { isRecord } from './locate.js';

/**
 * A compact type skeleton of a value, for observations of shapes the spec does not show:
 * `{ id: 'string', items: [{ brand: 'string|null' }] }`. Arrays show their first element.
 */
export function shapeOf(value: unknown, maxDepth = 4): unknown {
  const walk = (v: unknown, depth: number): unknown => {
    if (v === null) return 'null';
    if (Array.isArray(v)) return depth >= maxDepth ? `array(${v.length})` : v.length ? [walk(v[0], depth + 1)] : [];
    if (isRecord(v)) {
      if (depth >= maxDepth) return 'object';
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
    }
    return typeof v;
  };
  return walk(value, 0);
}

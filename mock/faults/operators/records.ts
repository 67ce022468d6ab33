import type { Json } from '../edit.js';

/** The objects of a JSON body, at any depth, for which `is` holds (records of one kind wherever an answer puts them). */
export function objectsWhere(body: Json, is: (o: Record<string, Json>) => boolean): Record<string, Json>[] {
  const out: Record<string, Json>[] = [];
  const walk = (v: Json, depth: number): void => {
    if (depth > 12 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    if (is(v)) out.push(v);
    for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(body, 0);
  return out;
}

/** A deep copy of a JSON body, so an edit never touches the store's records the handler answered with. */
export const copy = (body: Json): Json => (body === undefined ? body : JSON.parse(JSON.stringify(body)));

/** The list a paged answer holds (vehicles results.content, items content, purchase orders data), with its place. */
export function pageContent(body: Json): { list: Json[]; set(list: Json[]): void } | undefined {
  if (body && typeof body === 'object') {
    if (body.results && Array.isArray(body.results.content))
      return { list: body.results.content, set: (l) => (body.results.content = l) };
    if (Array.isArray(body.content)) return { list: body.content, set: (l) => (body.content = l) };
    if (Array.isArray(body.data)) return { list: body.data, set: (l) => (body.data = l) };
  }
  return undefined;
}

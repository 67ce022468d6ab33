import { describeChange, frameViolations } from './frame.js';

/**
 * Partial-update invariants (PUT "changes only the fields sent"): the frame of an update, in words.
 * Thin views of frameViolations (frame.ts), kept for the model runs and the fixtures' waits.
 */

export { leavesOf, whereSentShows } from './frame.js';

const named = { layout: 'named' } as const;

/** Sent fields whose value did not come back as sent. */
export function sentFieldsNotApplied(
  after: Record<string, unknown>,
  sent: Record<string, unknown>,
  ignore: readonly string[] = [],
): string[] {
  const sets = Object.fromEntries(Object.entries(sent).filter(([k]) => !ignore.includes(k)));
  return frameViolations({}, after, { sets }, { ...named, watched: [] }).notApplied.map((c) =>
    describeChange(c, 'notApplied'),
  );
}

/**
 * Fields the update did not send whose value changed or vanished. A field that merely reflects a
 * sent one (a display name built from a changed name) is derived, not an unrelated change.
 */
export function unsentFieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  sent: Record<string, unknown>,
): string[] {
  return frameViolations(before, after, { sets: sent }, named).moved.map((c) => describeChange(c, 'moved'));
}

/** Both invariants on records read before and after; non-records give no verdict. */
export function partialUpdateViolations(before: unknown, after: unknown, sent: Record<string, unknown>): string[] {
  const v = frameViolations(before, after, { sets: sent }, named);
  return [
    ...v.notApplied.map((c) => describeChange(c, 'notApplied')),
    ...v.moved.map((c) => describeChange(c, 'moved')),
  ];
}

/**
 * The partial-update invariants on records whose layout is not shown (§4.3 customers): a sent value
 * may land under another name or nested (a written lastName read as name.last); the leaves where it
 * shows, and those where the same name held the old value, may change, as may server-managed ones
 * and leaves that merely reflect a sent value (a display name). Every other leaf keeps its value.
 */
export function loosePartialUpdateViolations(
  before: unknown,
  after: unknown,
  sent: Record<string, unknown>,
): { notShown: string[]; changed: string[] } {
  const v = frameViolations(before, after, { sets: sent }, { layout: 'loose' });
  return {
    notShown: v.notApplied.map(
      (c) => `${c.path}: sent ${JSON.stringify(c.expected)}, shown nowhere in the record read`,
    ),
    changed: v.moved.map((c) => describeChange(c, 'moved')),
  };
}

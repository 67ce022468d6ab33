/**
 * Both halves of a filter rule: the records known to match come back, and the ones known not to
 * match are left out. A record's absence proves something only when the listing reached its end.
 */

/** A returned record whose own fields show the filter excludes it. */
export interface Mismatch {
  id?: string;
  message: string;
}

export interface FilterCase {
  /** Records the check knows match the filter (it made them or read them first), by id, with why. */
  expected: readonly { id: string; why: string }[];
  /** Records the check knows do not match. */
  excluded: readonly { id: string; why: string }[];
  /** Ids the filtered listing returned, and whether it was read to its end. */
  returned: readonly string[];
  complete: boolean;
  /** Returned records whose own fields show they do not match: the id where the record shows one, and a line. */
  mismatched?: readonly Mismatch[];
  /** Returned records whose fields were judged against the filter. */
  judgedRecords?: number;
  /** The unfiltered data holds records that do not match: then returned records that all match show the filter left some out. */
  othersExist?: boolean;
}

export interface FilterVerdict {
  /** Known matches absent from a listing read to its end. */
  leftOut: { id: string; why: string }[];
  /** Known non-matches present. */
  leaked: { id: string; why: string }[];
  /** Evidence that matching records come back. */
  positives: number;
  /** Evidence that other records are left out. */
  negatives: number;
  /** Known records whose presence or absence could not be proven (the listing was cut short). */
  unproven: string[];
}

export function filterVerdict(c: FilterCase): FilterVerdict {
  const got = new Set(c.returned);
  const v: FilterVerdict = { leftOut: [], leaked: [], positives: 0, negatives: 0, unproven: [] };
  for (const e of c.expected) {
    if (got.has(e.id)) v.positives += 1;
    else if (c.complete) v.leftOut.push(e);
    else v.unproven.push(`${e.id} (${e.why}) not on the pages read`);
  }
  for (const x of c.excluded) {
    if (got.has(x.id)) v.leaked.push(x);
    else if (c.complete) v.negatives += 1;
    else v.unproven.push(`${x.id} (${x.why}) may be on a page not read`);
  }
  // Every returned record matching, where others exist, shows the filter left those out; and each
  // is a matching record that came back.
  if (!c.mismatched?.length && (c.judgedRecords ?? 0) > 0) {
    v.positives += c.judgedRecords!;
    if (c.othersExist) v.negatives += 1;
  }
  return v;
}

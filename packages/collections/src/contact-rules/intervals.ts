// Sets of instants as sorted lists of disjoint half-open intervals [start, end) in epoch milliseconds.
// Every rule of the engine yields such a set for a span of time; the allowed windows of a contact are
// their intersection, so the planner gets exact boundaries rather than a sampled approximation.

/** Half-open interval [start, end) of epoch milliseconds. */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

/** Sorts, drops empty intervals and merges overlapping or touching ones. */
export function normalizeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && interval.start <= last.end) {
      if (interval.end > last.end) merged[merged.length - 1] = { start: last.start, end: interval.end };
    } else {
      merged.push(interval);
    }
  }
  return merged;
}

/** The instants in both normalized sets. */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (end > start) out.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return out;
}

/** The instants of normalized set `a` that are not in normalized set `b`. */
export function subtractIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const x of a) {
    let start = x.start;
    while (j < b.length && b[j].end <= start) j++;
    let k = j;
    while (k < b.length && b[k].start < x.end) {
      const y = b[k];
      if (y.start > start) out.push({ start, end: y.start });
      start = Math.max(start, y.end);
      k++;
    }
    if (start < x.end) out.push({ start, end: x.end });
  }
  return out;
}

/** Whether instant `t` lies in the normalized set. */
export function intervalsContain(intervals: readonly Interval[], t: number): boolean {
  return intervals.some((i) => i.start <= t && t < i.end);
}

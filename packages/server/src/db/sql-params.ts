// Numbered parameters for a statement assembled from parts (several data-modifying CTEs in one
// round trip), so each part can add its values without counting placeholders by hand.

/** The parameter list of one statement under construction. */
export class SqlParams {
  readonly values: unknown[];

  /** `first`: values already placed as $1, $2… by the statement's fixed part. */
  constructor(first: readonly unknown[] = []) {
    this.values = [...first];
  }

  /** Adds a value and returns its placeholder (`$n`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

// Test support: replays the random bytes recorded with the interop vectors, so a test reproduces a
// recorded exchange exactly. Not reachable from the package's entry points.
import { hexToBytes } from '../src/srp/bigint-codec.js';

/** A random source that hands out the given hex strings in order, then fails. */
export function scriptedRandom(...chunks: string[]): (n: number) => Uint8Array {
  const queue = chunks.map((hex) => hexToBytes(hex));
  return (n) => {
    const next = queue.shift();
    if (next?.length !== n) throw new Error(`unexpected request for ${n} random bytes`);
    return next;
  };
}

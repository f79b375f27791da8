// Modular exponentiation on native BigInt. V8 multiplies 3072-bit numbers in ~3 us but needs
// ~6 us for the division in `% m`, so what pays is doing fewer multiplications: sliding windows
// for a variable base, and a precomputed table (BGMW) for the fixed generator g.
// None of this is constant-time; see docs/security.md. Servers swap in OpenSSL via ModPowEngine.

/** Computes base^exponent mod modulus; injectable so a Node server can run it in OpenSSL. */
export interface ModPowEngine {
  /** base^exponent mod modulus, in [0, modulus); base may be negative or >= modulus. */
  modPow(base: bigint, exponent: bigint, modulus: bigint): bigint;
}

/** A base whose powers an engine precomputes because it is raised often (SRP's g). */
export interface FixedBase {
  readonly base: bigint;
  readonly modulus: bigint;
}

/** Plain right-to-left binary square-and-multiply: the reference the faster paths are checked against. */
export function modPowSquareMultiply(base: bigint, exponent: bigint, modulus: bigint): bigint {
  checkOperands(exponent, modulus);
  let result = 1n % modulus;
  let square = reduce(base, modulus);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if ((e & 1n) === 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

/** Window width for an exponent of `bitLength` bits (OpenSSL's thresholds). */
export function slidingWindowBits(bitLength: number): number {
  if (bitLength > 671) return 6;
  if (bitLength > 239) return 5;
  if (bitLength > 79) return 4;
  if (bitLength > 23) return 3;
  return 1;
}

/** Left-to-right sliding-window exponentiation with a table of odd powers of the base. */
export function modPowSlidingWindow(base: bigint, exponent: bigint, modulus: bigint, windowBits?: number): bigint {
  checkOperands(exponent, modulus);
  if (modulus === 1n) return 0n;
  if (exponent === 0n) return 1n;
  const bits = exponent.toString(2);
  const width = windowBits ?? slidingWindowBits(bits.length);
  if (!Number.isInteger(width) || width < 1 || width > 16) throw new RangeError('windowBits must be an integer in [1, 16]');

  // oddPowers[i] = base^(2i+1)
  const b = reduce(base, modulus);
  const oddPowers: bigint[] = [b];
  if (width > 1) {
    const square = (b * b) % modulus;
    for (let i = 1; i < 1 << (width - 1); i++) oddPowers.push((oddPowers[i - 1] * square) % modulus);
  }

  let result = 1n;
  let started = false;
  let i = 0;
  while (i < bits.length) {
    if (bits.charCodeAt(i) === 48) {
      if (started) result = (result * result) % modulus;
      i++;
      continue;
    }
    // The longest window of at most `width` bits that starts here and ends in a 1.
    let end = Math.min(i + width, bits.length);
    while (bits.charCodeAt(end - 1) === 48) end--;
    const power = oddPowers[(Number.parseInt(bits.slice(i, end), 2) - 1) >> 1];
    if (started) {
      for (let k = i; k < end; k++) result = (result * result) % modulus;
      result = (result * power) % modulus;
    } else {
      result = power;
      started = true;
    }
    i = end;
  }
  return result;
}

/**
 * Sliding windows for every base, no precomputed table: the engine of the browser client path
 * (web-crypto.ts). A page signs in about once, and building the fixed-base table for g costs about
 * what it then saves (~22 ms per sign-in either way), so the browser bundle leaves the table out.
 */
export const slidingWindowModPowEngine: ModPowEngine = { modPow: (base, exponent, modulus) => modPowSlidingWindow(base, exponent, modulus) };

/**
 * Powers of one fixed base with a lazily grown table base^(2^(w*i)) (Brickell-Gordon-McCurley-Wilson):
 * a 1024-bit exponent costs ~270 multiplications instead of ~1200. Building the table costs
 * about one ordinary exponentiation, paid once per process, as the exponents first need it.
 */
export class FixedBasePowers {
  readonly base: bigint;
  readonly modulus: bigint;
  readonly windowBits: number;
  private readonly table: bigint[];

  constructor(base: bigint, modulus: bigint, windowBits = 5) {
    checkOperands(0n, modulus);
    if (!Number.isInteger(windowBits) || windowBits < 1 || windowBits > 12) throw new RangeError('windowBits must be an integer in [1, 12]');
    this.base = base;
    this.modulus = modulus;
    this.windowBits = windowBits;
    this.table = [reduce(base, modulus)];
  }

  /** base^exponent mod modulus. */
  pow(exponent: bigint): bigint {
    checkOperands(exponent, this.modulus);
    const m = this.modulus;
    if (m === 1n) return 0n;
    if (exponent === 0n) return 1n;
    const w = this.windowBits;
    const bits = exponent.toString(2);
    const windows = Math.ceil(bits.length / w);
    this.growTable(windows);

    // buckets[d] = product of the table entries whose exponent digit is d
    const buckets: (bigint | undefined)[] = new Array<bigint | undefined>(1 << w);
    for (let i = 0; i < windows; i++) {
      const end = bits.length - i * w;
      const digit = Number.parseInt(bits.slice(Math.max(0, end - w), end), 2);
      if (digit === 0) continue;
      const bucket = buckets[digit];
      buckets[digit] = bucket === undefined ? this.table[i] : (bucket * this.table[i]) % m;
    }
    // prod_d buckets[d]^d as a product of running suffix products
    let running: bigint | undefined;
    let result: bigint | undefined;
    for (let d = (1 << w) - 1; d >= 1; d--) {
      const bucket = buckets[d];
      if (bucket !== undefined) running = running === undefined ? bucket : (running * bucket) % m;
      if (running !== undefined) result = result === undefined ? running : (result * running) % m;
    }
    return result ?? 1n;
  }

  private growTable(entries: number): void {
    const m = this.modulus;
    while (this.table.length < entries) {
      let x = this.table[this.table.length - 1];
      for (let k = 0; k < this.windowBits; k++) x = (x * x) % m;
      this.table.push(x);
    }
  }
}

// The table grows with the largest exponent seen; SRP's are ~1100 bits. Beyond this size an
// exponent takes the sliding-window path, so no input can make the table grow without bound.
const fixedBaseMaxExponent = 1n << 4096n;

/** A BigInt engine: precomputed tables for the given fixed bases, sliding windows for any other base. */
export function createWindowedModPowEngine(options: { fixedBases?: readonly FixedBase[]; fixedBaseWindowBits?: number } = {}): ModPowEngine {
  const fixed = (options.fixedBases ?? []).map((entry) => ({ entry, powers: undefined as FixedBasePowers | undefined }));
  return {
    modPow(base, exponent, modulus) {
      if (exponent >= fixedBaseMaxExponent) return modPowSlidingWindow(base, exponent, modulus);
      for (const slot of fixed) {
        if (slot.entry.modulus === modulus && reduce(slot.entry.base, modulus) === reduce(base, modulus)) {
          slot.powers ??= new FixedBasePowers(slot.entry.base, slot.entry.modulus, options.fixedBaseWindowBits);
          return slot.powers.pow(exponent);
        }
      }
      return modPowSlidingWindow(base, exponent, modulus);
    },
  };
}

function checkOperands(exponent: bigint, modulus: bigint): void {
  if (modulus <= 0n) throw new RangeError('modulus must be positive');
  if (exponent < 0n) throw new RangeError('exponent must be non-negative');
}

function reduce(value: bigint, modulus: bigint): bigint {
  const r = value % modulus;
  return r < 0n ? r + modulus : r;
}

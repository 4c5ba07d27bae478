import { randomFillSync } from 'node:crypto';

/**
 * The random number generator every game outcome comes from. `int(n)` is uniform on [0, n): raw
 * 32-bit values at or above the largest multiple of n below 2^32 are rejected and drawn again, so
 * no value is favoured (a plain `x % n` would favour the small residues whenever n does not divide 2^32).
 */
export interface Rng {
  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, unbiased by rejection. */
  int(n: number): number;
}

const TWO_32 = 0x1_0000_0000;

/** The rejection rule on its own, over any source of uniform 32-bit values (tests drive it with a scripted source). */
export function uniformInt(nextUint32: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`int(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
  // Values below `limit` map onto [0, n) exactly `limit / n` times each.
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const x = nextUint32();
    if (x < limit) return x % n;
  }
}

/** 64 KiB of 32-bit values per refill: one system call serves 16 384 draws. */
const POOL_WORDS = 16_384;

/**
 * Node's CSPRNG (the operating system's generator through OpenSSL) read into a pooled buffer that is
 * refilled when used up. The only generator for real rounds.
 */
export class CryptoRng implements Rng {
  readonly #pool: Uint32Array;
  #next: number;

  constructor(poolWords = POOL_WORDS) {
    this.#pool = new Uint32Array(poolWords);
    this.#next = poolWords;
  }

  nextUint32(): number {
    if (this.#next === this.#pool.length) {
      randomFillSync(this.#pool);
      this.#next = 0;
    }
    return this.#pool[this.#next++]!;
  }

  /** The last n and its rejection limit: a spin asks for the same reel lengths over and over (−1: none yet, never a valid n). */
  #n = -1;
  #limit = 0;

  int(n: number): number {
    // Inlined uniformInt: this is the hot path of every spin.
    if (n !== this.#n) {
      if (!(n >= 1 && n <= TWO_32 && Number.isInteger(n))) throw new RangeError(`int(n) needs an integer 1 ≤ n ≤ 2^32, got ${n}`);
      this.#n = n;
      this.#limit = TWO_32 - (TWO_32 % n);
    }
    const limit = this.#limit;
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }
}

export function createCryptoRng(): Rng {
  return new CryptoRng();
}

/**
 * A deterministic generator (sfc32 seeded through splitmix32) with the same interface, FOR TESTS AND
 * THE OFFLINE TUNER ONLY: reproducible runs. Never used for a real round: its sequence is predictable
 * from its seed. Not cryptographic.
 */
export class SeededTestRng implements Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const splitmix = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = splitmix();
    this.#b = splitmix();
    this.#c = splitmix();
    this.#d = splitmix();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0;
    this.#d = (this.#d + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  int(n: number): number {
    return uniformInt(() => this.nextUint32(), n);
  }
}

// A seedable pseudo-random generator (mulberry32) and the draws the traffic generator makes with it, so
// one seed always produces the same traffic.

/** Random draws from one seed. */
export class Random {
  #state: number

  constructor(seed: number) {
    this.#state = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0
    let t = this.#state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }

  /** n decimal digits. */
  digits(n: number): string {
    let out = ''
    for (let i = 0; i < n; i++) out += String(this.int(0, 9))
    return out
  }

  /** n lowercase hex characters. */
  hex(n: number): string {
    let out = ''
    for (let i = 0; i < n; i++) out += this.int(0, 15).toString(16)
    return out
  }

  /** The items in a random order (Fisher-Yates), as a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i)
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }
}

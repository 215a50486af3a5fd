// A stand-in for a Workers rate-limiting binding: `limit` requests per key, then refusals, with every key it was asked about.

export interface FakeLimiter {
  binding: RateLimit
  /** The keys counted, in order. */
  keys: string[]
}

/** A limiter that lets `limit` requests per key through (0: refuses every one). */
export function fakeLimiter(limit: number): FakeLimiter {
  const counts = new Map<string, number>()
  const keys: string[] = []
  const binding = {
    limit: async ({ key }: RateLimitOptions) => {
      keys.push(key)
      const count = (counts.get(key) ?? 0) + 1
      counts.set(key, count)
      return { success: count <= limit }
    },
  } as RateLimit
  return { binding, keys }
}

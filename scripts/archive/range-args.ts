/**
 * @module
 * The `--from` and `--to` options the archive tools share: ISO 8601 times, both optional (all of the archive).
 */
export function timeRange(from: string | undefined, to: string | undefined): { from: number; to: number } {
  const parse = (name: string, raw: string | undefined, fallback: number) => {
    if (raw === undefined) return fallback
    const ms = Date.parse(raw)
    if (Number.isNaN(ms)) {
      console.error(`--${name} must be an ISO 8601 time, e.g. 2026-11-23T00:00:00Z`)
      process.exit(2)
    }
    return ms
  }
  const range = { from: parse('from', from, 0), to: parse('to', to, Number.MAX_SAFE_INTEGER) }
  if (range.from > range.to) {
    console.error('--from must not be after --to')
    process.exit(2)
  }
  return range
}

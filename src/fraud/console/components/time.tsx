/**
 * @module
 * A moment in time: UTC text inside <time datetime>, which the console script rewrites in the browser's
 * own zone (without JavaScript the UTC text stays, labelled as such).
 */

/** "2026-11-23 09:41 UTC": readable without JavaScript. */
export function utcText(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

export function Time({ iso }: { iso: string }) {
  return (
    <time datetime={iso} data-local="">
      {utcText(iso)}
    </time>
  )
}

/** "42 s", "7 min", "3 h 5 min", "2 d 4 h": an age for people. */
export function ageText(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`
}

// Waits until a URL answers (any HTTP status), or a time limit passes, then exits 0 either way: `npm run dev`
// starts the ingredient worker once the fraud worker is up, because two workerd processes creating the
// shared local state (.wrangler/state) at the same moment can fail with SQLITE_BUSY.
//
// Usage: node scripts/wait-for-url.ts <url> [seconds]
import { setTimeout as sleep } from 'node:timers/promises'

const [url = 'http://localhost:8788/health', seconds = '90'] = process.argv.slice(2)
const deadline = Date.now() + Number(seconds) * 1000

while (Date.now() < deadline) {
  const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  )
  if (answered) process.exit(0)
  await sleep(500)
}
console.error(`${url} did not answer within ${seconds} s; starting anyway`)

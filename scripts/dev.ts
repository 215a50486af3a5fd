// Serves both workers offline side by side (`npm run dev`, after the local D1 migrations), each output line
// prefixed with its worker's name; when one stops (or Ctrl-C), both stop.
import { concurrently } from 'concurrently'

// At start-up Miniflare fetches Request.cf metadata from workers.cloudflare.com; offline that prints an
// ENOTFOUND stack trace and falls back to a placeholder anyway. Use the placeholder from the start
// (CLOUDFLARE_CF_FETCH_ENABLED=true in the environment turns the fetch back on).
const env = { CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false' }

const { result } = concurrently(
  [
    // One after the other: two workerd processes creating the shared .wrangler/state at once can hit SQLITE_BUSY.
    { command: 'node scripts/wait-for-url.ts http://localhost:8788/health && npm run dev:ingredient', name: 'ingredient', prefixColor: 'cyan', env },
    { command: 'npm:dev:fraud', name: 'fraud', prefixColor: 'magenta', env },
  ],
  { killOthersOn: ['failure', 'success'] },
)

result.then(
  () => process.exit(0),
  () => process.exit(1),
)

// Serves both workers offline side by side (`npm run dev`, after the local D1 migrations), each output line
// prefixed with its worker's name; when one stops (or Ctrl-C), both stop.
// FRAUD_PORT (8788), INGREDIENT_PORT (8787), FRAUD_INSPECTOR_PORT (9230) and INGREDIENT_INSPECTOR_PORT (9229)
// set the ports; a port already in use stops the start with a message naming its variable.
import { createServer } from 'node:net'
import { Transform } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import { concurrently } from 'concurrently'

/** A port from the environment, or the default. */
function port(variable: string, fallback: number): number {
  const value = process.env[variable]
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) {
    console.error(`${variable}=${value} is not a port (1 to 65535).`)
    process.exit(1)
  }
  return parsed
}

const ports = {
  FRAUD_PORT: port('FRAUD_PORT', 8788),
  INGREDIENT_PORT: port('INGREDIENT_PORT', 8787),
  FRAUD_INSPECTOR_PORT: port('FRAUD_INSPECTOR_PORT', 9230),
  INGREDIENT_INSPECTOR_PORT: port('INGREDIENT_INSPECTOR_PORT', 9229),
}

/** Whether nothing listens on `port` yet (on any address, as wrangler dev listens). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, () => probe.close(() => resolve(true)))
  })
}

// Checked first, so that the wait below can only be answered by this run's own fraud worker.
for (const [variable, value] of Object.entries(ports)) {
  if (!(await isFree(value))) {
    console.error(`Port ${value} is in use (another \`npm run dev\`?). Choose another with ${variable}=<port>.`)
    process.exit(1)
  }
}

// At start-up Miniflare fetches Request.cf metadata from workers.cloudflare.com; offline that prints an
// ENOTFOUND stack trace and falls back to a placeholder anyway. Use the placeholder from the start
// (CLOUDFLARE_CF_FETCH_ENABLED=true in the environment turns the fetch back on).
const env = { CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false' }

const fraud = `npx wrangler dev --local --test-scheduled --var ARCHIVE_OPEN_PARTITIONS:true -c wrangler.fraud.toml --port ${ports.FRAUD_PORT} --inspector-port ${ports.FRAUD_INSPECTOR_PORT}`
const ingredient = `npx wrangler dev --local -c wrangler.ingredient.toml --port ${ports.INGREDIENT_PORT} --inspector-port ${ports.INGREDIENT_INSPECTOR_PORT}`

// Wrangler logs each request ("GET /health 200 OK (3ms)") besides the worker's own JSON line, which says
// more (request id, route, duration): its line is dropped, so each request logs once.
const WRANGLER_REQUEST_LINE = /\[wrangler:info\] (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ \d{3} /
let pending = ''
const oneLinePerRequest = new Transform({
  transform(chunk: Buffer, _encoding, done) {
    const lines = (pending + chunk.toString('utf8')).split('\n')
    pending = lines.pop() ?? ''
    done(null, lines.filter((line) => !WRANGLER_REQUEST_LINE.test(stripVTControlCharacters(line))).map((line) => `${line}\n`).join(''))
  },
  flush(done) {
    done(null, pending)
  },
})
oneLinePerRequest.pipe(process.stdout)

const { result } = concurrently(
  [
    // One after the other: two workerd processes creating the shared .wrangler/state at once can hit SQLITE_BUSY.
    { command: `node scripts/wait-for-url.ts http://localhost:${ports.FRAUD_PORT}/health && ${ingredient}`, name: 'ingredient', prefixColor: 'cyan', env },
    { command: fraud, name: 'fraud', prefixColor: 'magenta', env },
  ],
  { killOthersOn: ['failure', 'success'], outputStream: oneLinePerRequest },
)

result.then(
  () => process.exit(0),
  () => process.exit(1),
)

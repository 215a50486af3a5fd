/**
 * @module
 * Sends a label photo to a running ingredient worker's POST /ocr and prints the answer: the way to
 * try OCR on a real photo, locally (with the remote AI binding) or against a deployment.
 *
 * Usage: npm run ocr -- <photo.jpg|png|webp> [--url http://localhost:8787] [--key <api key>]
 * OCR_URL and OCR_API_KEY may stand in for --url and --key. Exits 0 when a list was read, 1 otherwise.
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.OCR_URL ?? 'http://localhost:8787' },
    key: { type: 'string', default: process.env.OCR_API_KEY },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

const photo = positionals[0]
if (values.help || photo === undefined) {
  console.error('Usage: npm run ocr -- <photo.jpg|png|webp> [--url http://localhost:8787] [--key <api key>]')
  process.exit(photo === undefined && !values.help ? 2 : 0)
}

const endpoint = new URL('/ocr', values.url).toString()
const image = await readPhoto(photo)
const headers: Record<string, string> = { 'content-type': 'application/json' }
if (values.key) headers.authorization = `Bearer ${values.key}`

/** The photo as base64, or a one-line error and exit 1 (a missing file is a typo, not a crash). */
async function readPhoto(path: string): Promise<string> {
  try {
    return (await readFile(path)).toString('base64')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message
    console.error(`Cannot read ${path}: ${reason}.`)
    process.exit(1)
  }
}

const started = performance.now()
let response: Response
try {
  response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ image }) })
} catch (err) {
  console.error(`Could not reach ${endpoint} (${(err as Error).message}).`)
  console.error('Start the worker first: `npx wrangler dev -c wrangler.ingredient.toml` (after `npx wrangler login`), see docs/ocr.md.')
  process.exit(1)
}
const seconds = ((performance.now() - started) / 1000).toFixed(2)
const text = await response.text()
let body: unknown = text
try {
  body = JSON.parse(text)
} catch {
  // Not JSON (a proxy error page, say): print it as it came.
}
console.log(`POST ${endpoint} -> ${response.status} in ${seconds} s`)
console.log(typeof body === 'string' ? body : JSON.stringify(body, null, 2))
process.exit(response.ok && (body as { success?: unknown }).success === true ? 0 : 1)

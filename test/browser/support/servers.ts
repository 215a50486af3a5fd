/**
 * @module
 * What the browser tests talk to, all on 127.0.0.1 and on free ports unless BROWSER_TEST_PORT_BASE names a
 * base: the ingredient worker's built bundle under Miniflare (workerd, the tools' harness), and plain pages on
 * other origins.
 */
import { createServer, type Server } from 'node:http'
import { buildBundle, compatibilityDate } from '@edge-workers/tools/miniflare'
import { INGREDIENT_CONFIG, serveIngredient } from '@edge-workers/tools/workers'

let nextOffset = 0

/** Port 0 (the system picks a free one), or BROWSER_TEST_PORT_BASE plus a running offset. */
function nextPort(): number {
  const base = Number(process.env.BROWSER_TEST_PORT_BASE ?? '')
  if (!Number.isInteger(base) || base <= 0) return 0
  return base + nextOffset++
}

export interface Served {
  origin: string
  close(): Promise<void>
}

/**
 * Serves one empty HTML page at `/` on its own origin, for a test to run fetch() from.
 *
 * @example
 * const page = await servePage() // page.origin === 'http://127.0.0.1:41234'
 */
export async function servePage(): Promise<Served> {
  const server: Server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><html><head><meta charset="utf-8"><title>test page</title></head><body></body></html>')
  })
  await new Promise<void>((resolve) => server.listen(nextPort(), '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the page server has no TCP address')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// Workers AI is remote-only, so a stand-in answers the vision call: the reading of a label saying
// "Ingredients: Water, Glycerin." It is a separate worker reached over RPC, like the real binding.
const VISION_STAND_IN = `
import { WorkerEntrypoint } from 'cloudflare:workers'
export class VisionStandIn extends WorkerEntrypoint {
  async run() {
    return { response: { found: true, header: 'Ingredients:', language: 'en', original_text: 'Ingredients: Water, Glycerin.', english_text: 'Water, Glycerin' } }
  }
  async models() {
    return [{ name: '@cf/meta/llama-4-scout-17b-16e-instruct' }]
  }
}
export default { fetch: () => new Response('vision stand-in') }
`

let bundle: string | undefined

/**
 * Builds the ingredient worker once per run (wrangler deploy --dry-run) and serves it with wrangler.ingredient.toml's
 * bindings, `vars` over its [vars], and the vision stand-in as its Workers AI binding.
 *
 * @example
 * const worker = await serveIngredientWorker({ CORS_ORIGINS: 'http://127.0.0.1:41234' })
 */
export async function serveIngredientWorker(vars: Record<string, string>): Promise<Served> {
  bundle ??= buildBundle(INGREDIENT_CONFIG, 'dist/browser-ingredient')
  const { mf, url } = await serveIngredient(bundle, {
    port: nextPort(),
    vars: { OCR_TIMEOUT_MS: '10000', ...vars },
    standIns: { AI: { name: 'vision-stand-in', entrypoint: 'VisionStandIn' } },
    workers: [{ name: 'vision-stand-in', modules: true, script: VISION_STAND_IN, compatibilityDate: compatibilityDate(INGREDIENT_CONFIG) }],
    // The vision call carries an AbortSignal; over RPC to the stand-in that needs this flag (the real binding does not).
    extraCompatibilityFlags: ['enable_abortsignal_rpc'],
  })
  return { origin: url, close: () => mf.dispose() }
}

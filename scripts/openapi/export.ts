// Writes the OpenAPI documents the built workers serve (GET /openapi.json) to dist/openapi/, so that
// `npm run openapi:lint` lints what a client receives and not a copy kept by hand.
//
// Usage: node scripts/openapi/export.ts [outDir]
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { FRAUD_CONFIG, INGREDIENT_CONFIG, serveFraud, serveIngredient } from '@edge-workers/tools/workers'

const [outDir = 'dist/openapi'] = process.argv.slice(2)
mkdirSync(outDir, { recursive: true })

const workers = [
  { name: 'fraud', serve: () => serveFraud(buildBundle(FRAUD_CONFIG, 'dist/openapi-fraud')) },
  { name: 'ingredient', serve: () => serveIngredient(buildBundle(INGREDIENT_CONFIG, 'dist/openapi-ingredient')) },
]

for (const { name, serve } of workers) {
  const { mf, url } = await serve()
  try {
    const response = await fetch(`${url}/openapi.json`)
    if (!response.ok) throw new Error(`${name}: GET /openapi.json answered ${response.status}`)
    const file = join(outDir, `${name}.json`)
    writeFileSync(file, `${JSON.stringify(await response.json(), null, 2)}\n`)
    console.log(`${file}`)
  } finally {
    await mf.dispose()
  }
}

/**
 * @module
 * A Node module hook that lets the worker's source run in plain Node (the engine benchmark, the backtest, the
 * fit): the knowledge base's `.kb.txt` text modules come from strings read before any timing starts, as workerd
 * holds a worker's text modules in memory when the isolate starts; the answer's language files (JSON the bundler
 * inlines) are imported as modules without the import attribute Node would ask for.
 * Usage: `node --import @edge-workers/tools/loader …` (needs Node >= 22.15 for module.registerHooks).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

const KB_DIR = new URL('../../src/ingredient/knowledge/generated/', import.meta.url)

/** The text modules by file name, read once before anything is measured. */
const texts: Record<string, string> = {}
for (const file of readdirSync(KB_DIR)) if (file.endsWith('.kb.txt')) texts[file] = readFileSync(new URL(file, KB_DIR), 'utf8')
;(globalThis as { __kbTexts?: Record<string, string> }).__kbTexts = texts

registerHooks({
  load(url, context, nextLoad) {
    if (url.endsWith('.kb.txt')) {
      const name = fileURLToPath(url).split(/[\\/]/).pop() ?? ''
      return { format: 'module', shortCircuit: true, source: `export default globalThis.__kbTexts[${JSON.stringify(name)}]` }
    }
    if (url.endsWith('.json') && url.includes('/src/ingredient/')) {
      return { format: 'module', shortCircuit: true, source: `export default ${readFileSync(new URL(url), 'utf8')}` }
    }
    return nextLoad(url, context)
  },
})

/**
 * @module
 * Node module hooks that let the workers' source run in plain Node for the engine micro-benchmarks, as
 * wrangler's esbuild resolves it: extensionless relative imports find their `.ts` or `.js` file, JSON
 * modules load without import attributes, and the knowledge base's `.kb.txt` text modules are strings.
 * Usage: `node --import ./bench/micro/hooks.ts …` (module.registerHooks needs Node >= 22.15).
 */
import { readFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (/^\.\.?\//.test(specifier) && !/\.[cm]?[jt]sx?$|\.kb\.txt$|\.json$/.test(specifier)) {
      for (const suffix of ['.ts', '.js', '/index.ts']) {
        try {
          return nextResolve(specifier + suffix, context)
        } catch {
          // Try the next spelling.
        }
      }
    }
    return nextResolve(specifier, context)
  },
  load(url, context, nextLoad) {
    // Read the file here, outside any timed section, as workerd holds a bundle's modules in memory.
    if (url.endsWith('.kb.txt')) {
      return { format: 'module', shortCircuit: true, source: `export default ${JSON.stringify(readFileSync(fileURLToPath(url), 'utf8'))}` }
    }
    if (url.endsWith('.json')) {
      return { format: 'module', shortCircuit: true, source: `export default ${readFileSync(fileURLToPath(url), 'utf8')}` }
    }
    return nextLoad(url, context)
  },
})

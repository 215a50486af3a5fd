/**
 * @module
 * The content hash of the knowledge base's inputs, shared by the generator (which embeds it), the
 * freshness check and the vitest config (which hands it to the workerd test as a binding).
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inputFiles, ROOT } from './inputs.ts'

/**
 * SHA-256 over every input file's path and bytes, in a fixed order. Line endings are normalised so a
 * checkout with CRLF conversion hashes like the original.
 *
 * @example
 * const hash = await computeKbInputHash() // 'sha256:3f1c…'
 */
export async function computeKbInputHash(): Promise<string> {
  const hash = createHash('sha256')
  for (const file of inputFiles()) {
    const bytes = await readFile(join(ROOT, file))
    const text = file.endsWith('.ts') ? Buffer.from(bytes.toString('utf8').replace(/\r\n/g, '\n')) : bytes
    hash.update(`${file}\0${text.length}\0`)
    hash.update(text)
  }
  return `sha256:${hash.digest('hex')}`
}

/**
 * @module
 * `npm run typecheck`: every TypeScript project of the repository (each folder's tsconfig.json), checked by
 * tsc side by side, as many at once as the machine has cores. Each project has its own globals (workerd's,
 * vitest's, Node's, the DOM's), so they cannot be one program; run one after another they took twice as long.
 * The root tsconfig.json is the shared base: it checks src/lib, which both workers' projects include.
 */
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const SKIP = new Set(['node_modules', 'dist', '.wrangler', '.git', 'coverage'])

/** The folders below the root that hold a tsconfig.json. */
function projects(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIP.has(entry.name) || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (readdirSync(path).includes('tsconfig.json')) found.push(relative(ROOT, path))
    found.push(...projects(path))
  }
  return found
}

/** Runs tsc on one project; resolves with its output and whether it passed. */
function check(project: string): Promise<{ project: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: ROOT })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ project, ok: code === 0, output }))
  })
}

// The test projects are the largest (each includes its worker's source): start them first.
const queue = projects(ROOT).sort((a, b) => Number(b.startsWith('test/')) - Number(a.startsWith('test/')) || a.localeCompare(b))
const failed: string[] = []
async function worker(): Promise<void> {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await check(project)
    process.stdout.write(`${result.ok ? 'ok  ' : 'FAIL'} tsc -p ${result.project}\n${result.output}`)
    if (!result.ok) failed.push(result.project)
  }
}
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker))
if (failed.length > 0) {
  console.error(`typecheck: ${failed.length} project(s) failed: ${failed.join(', ')}`)
  process.exit(1)
}

/**
 * @module
 * npm run bench:archive -- [--decisions 1000000] [--hours 24] [--threads N] [--dir PATH] [--regenerate]
 * Writes (once; kept for later runs) an archive of N decisions in the archive's own format with the worker's
 * archive writer, then backtests a stricter candidate over all of it as `npm run backtest` does, and prints the
 * decisions re-scored a second (and per CPU second: the figure the machine's other load does not change), the
 * peak memory and the machine's load while it ran.
 */
import { existsSync } from 'node:fs'
import { readdir, stat, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { archiveBacktest } from '../backtest/run.ts'
import { pulledLabels } from '../labels.ts'
import { bundledPolicy, generateArchive } from './generate.ts'

const { values } = parseArgs({
  options: {
    decisions: { type: 'string', default: '1000000' },
    hours: { type: 'string', default: '24' },
    threads: { type: 'string' },
    dir: { type: 'string' },
    regenerate: { type: 'boolean', default: false },
  },
})
const count = Number(values.decisions)
const hours = Number(values.hours)
const dir = values.dir ?? join(tmpdir(), `archive-bench-${count}-${hours}h`)
const done = join(dir, 'generated.json')

async function folderBytes(root: string): Promise<number> {
  let sum = 0
  for (const entry of await readdir(join(root, 'evidence'), { recursive: true })) if (entry.endsWith('.gz')) sum += (await stat(join(root, 'evidence', entry))).size
  return sum
}

if (values.regenerate || !existsSync(done)) {
  console.log(`Writing ${count} decisions over ${hours} hours into ${dir} with the archive writer (once)…`)
  const started = performance.now()
  const outcomes = await generateArchive(dir, { count, hours, seed: 1, end: Date.parse('2026-11-24T00:00:00Z') })
  await writeFile(done, JSON.stringify({ count, hours, outcomes, seconds: Math.round((performance.now() - started) / 1000) }))
}

const policy = bundledPolicy()
const candidate = { ...policy, version: `${policy.version}-stricter`, thresholds: { block: 70, review: 55, friction: 30 } }
const load = [loadavg()[0]!]
const sampler = setInterval(() => load.push(loadavg()[0]!), 2000)
const started = performance.now()
const cpuBefore = process.cpuUsage()
const result = await archiveBacktest({
  dir,
  from: 0,
  to: Number.MAX_SAFE_INTEGER,
  tenant: 'default',
  candidate,
  labels: pulledLabels(dir, 0, Number.MAX_SAFE_INTEGER),
  ...(values.threads === undefined ? {} : { threads: Number(values.threads) }),
})
const seconds = (performance.now() - started) / 1000
// CPU of every thread of the process (the worker threads' and DuckDB's too): the cost without the machine's other load.
const cpu = process.cpuUsage(cpuBefore)
const cpuSeconds = (cpu.user + cpu.system) / 1e6
clearInterval(sampler)
const decisions = result.comparison?.decisions ?? 0
const figures = {
  decisions,
  objects: result.objects,
  archive_mb: Math.round((await folderBytes(dir)) / 1e5) / 10,
  threads: result.threads,
  cores: availableParallelism(),
  seconds: Math.round(seconds * 10) / 10,
  decisions_per_second: Math.round(decisions / seconds),
  cpu_seconds: Math.round(cpuSeconds * 10) / 10,
  decisions_per_cpu_second: Math.round(decisions / cpuSeconds),
  // Worker threads live in this process: its peak resident set covers them and DuckDB's buffers.
  peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  load_average: { min: Math.min(...load), max: Math.max(...load) },
  changed: result.comparison?.changed ?? 0,
}
console.log(JSON.stringify(figures))
console.log(
  `${figures.decisions_per_second} decisions a second (${decisions} in ${figures.seconds} s on ${figures.threads} threads, ${figures.cores} cores; ` +
    `${figures.decisions_per_cpu_second} a CPU second; peak memory ${figures.peak_rss_mb} MB; 1-minute load ${figures.load_average.min.toFixed(1)} to ${figures.load_average.max.toFixed(1)})`,
)

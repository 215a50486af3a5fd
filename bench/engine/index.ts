/**
 * @module
 * Runs the engine measurements of bench/engine/measure.ts in child Node processes (the module hooks must
 * be loaded before the engine): one steady-state run and several cold starts, each a fresh process.
 */
import { execFileSync } from 'node:child_process'

export interface EngineFigures {
  steady: { iterations: number; meanMs: number; p50Ms: number; p99Ms: number; cpuPerAnalysisMs: number; parseMs: number }
  /** The same steady state answered in Japanese: the language files add no cost once loaded. */
  steadyJapanese: { cpuPerAnalysisMs: number }
  cold: {
    runs: number; loadMs: number; firstAnalysisMs: number; totalMs: number
    loadCpuMs: number; firstAnalysisCpuMs: number; totalCpuMs: number; worstTotalCpuMs: number
  }
}

function measure(...args: string[]): Record<string, number> {
  const out = execFileSync(process.execPath, ['--import', '@edge-workers/tools/loader', 'bench/engine/measure.ts', ...args], { encoding: 'utf8' })
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, number>
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/**
 * Measures the engine: `iterations` steady-state analyses of the 40-ingredient moisturiser, and the median
 * of `coldRuns` fresh processes for the first analysis with the knowledge base's loading.
 *
 * @example
 * const figures = measureEngine({ iterations: 2000, coldRuns: 7 })
 */
export function measureEngine(options: { iterations: number; coldRuns: number }): EngineFigures {
  const steady = measure('steady', String(options.iterations)) as EngineFigures['steady']
  const steadyJapanese = measure('steady', String(options.iterations), 'ja') as EngineFigures['steadyJapanese']
  const colds = Array.from({ length: options.coldRuns }, () => measure('cold'))
  const pick = (key: string) => median(colds.map((c) => c[key] ?? 0))
  return {
    steady,
    steadyJapanese,
    cold: {
      runs: colds.length,
      loadMs: pick('loadMs'),
      firstAnalysisMs: pick('firstAnalysisMs'),
      totalMs: pick('totalMs'),
      loadCpuMs: pick('loadCpuMs'),
      firstAnalysisCpuMs: pick('firstAnalysisCpuMs'),
      totalCpuMs: pick('totalCpuMs'),
      worstTotalCpuMs: Math.max(...colds.map((c) => c.totalCpuMs ?? 0)),
    },
  }
}

/** Prints the engine figures as a table, in milliseconds: CPU time of the process, and wall-clock time. */
export function printEngine(figures: EngineFigures): void {
  const ms = (n: number) => Number(n.toFixed(3))
  const { steady, steadyJapanese, cold } = figures
  console.log('Engine in Node (parse + resolve + analyse, no HTTP). CPU ms is the process\'s CPU time; wall ms also counts waiting for a busy machine.')
  console.table([
    { measurement: `40-ingredient moisturiser, steady state, per analysis (${steady.iterations} runs)`, 'CPU ms': ms(steady.cpuPerAnalysisMs), 'wall ms (median)': ms(steady.p50Ms), 'wall ms (p99)': ms(steady.p99Ms) },
    { measurement: '  of which parsing', 'CPU ms': '', 'wall ms (median)': ms(steady.parseMs), 'wall ms (p99)': '' },
    { measurement: '  the same, answered in Japanese', 'CPU ms': ms(steadyJapanese.cpuPerAnalysisMs), 'wall ms (median)': '', 'wall ms (p99)': '' },
    { measurement: `cold start: knowledge-base loading (median of ${cold.runs} processes)`, 'CPU ms': ms(cold.loadCpuMs), 'wall ms (median)': ms(cold.loadMs), 'wall ms (p99)': '' },
    { measurement: 'cold start: first analysis', 'CPU ms': ms(cold.firstAnalysisCpuMs), 'wall ms (median)': ms(cold.firstAnalysisMs), 'wall ms (p99)': '' },
    { measurement: 'cold start: loading + first analysis', 'CPU ms': ms(cold.totalCpuMs), 'wall ms (median)': ms(cold.totalMs), 'wall ms (p99)': `worst CPU ${ms(cold.worstTotalCpuMs)}` },
  ])
}

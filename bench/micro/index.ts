/**
 * @module
 * Runs the engine micro-benchmarks of bench/micro/engines.ts, each in a child Node process (the module
 * hooks must be loaded before the engine); the cold start is the median of several fresh processes.
 */
import { execFileSync } from 'node:child_process'

export interface EngineFigures {
  decide_us: number
  analyze40_ms: number
  analyze_cold_ms: number
}

function measure(mode: string, iterations: number): Record<string, number> {
  const out = execFileSync(process.execPath, ['--import', './bench/micro/hooks.ts', 'bench/micro/engines.ts', mode, String(iterations)], { encoding: 'utf8' })
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, number>
}

/**
 * Scoring one decision, one steady-state 40-ingredient analysis (medians of `iterations`), and the median
 * of `coldRuns` cold starts.
 *
 * @example
 * const engines = measureEngines({ iterations: 2000, coldRuns: 5 }) // { decide_us: 5, analyze40_ms: 0.8, analyze_cold_ms: 240 }
 */
export function measureEngines(options: { iterations: number; coldRuns: number }): EngineFigures {
  const colds = Array.from({ length: options.coldRuns }, () => measure('cold', 1).analyze_cold_ms ?? 0).sort((a, b) => a - b)
  return {
    decide_us: measure('decide', options.iterations * 10).decide_us ?? 0,
    analyze40_ms: measure('analyze', options.iterations).analyze40_ms ?? 0,
    analyze_cold_ms: colds[Math.floor(colds.length / 2)] ?? 0,
  }
}

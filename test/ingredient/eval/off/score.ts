/**
 * @module
 * Scores /analyze answers against OFF's: the top-level ingredient count, allergen families and trace families
 * (recall and precision over (case, family) pairs), per language and overall. Pure.
 */
import type { Observed } from '../score.ts'
import type { FoodFamily } from '../types.ts'
import type { OffCase } from './cases.ts'

export interface Ratio { hit: number; total: number }
export interface OffScore {
  offCase: OffCase
  /** The number of top-level ingredients /analyze gave. */
  count: number
  countOk?: boolean
  allergens?: { found: FoodFamily[]; missed: FoodFamily[]; extra: FoodFamily[] }
  traces?: { found: FoodFamily[]; missed: FoodFamily[]; extra: FoodFamily[] }
}

function compare(expected: readonly FoodFamily[], seen: ReadonlySet<string>) {
  const found = expected.filter((f) => seen.has(f))
  const missed = expected.filter((f) => !seen.has(f))
  const extra = [...seen].filter((f) => !expected.includes(f as FoodFamily)) as FoodFamily[]
  return { found, missed, extra }
}

/**
 * One case's score from what a reader declaring every food family is told.
 *
 * @example
 * scoreOffCase({ id: 'x#1', source: 'x', language: 'en', text: 'milk', topLevel: ['milk'], allergens: ['milk'] }, 1, observed)
 */
export function scoreOffCase(offCase: OffCase, count: number, observed: Pick<Observed, 'contains' | 'mayContain'>): OffScore {
  return {
    offCase,
    count,
    ...(offCase.topLevel === undefined ? {} : { countOk: count === offCase.topLevel.length }),
    ...(offCase.allergens === undefined ? {} : { allergens: compare(offCase.allergens, observed.contains) }),
    ...(offCase.traces === undefined ? {} : { traces: compare(offCase.traces, observed.mayContain) }),
  }
}

export interface OffSummary {
  cases: number
  topLevel: Ratio
  allergenRecall: Ratio
  allergenPrecision: Ratio
  traceRecall: Ratio
  tracePrecision: Ratio
}

export function summariseOff(scores: readonly OffScore[]): OffSummary {
  const sum = (pick: (s: OffScore) => [number, number] | undefined): Ratio =>
    scores.reduce((acc, s) => {
      const [hit, total] = pick(s) ?? [0, 0]
      return { hit: acc.hit + hit, total: acc.total + total }
    }, { hit: 0, total: 0 })
  return {
    cases: scores.length,
    topLevel: sum((s) => (s.countOk === undefined ? undefined : [s.countOk ? 1 : 0, 1])),
    allergenRecall: sum((s) => s.allergens && [s.allergens.found.length, s.allergens.found.length + s.allergens.missed.length]),
    allergenPrecision: sum((s) => s.allergens && [s.allergens.found.length, s.allergens.found.length + s.allergens.extra.length]),
    traceRecall: sum((s) => s.traces && [s.traces.found.length, s.traces.found.length + s.traces.missed.length]),
    tracePrecision: sum((s) => s.traces && [s.traces.found.length, s.traces.found.length + s.traces.extra.length]),
  }
}

/** A ratio with nothing to count is perfect: no answer was wrong. */
export const rateOf = (r: Ratio) => (r.total === 0 ? 1 : r.hit / r.total)

const cell = (r: Ratio) => (r.total === 0 ? '-' : `${rateOf(r).toFixed(2)} ${r.hit}/${r.total}`)

/** The per-language table, then the languages /analyze reads, then all. */
export function offTable(groups: readonly [string, readonly OffScore[]][]): string {
  const header = ['', 'cases', 'top-level n', 'allergen R', 'allergen P', 'traces R', 'traces P']
  const rows = groups.map(([name, group]) => {
    const s = summariseOff(group)
    return [name, String(s.cases), cell(s.topLevel), cell(s.allergenRecall), cell(s.allergenPrecision), cell(s.traceRecall), cell(s.tracePrecision)]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  return [header, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')).join('\n')
}

/** Every disagreement: the case, OFF's answer and this project's. */
export function offMisses(scores: readonly OffScore[]): string {
  const lines: string[] = []
  for (const s of scores) {
    const id = `${s.offCase.id} [${s.offCase.language}]`
    if (s.countOk === false) lines.push(`${id} top-level ${s.count}, OFF ${s.offCase.topLevel?.length}: ${JSON.stringify(s.offCase.topLevel)} <- ${JSON.stringify(s.offCase.text.slice(0, 160))}`)
    if (s.allergens && (s.allergens.missed.length > 0 || s.allergens.extra.length > 0)) lines.push(`${id} allergens missed ${s.allergens.missed.join(',') || '-'} extra ${s.allergens.extra.join(',') || '-'} <- ${JSON.stringify(s.offCase.text.slice(0, 160))}`)
    if (s.traces && (s.traces.missed.length > 0 || s.traces.extra.length > 0)) lines.push(`${id} traces missed ${s.traces.missed.join(',') || '-'} extra ${s.traces.extra.join(',') || '-'} <- ${JSON.stringify(s.offCase.text.slice(0, 160))}`)
  }
  return lines.join('\n')
}

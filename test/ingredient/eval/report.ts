/**
 * @module
 * Prints the evaluation: one row per language (and per kind), then every miss with the label id, what
 * was expected and what came back, so the kinds of misses can be read off.
 */
import { rate, summarise } from './score.ts'
import type { LabelScore, Ratio, Summary } from './score.ts'
import { LANGUAGES } from './types.ts'

const COLUMNS: [string, (s: Summary) => Ratio][] = [
  ['allergen R', (s) => s.allergenRecall],
  ['allergen P', (s) => s.allergenPrecision],
  ['may R', (s) => s.mayRecall],
  ['may P', (s) => s.mayPrecision],
  ['split n', (s) => s.splitCount],
  ['names', (s) => s.splitNames],
  ['subs', (s) => s.subs],
  ['fragr R', (s) => s.fragranceRecall],
  ['fragr P', (s) => s.fragrancePrecision],
  ['verdicts', (s) => s.verdicts],
]

function cell(ratio: Ratio): string {
  return ratio.total === 0 ? '-' : `${rate(ratio).toFixed(2)} ${ratio.hit}/${ratio.total}`
}

/** The per-language table, plus food, cosmetics and all. */
export function table(scores: LabelScore[]): string {
  const groups: [string, LabelScore[]][] = [
    ...LANGUAGES.map((language): [string, LabelScore[]] => [language, scores.filter((s) => s.label.language === language)]),
    ['food', scores.filter((s) => s.label.kind === 'food')],
    ['cosmetic', scores.filter((s) => s.label.kind === 'cosmetic')],
    ['ALL', scores],
  ]
  const rows = groups.map(([name, group]) => {
    const summary = summarise(group)
    return [name, String(summary.labels), ...COLUMNS.map(([, pick]) => cell(pick(summary)))]
  })
  const header = ['', 'labels', ...COLUMNS.map(([title]) => title)]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
  return [line(header), ...rows.map(line)].join('\n')
}

const list = (items: readonly string[]) => `[${items.join(', ')}]`

/** Every miss, one line each, grouped by kind of miss. */
export function misses(scores: LabelScore[]): string {
  const out: string[] = []
  for (const s of scores) {
    const { id } = s.label
    const sets = [['allergens', s.allergens, s.observed.via], ['fragrance', s.fragrance, s.observed.via], ['may-contain', s.mayContain, s.observed.mayVia]] as const
    for (const [what, set, sources] of sets) {
      if (set.missed.length === 0 && set.extra.length === 0) continue
      const via = set.extra
        .map((f) => (sources.get(f) ? `${f} via ${list(sources.get(f) ?? [])}` : ''))
        .filter(Boolean)
      out.push(`${id} ${what}: expected ${list(set.expected)} got ${list(set.got)}`
        + `${set.missed.length ? ` missed ${list(set.missed)}` : ''}${set.extra.length ? ` extra ${list(set.extra)}` : ''}`
        + `${via.length ? ` (${via.join('; ')})` : ''}`)
    }
    if (!s.namesOk) {
      const expected = s.label.ingredients.map((e) => e.replace(/\s*\(.*;.*\)$/, ''))
      out.push(`${id} split ${s.countOk ? 'names' : 'count'}: expected ${expected.length} ${list(expected)}\n${' '.repeat(id.length)}     got ${s.observed.names.length} ${list(s.observed.names)}`)
    }
    if (s.subsOk === false) out.push(`${id} sub-ingredients: expected ${list(s.label.ingredients.filter((e) => e.includes(';')))} got ${list(s.observed.subs.filter((x) => x.length > 0).map((x) => x.join('; ')))}`)
    for (const v of s.verdicts) if (v.got !== v.expected) out.push(`${id} verdict ${v.name}: expected ${v.expected} got ${v.got}`)
  }
  return out.join('\n')
}

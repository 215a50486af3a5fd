// Every entry of the knowledge base, under each use and skin type: no verdict contradicts the law its own concerns
// and references cite, and no stronger sensitiser is judged milder than a weaker one (docs/analyze.md, "Scoring
// rubric"). It also counts the entries whose verdict the rubric changed, by reason, for the docs:
// `npx vitest run --project ingredient test/ingredient/analysis/verdict-consistency.test.ts` prints the table.
import { beforeAll, describe, expect, it } from 'vitest'
import { getKnowledgeBase } from '../../../src/ingredient/knowledge/data.ts'
import type { KnowledgeEntry, ProductUse, SensitiserPotency } from '../../../src/ingredient/knowledge/types.ts'
import { SKIN_TYPES, type SkinType } from '../../../src/ingredient/profile.ts'
import { isUndisclosedFragrance, lawFor, POTENCY_CEILING, POTENCY_ORDER, type RubricStep } from '../../../src/ingredient/scoring/rubric.ts'
import { lawSentence } from '../../../src/ingredient/wording/index.ts'
import { clampScore, recommendationOf, riskLevelOf } from '../../../src/ingredient/scoring/score.ts'
import { entryVerdict, type LabelUse } from '../../../src/ingredient/analysis/verdict.ts'

const LABELS: Readonly<Record<ProductUse, LabelUse>> = {
  food: { productCategory: 'Food', cosmeticProduct: false, uses: ['food'] },
  leave_on: { productCategory: 'Cosmetics', cosmeticProduct: true, uses: ['leave_on'] },
  rinse_off: { productCategory: 'Cosmetics', cosmeticProduct: true, uses: ['rinse_off'] },
}
const SKINS: readonly (SkinType | undefined)[] = [undefined, ...SKIN_TYPES]
const SEVERITY = { SAFE: 0, CAUTION: 1, AVOID: 2 } as const

// What a text says when it states a ban, by the use it bans.
const BANS: readonly { uses: readonly ProductUse[]; pattern: RegExp }[] = [
  { uses: ['food'], pattern: /no longer authorised as a food additive|not authorised (?:as a food additive|in food)|Not allowed in food/i },
  { uses: ['leave_on', 'rinse_off'], pattern: /^Prohibited in EU cosmetic products/ },
  // A ban of leave-on products as a whole; "not allowed in leave-on products for the nappy area" or "(c) other uses (for
  // rinse-off products only)" restrict a part of them, which the restricted status reflects.
  { uses: ['leave_on'], pattern: /(?:no longer|not) allowed in leave-on (?:cosmetics|products)(?! for)|allowed only in rinse-off products|only for rinse-off products/i },
]

function usesOf(entry: KnowledgeEntry): ProductUse[] {
  if (entry.category === 'Food') return ['food']
  if (entry.category === 'Cosmetics') return ['leave_on', 'rinse_off']
  return ['food', 'leave_on', 'rinse_off']
}

interface Failure { entry: string; use: ProductUse; skin: string; why: string }

let entries: KnowledgeEntry[] = []
beforeAll(() => {
  entries = getKnowledgeBase().entries
})

describe('every entry of the knowledge base', () => {
  it('gets a verdict that reflects every ban and use restriction it cites, under each use and skin type', () => {
    const failures: Failure[] = []
    for (const entry of entries) {
      for (const use of usesOf(entry)) {
        for (const skin of SKINS) {
          const v = entryVerdict(entry, LABELS[use], skin)
          const fail = (why: string) => failures.push({ entry: entry.name, use, skin: skin ?? 'none', why })
          const law = lawFor(v.inUse, use)
          // The entry's text for this label: its concerns on this side, the law sentence /analyze adds, its references.
          const text = [...v.inUse.concerns, lawSentence(v.law) ?? '', ...v.inUse.references.map((r) => r.label)]
          const cited = BANS.filter((ban) => ban.uses.includes(use) && text.some((t) => ban.pattern.test(t)))
          if (cited.length > 0 && law.status !== 'not_allowed') fail(`cites a ban for ${use} (${cited[0]!.pattern}) but its law is ${law.status}`)
          if (law.status === 'not_allowed' && (v.recommendation !== 'AVOID' || v.risk !== 'high' || v.score > 2)) {
            fail(`not allowed for ${use} but ${v.recommendation} ${v.score}`)
          }
          if (law.status === 'restricted' && use === 'food' && v.recommendation === 'SAFE') fail('restricted in food but SAFE')
          // "Rinse-off products only" on a rinse-off product: the law alone never makes it AVOID.
          if (use === 'rinse_off' && lawFor(v.inUse, 'leave_on').status === 'not_allowed' && law.status === 'restricted' && v.lowered.includes('not_allowed')) {
            fail('restricted to rinse-off, yet judged not allowed on a rinse-off product')
          }
          if (use !== 'food' && isUndisclosedFragrance(v.inUse) && v.recommendation === 'SAFE') fail('an undisclosed fragrance judged SAFE')
          const potency = v.inUse.potency
          if (use !== 'food' && potency !== undefined && v.score > POTENCY_CEILING[potency][skin === 'sensitive' ? 'sensitive' : 'other']) {
            fail(`${potency} sensitiser above its ceiling: ${v.score}`)
          }
        }
      }
    }
    expect([...new Set(failures.map((f) => `${f.entry} | ${f.use} | ${f.why}`))]).toEqual([])
  })

  it('never judges a stronger sensitiser milder than a weaker one, under each use and skin type', () => {
    const inversions: string[] = []
    for (const use of ['leave_on', 'rinse_off'] as const) {
      for (const skin of SKINS) {
        // The mildest verdict of each class, among entries the law allows for this use.
        const mildest = new Map<SensitiserPotency, { score: number; severity: number; name: string }>()
        for (const entry of entries) {
          if (entry.potency === undefined || entry.category === 'Food' || lawFor(entry, use).status === 'not_allowed') continue
          const v = entryVerdict(entry, LABELS[use], skin)
          const known = mildest.get(entry.potency)
          if (!known || v.score > known.score) mildest.set(entry.potency, { score: v.score, severity: SEVERITY[v.recommendation], name: entry.name })
        }
        for (let i = 0; i < POTENCY_ORDER.length; i++) {
          for (let j = i + 1; j < POTENCY_ORDER.length; j++) {
            const stronger = mildest.get(POTENCY_ORDER[i]!)
            const weaker = mildest.get(POTENCY_ORDER[j]!)
            if (!stronger || !weaker) continue
            if (stronger.score > weaker.score || stronger.severity < weaker.severity) {
              inversions.push(`${use}, skin ${skin ?? 'none'}: ${stronger.name} (${POTENCY_ORDER[i]}) ${stronger.score} milder than ${weaker.name} (${POTENCY_ORDER[j]}) ${weaker.score}`)
            }
          }
        }
      }
    }
    expect(inversions).toEqual([])
    // The classes the issue names.
    const byInci = (inci: string) => entries.find((e) => e.inci === inci)
    expect(byInci('METHYLCHLOROISOTHIAZOLINONE')?.potency).toBe('extreme')
    expect(byInci('METHYLISOTHIAZOLINONE')?.potency).toBe('strong')
    expect(byInci('LINALOOL')?.potency).toBe('weak')
    expect(byInci('LIMONENE')?.potency).toBe('weak')
  })

  it('counts the entries whose verdict the rubric changed, by reason', () => {
    // The verdict before the law, potency and fragrance steps: intrinsic score less the skin penalty.
    const changed = new Map<string, Set<string>>()
    const note = (key: string, id: string) => changed.set(key, (changed.get(key) ?? new Set()).add(id))
    for (const entry of entries) {
      for (const use of usesOf(entry)) {
        for (const skin of SKINS) {
          const v = entryVerdict(entry, LABELS[use], skin)
          const before = clampScore(v.intrinsic - v.skin.penalty)
          const beforeRecommendation = recommendationOf(riskLevelOf(before), { allergenMatch: false, skinConcern: v.skin.caution })
          if (before === v.score && beforeRecommendation === v.recommendation) continue
          const reason: RubricStep | undefined = [...v.lowered].reverse().find((step) => step !== 'skin_type' && step !== 'allergy')
          // A score that moved within its recommendation ("score"), or a new recommendation ("recommendation").
          const what = beforeRecommendation === v.recommendation ? 'score' : 'recommendation'
          const skinGroup = skin === undefined ? 'no skin type' : skin === 'sensitive' ? 'sensitive' : 'normal, dry, oily, combination'
          for (const kind of [what, 'score or recommendation']) {
            note(`${reason ?? 'other'} | ${use} | ${skinGroup} | ${kind}`, entry.id)
            note(`${reason ?? 'other'} | any | any | ${kind}`, entry.id)
            note(`all reasons | any | any | ${kind}`, entry.id)
          }
        }
      }
    }
    const rows = [...changed].map(([key, ids]) => `| ${key} | ${ids.size} |`).sort()
    console.log(['| reason | use | skin | what changed | entries |', '|---|---|---|---|---|', ...rows].join('\n'))
    expect(changed.get('not_allowed | food | no skin type | recommendation')?.size).toBeGreaterThan(0)
  })
})

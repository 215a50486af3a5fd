// The generated knowledge base against the Union list of food additives as data (data/eu-law/union-list.csv,
// made by npm run kb:union-list) and the classes EU law governs outside it (data/eu-law/other-frameworks.csv):
// every E-number entry is on the list, not allowed in food, or in a documented class. It prints the counts
// docs/analyze.md reports: `npx vitest run --project ingredient test/ingredient/knowledge/union-list.test.ts`.
import { describe, expect, it } from 'vitest'
import frameworksCsv from '../../../data/eu-law/other-frameworks.csv?raw'
import unionListCsv from '../../../data/eu-law/union-list.csv?raw'
import { getKnowledgeBase, lookupENumber } from '../../../src/ingredient/knowledge/data.ts'
import type { KnowledgeEntry } from '../../../src/ingredient/knowledge/types.ts'

const UNION_LIST_REFERENCE = 'Regulation (EC) No 1333/2008, Annex II (Union list)'

// The first cell of each data line; E-numbers are never quoted.
const firstCells = (csv: string) => csv.trim().split('\n').slice(1).map((line) => line.slice(0, line.indexOf(',')))
const onList = new Set(firstCells(unionListCsv))
// class,e_numbers,reference: the class names and E-number lists hold no comma.
const exempt = new Map<string, string>()
for (const line of frameworksCsv.trim().split('\n').slice(1)) {
  const [name, codes] = line.split(',')
  for (const code of codes!.split(/\s+/)) exempt.set(code.split('=')[0]!, name!)
}

// The list's code of an E-number: number and letter ("E160a(ii)" -> "E160a"); a bare number whose lettered codes are
// listed is listed, and a lettered code is its number when the list gives that number no letters (E307a is E307).
function listed(eNumber: string): boolean {
  const [, number, letter] = /^E(\d{3,4})([a-z])?/i.exec(eNumber) ?? []
  if (number === undefined) return false
  if (onList.has(`E${number}${(letter ?? '').toLowerCase()}`)) return true
  const lettered = [...onList].some((code) => new RegExp(`^E${number}[a-z]$`).test(code))
  return letter === undefined ? lettered : !lettered && onList.has(`E${number}`)
}
const codeOf = (eNumber: string) => /^E\d{3,4}[a-z]?/i.exec(eNumber)?.[0] ?? eNumber

describe('the knowledge base against the Union list of food additives', () => {
  const entries = getKnowledgeBase().entries.filter((e): e is KnowledgeEntry & { eNumber: string } => e.eNumber !== undefined)

  it('holds the list as data: lysozyme E1105 and invertase E1103 on it, titanium dioxide E171 off it since Regulation (EU) 2022/63', () => {
    expect(onList.size).toBeGreaterThan(300)
    for (const code of ['E330', 'E1105', 'E1103', 'E450', 'E160a', 'E927b']) expect(onList.has(code), code).toBe(true)
    for (const code of ['E171', 'E128', 'E924', 'E443', 'E927a']) expect(onList.has(code), code).toBe(false)
    for (const code of exempt.keys()) expect(onList.has(code), code).toBe(false)
  })

  it('gives every E-number entry a standing: on the list, not allowed in food, or in a class governed elsewhere', () => {
    const unaccounted = entries.filter((e) => !listed(e.eNumber) && e.law?.food?.status !== 'not_allowed' && !exempt.has(codeOf(e.eNumber)))
    expect(unaccounted.map((e) => `${e.eNumber} ${e.name}`)).toEqual([])
  })

  it('bans no entry on the list for being off it, and no entry of an exempt class', () => {
    const wrong = entries.filter((e) => (listed(e.eNumber) || exempt.has(codeOf(e.eNumber))) && e.law?.food?.reference === UNION_LIST_REFERENCE)
    expect(wrong.map((e) => e.eNumber)).toEqual([])
    for (const code of ['e1100', 'e1101', 'e375', 'e1400', 'e428']) expect(lookupENumber(code)?.law?.food, code).toBeUndefined()
  })

  it("keeps the issue's examples not allowed in food, each with its own legal text", () => {
    expect(lookupENumber('e171')?.law?.food).toMatchObject({ status: 'not_allowed', reference: expect.stringMatching(/2022\/63/) })
    expect(lookupENumber('e128')?.law?.food).toMatchObject({ status: 'not_allowed', reference: expect.stringMatching(/884\/2007/) })
    expect(lookupENumber('e924')?.law?.food?.status).toBe('not_allowed')
    expect(lookupENumber('e443')?.law?.food?.status).toBe('not_allowed')
    expect(lookupENumber('e154')?.law?.food).toMatchObject({ status: 'not_allowed', reference: UNION_LIST_REFERENCE })
  })

  it('prints the counts for the docs', () => {
    const codes = new Set(entries.map((e) => codeOf(e.eNumber)))
    const off = [...codes].filter((c) => !listed(c))
    const byClass = new Map<string, number>()
    for (const code of off) if (exempt.has(code)) byClass.set(exempt.get(code)!, (byClass.get(exempt.get(code)!) ?? 0) + 1)
    const notAllowed = entries.filter((e) => e.law?.food?.status === 'not_allowed')
    console.log([
      `Union list: ${onList.size} E-numbers (number and letter)`,
      `knowledge-base E-number entries: ${entries.length}, codes (number and letter): ${codes.size}, off the list: ${off.length}`,
      `not allowed in food: ${notAllowed.length} entries, ${notAllowed.filter((e) => e.law?.food?.reference === UNION_LIST_REFERENCE).length} of them by the list alone`,
      `exempt by class: ${off.filter((c) => exempt.has(c)).length} codes (${[...byClass].map(([k, v]) => `${k} ${v}`).join('; ')})`,
    ].join('\n'))
    expect(off.length).toBeGreaterThan(0)
  })
})

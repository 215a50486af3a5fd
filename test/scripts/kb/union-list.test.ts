// The derivation of the Union list's E-numbers from the scraped annex tables (scripts/kb/union-list/), and that
// data/eu-law/union-list.csv is what the script makes of the checked-in inputs.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../../scripts/kb/inputs.ts'
import { singleCode, writtenParts } from '../../../scripts/kb/union-list/codes.ts'
import { deriveUnionList } from '../../../scripts/kb/union-list/derive.ts'
import { ANNEX_TABLES, offAdditiveNames, readAmendments, readAnnexTable, readGroups } from '../../../scripts/kb/union-list/read.ts'

const table = 'Annex II Part E'
const groups = [
  { written: 'E 338-452', members: ['E338', 'E339', 'E340', 'E341', 'E343', 'E450', 'E451', 'E452'], reference: 'Part C(5)(j)' },
  { written: 'Group IV', members: ['E420', 'E421'], reference: 'Part C(4)' },
]

describe('the written E-numbers of a table cell', () => {
  it('reads codes, sub-variants, ranges, groups, lists and footnote marks', () => {
    expect(singleCode('E 450 (ix)')).toBe('E450')
    expect(singleCode('E 160a')).toBe('E160a')
    expect(singleCode('E 338 - 452')).toBeUndefined()
    expect(writtenParts('E 200-202; 214-219')).toEqual(['E 200-202', 'E 214-219'])
    expect(writtenParts('E 420\nE 421, E 953')).toEqual(['E 420', 'E 421', 'E 953'])
    expect(writtenParts('E 400 - E 404')).toEqual(['E 400-404'])
    expect(writtenParts('E 1505 (1)')).toEqual(['E 1505'])
    expect(writtenParts('group iv')).toEqual(['Group IV'])
    expect(writtenParts('Meat products')).toEqual([])
  })
})

describe('deriveUnionList', () => {
  it('expands a range and a group through their definitions and keeps the name a row gives', () => {
    const list = deriveUnionList([
      { written: 'E 338 - 452', name: 'Phosphoric acid - phosphates', table },
      { written: 'group IV', name: 'Polyols', table },
      { written: 'E 450 (ix)', name: 'Magnesium dihydrogen diphosphate', table },
      { written: 'E 450', name: 'Diphosphates', table },
    ], groups, [], new Map([['E343', 'Magnesium phosphates']]))
    expect(list.rows.map((r) => r.code)).toEqual(['E338', 'E339', 'E340', 'E341', 'E343', 'E420', 'E421', 'E450', 'E451', 'E452'])
    expect(list.rows.find((r) => r.code === 'E450')?.name).toBe('Diphosphates')
    expect(list.rows.find((r) => r.code === 'E343')).toMatchObject({ name: 'Magnesium phosphates', source: expect.stringMatching(/E 338-452/) })
    expect(list.fallbackRanges).toEqual([])
  })

  it('expands an undefined range against the taxonomy and says so; applies removals and missing rows', () => {
    const list = deriveUnionList(
      [{ written: 'E 551-559', name: 'Silicates', table }, { written: 'E 171', name: 'Titanium dioxide', table }],
      [],
      [{ code: 'E171', change: 'removed', name: 'Titanium dioxide', reference: 'Regulation (EU) 2022/63' },
        { code: 'E161g', change: 'missing_from_scrape', name: 'Canthaxanthin', reference: 'Part B' }],
      new Map([['E551', 'Silicon dioxide'], ['E559', 'Aluminium silicate'], ['E560', 'Potassium silicate']]),
    )
    expect(list.rows.map((r) => r.code)).toEqual(['E161g', 'E551', 'E559'])
    expect(list.fallbackRanges).toEqual(['E 551-559'])
    expect(list.removed).toEqual(['E171'])
  })

  it('fails on a written code it cannot place', () => {
    expect(() => deriveUnionList([{ written: 'Group IX', name: '?', table }], groups, [], new Map())).toThrow(/Group IX/)
  })
})

describe('data/eu-law/union-list.csv', () => {
  it('is what npm run kb:union-list makes of the checked-in inputs', () => {
    const path = (file: string) => join(ROOT, file)
    const written = ANNEX_TABLES.flatMap(({ file, table: name }) => readAnnexTable(path(`data/eu-law/eulegscrape/${file}`), name))
    const list = deriveUnionList(written, readGroups(path('data/eu-law/union-list-groups.csv')), readAmendments(path('data/eu-law/union-list-amendments.csv')), offAdditiveNames(path('data/openfoodfacts/additives.txt')))
    const checkedIn = readFileSync(path('data/eu-law/union-list.csv'), 'utf8').trim().split('\n').slice(1).map((line) => line.slice(0, line.indexOf(',')))
    expect(checkedIn).toEqual(list.rows.map((r) => r.code))
    expect(list.fallbackRanges).toEqual([])
    expect(list.removed).toEqual(['E171'])
  })
})

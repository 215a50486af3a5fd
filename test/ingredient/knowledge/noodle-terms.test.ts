// Instant-noodle words of Japanese, Korean and Chinese labels reach entries of the taxonomies in data/: kansui
// (the alkaline salts of Chinese noodles), kayaku (the dried topping) and what such labels list with them.
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../src/ingredient/index.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'

type Detail = { name: string; source: string; canonical_name: string | null; e_number?: string; sub_ingredients?: { name: string; source: string }[] }

beforeAll(async () => {
  await postAnalyze(worker, { ingredients: 'Water' }, { AI: deadAi().binding })
})

async function details(ingredients: string): Promise<Detail[]> {
  const { status, json } = await postAnalyze(worker, { ingredients }, { AI: deadAi().binding })
  expect(status).toBe(200)
  return json.ingredients as unknown as Detail[]
}

function unknownNames(list: Detail[]): string[] {
  return list.flatMap((d) => [...(d.source === 'unknown' ? [d.name] : []), ...(d.sub_ingredients ?? []).filter((s) => s.source === 'unknown').map((s) => s.name)])
}

describe('noodle words of CJK labels', () => {
  it.each([
    ['ja', 'かんすい'], ['ja', 'カンスイ'], ['zh', '碱水'], ['zh', '枧水'], ['ko', '면류첨가알칼리제'],
  ])('reads kansui (%s %s) as the sodium carbonates of the additive taxonomy', async (_language, word) => {
    const [kansui] = await details(word)
    expect(kansui).toMatchObject({ name: word, e_number: 'E500', source: 'taxonomy' })
  })

  it.each([['ja', 'かやく'], ['ko', '건더기'], ['zh', '蔬菜包']])('reads kayaku (%s %s) as dried vegetables', async (_language, word) => {
    const [kayaku] = await details(word)
    expect(kayaku?.canonical_name).toMatch(/dried vegetables/i)
  })

  it('knows every ingredient of a Japanese cup-noodle label, and kayaku through its parts', async () => {
    const list = await details('油揚げめん（小麦粉、植物油脂、食塩、しょうゆ、チキンエキス、香辛料）、スープ（糖類、食塩、香辛料、粉末しょうゆ）、' +
      'かやく（ねぎ、メンマ、チャーシュー、ごま、卵）、加工でん粉、炭酸カルシウム、かんすい、カラメル色素')
    expect(unknownNames(list)).toEqual([])
    expect(list.find((d) => d.name === 'かやく')?.sub_ingredients?.map((s) => s.name)).toEqual(['ねぎ', 'メンマ', 'チャーシュー', 'ごま', '卵'])
  })

  it('knows the noodle words of Korean and Chinese labels', async () => {
    expect(unknownNames(await details('팜유, 감자전분, 정제염, 면류첨가알칼리제, 건조파, 건조당근, 표고버섯, 간장분말, 마늘분말, 고춧가루'))).toEqual([])
    expect(unknownNames(await details('小麦粉、棕榈油、食用盐、碳酸钾、碱水、白砂糖、味精、酱油粉、脱水葱、脱水胡萝卜、脱水香菇'))).toEqual([])
  })
})

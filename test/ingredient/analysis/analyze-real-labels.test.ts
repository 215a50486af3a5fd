// /analyze on real label text, through the worker with the embedded knowledge base: the label's own
// allergen statements, "may contain" forms, false friends, list grammar, CJK compounds, and what a
// first-time user hit (sub-variant findings, purpose wording, CJK names).
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../src/ingredient/index.ts'
import { allergenStatementItems, cleanLabelText } from '../../../src/ingredient/label-text/index.ts'
import { analyzeOk, deadAi, postAnalyze } from '../support/analyze.ts'

const FAMILIES = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites',
  'lupin', 'molluscs', 'fragrance']

type Detail = Record<string, unknown> & { name: string; purpose: string; concerns: string; allergen_families: string[] }

beforeAll(async () => {
  await postAnalyze(worker, { ingredients: 'Water' }, { AI: deadAi().binding })
})

async function analyze(body: Record<string, unknown>) {
  const { json, details, byName } = await analyzeOk<Detail>(worker, body)
  const warnings = json.allergen_warnings as string[]
  return { json, details, names: details.map((d) => d.name), byName, warnings }
}

/** The families a reader declaring every family is warned about, apart from cross-contact. */
async function warnedFamilies(text: string): Promise<{ contains: string[]; mayContain: string[]; names: string[] }> {
  const { warnings, names } = await analyze({ ingredients: text, allergies: FAMILIES })
  const family = (w: string) => /your allergy "([^"]+)"/.exec(w)?.[1] ?? ''
  return {
    contains: [...new Set(warnings.filter((w) => !/may contain|cross-contact/i.test(w)).map(family))].sort(),
    mayContain: [...new Set(warnings.filter((w) => /may contain|cross-contact/i.test(w)).map(family))].sort(),
    names,
  }
}

describe('the label\'s allergen statements declare allergens in every language', () => {
  it.each([
    ['en', 'Ingredients: sugar, water, salt. Contains: milk, soy.', ['milk', 'soybeans']],
    ['en sentence', 'Ingredients: sugar, water, salt. Contains sulphites.', ['sulphites']],
    ['fr', 'Ingrédients : sucre, eau, sel. Contient : moutarde, œuf.', ['eggs', 'mustard']],
    ['de', 'Zutaten: Zucker, Wasser, Salz. Enthält Soja und Weizen.', ['gluten', 'soybeans']],
    ['es', 'Ingredientes: azúcar, agua, sal. Contiene: leche, huevo.', ['eggs', 'milk']],
    ['it', 'Ingredienti: zucchero, acqua, sale. Contiene glutine.', ['gluten']],
    ['it plural', 'Ingredienti: zucchero, acqua, sale. Contengono: sedano, senape.', ['celery', 'mustard']],
    ['pt', 'Ingredientes: açúcar, água, sal. Contém: leite, soja.', ['milk', 'soybeans']],
    ['ja', '原材料名：砂糖、ショートニング、食塩（一部に小麦・乳成分・大豆を含む）', ['gluten', 'milk', 'soybeans']],
    ['ko', '원재료명: 설탕, 정제수, 정제소금. 대두, 밀, 우유 함유', ['gluten', 'milk', 'soybeans']],
    ['zh', '配料：白砂糖，水，食用盐。含有小麦、大豆。', ['gluten', 'soybeans']],
  ])('%s: the statement warns, and is no ingredient', async (_language, text, families) => {
    const seen = await warnedFamilies(text)
    expect(seen.contains).toEqual(families)
    expect(seen.names).toHaveLength(3)
    expect(seen.names.join(' ')).not.toMatch(/contains|contient|enthält|contiene|contengono|contém|含む|함유|含有/i)
  })

  it('warns a soy-allergic reader from 一部に…を含む when no ingredient names soy, and reports what was declared', async () => {
    const { json, warnings } = await analyze({ ingredients: '原材料名：小麦粉、砂糖、ショートニング（一部に小麦・乳成分・大豆を含む）', allergies: ['soy'] })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/allergen statement declares 大豆 \(soy\), which matches your allergy "soy"/)
    expect(json.declared_allergens).toEqual(['小麦', '乳成分', '大豆'])
    expect(json.overall_risk).toBe('high')
    const beginner = await analyze({ ingredients: '原材料名：小麦粉、砂糖（一部に小麦・大豆を含む）', allergies: ['soy'], expertise: 'beginner' })
    expect(beginner.json.summary).toMatch(/the label says it contains 大豆, and you are allergic to soy/)
    expect(beginner.json.summary).not.toMatch(/Nothing in it looks worrying/)
  })

  it('does not repeat a declared allergy an ingredient already matched', async () => {
    const { warnings } = await analyze({ ingredients: 'Ingredients: wheat flour, sugar. Contains: wheat.', allergies: ['gluten'] })
    expect(warnings).toEqual(['wheat flour contains gluten, which matches your allergy "gluten".'])
  })

  it('reads a pointer to the bold ingredients as no declaration', async () => {
    const seen = await warnedFamilies('Ingredients: sugar, water. For allergens, including cereals containing gluten, see ingredients in bold.')
    expect(seen.contains).toEqual([])
    expect(allergenStatementItems('Allergens: see ingredients in bold')).toEqual([])
  })

  it('keeps the statements apart when cleaning label text', () => {
    expect(cleanLabelText('Zutaten: Zucker, Salz. Enthält: Milch.').allergenStatements).toEqual(['Enthält: Milch'])
  })
})

describe('"may contain" statements in the nine languages', () => {
  it.each([
    ['en', 'Ingredients: sugar, salt. May contain traces of nuts.', ['nuts']],
    ['en facility', 'Ingredients: chickpeas, salt. Not suitable for customers with an allergy to peanuts due to manufacturing methods.', ['peanuts']],
    ['fr', 'Ingrédients : sucre, sel. Peut contenir des traces d\'œufs, de soja et de fruits à coque.', ['eggs', 'nuts', 'soybeans']],
    ['fr atelier', 'Ingrédients : sucre, sel. Fabriqué dans un atelier utilisant des arachides, du sésame et du blé.', ['gluten', 'peanuts', 'sesame']],
    ['de', 'Zutaten: Zucker, Salz. Kann Spuren von Erdnüssen enthalten.', ['peanuts']],
    ['es', 'Ingredientes: azúcar, sal. Puede contener trazas de leche y huevo.', ['eggs', 'milk']],
    ['it', 'Ingredienti: zucchero, sale. Può contenere tracce di latte, sesamo e soia.', ['milk', 'sesame', 'soybeans']],
    ['pt', 'Ingredientes: açúcar, sal. Pode conter leite.', ['milk']],
    ['ja', '原材料名：砂糖、食塩。本品製造工場では、卵を含む製品を生産しています。', ['eggs']],
    ['ko', '원재료명: 설탕, 정제소금. 이 제품은 땅콩, 우유를 사용한 제품과 같은 제조시설에서 제조하고 있습니다.', ['milk', 'peanuts']],
    ['zh', '配料：白砂糖，食用盐。可能含有花生。', ['peanuts']],
  ])('%s goes to may_contain, never to the list', async (_language, text, families) => {
    const seen = await warnedFamilies(text)
    expect(seen.names).toHaveLength(2)
    expect(seen.contains).toEqual([])
    if (families.length > 0) expect(seen.mayContain).toEqual(families)
  })

  it('reads "fruits à coque" as tree nuts, not as cockles', async () => {
    const seen = await warnedFamilies('Ingrédients : sucre. Peut contenir des fruits à coque.')
    expect(seen.mayContain).toEqual(['nuts'])
  })
})

describe('false friends, both ways', () => {
  it.each([
    ['nutmeg', 'nuts'], ['noix de muscade', 'nuts'], ['nuez moscada', 'nuts'], ['Muskatnuss', 'nuts'],
    ['buckwheat', 'gluten'], ['farine de sarrasin', 'gluten'], ['trigo sarraceno', 'gluten'], ['grano saraceno', 'gluten'], ['Buchweizen', 'gluten'],
    ['cream of tartar', 'milk'], ['crème de tartre', 'milk'],
    ['butternut squash', 'nuts'], ['butternut squash', 'milk'], ['courge butternut', 'milk'], ['Butternutkürbis', 'milk'],
    ['coconut', 'nuts'], ['noix de coco râpée', 'nuts'], ['coconut milk', 'milk'], ['Kokosmilch', 'milk'], ['cocoa butter', 'milk'],
    ['roasted peanuts', 'nuts'], ['peanut butter', 'nuts'], ['peanut butter', 'milk'], ['tiger nuts', 'nuts'], ['maltodextrin', 'gluten'],
    ['noix de Saint-Jacques', 'nuts'], ['カカオマス', 'fish'], ['ココアバター', 'milk'], ['カカオバター', 'milk'], ['ピーナッツバター', 'milk'],
    ['코코넛밀크', 'milk'], ['可可脂', 'milk'],
  ])('%s is no %s', async (name, family) => {
    const seen = await warnedFamilies(`Ingredients: ${name}, sugar`)
    expect(seen.contains).not.toContain(family)
  })

  it.each([
    ['surimi', 'fish'], ['ghee', 'milk'], ['tahini', 'sesame'], ['tahin', 'sesame'], ['Sesammus', 'sesame'], ['spelt', 'gluten'],
    ['farine d\'épeautre', 'gluten'], ['farina di farro', 'gluten'], ['Dinkelvollkorngrieß', 'gluten'], ['Grünkern', 'gluten'], ['khorasan', 'gluten'],
    ['Erdnussbutter', 'peanuts'], ['Mandelmilch', 'nuts'], ['発酵バター', 'milk'], ['ピーナッツバター', 'peanuts'], ['땅콩버터', 'peanuts'],
    ['モルトエキス', 'gluten'], ['roasted peanuts', 'peanuts'], ['noix de Saint-Jacques', 'molluscs'],
  ])('%s is %s', async (name, family) => {
    const seen = await warnedFamilies(`Ingredients: ${name}, sugar`)
    expect(seen.contains).toContain(family)
  })
})

describe('list grammar', () => {
  it('splits " - " lists but keeps hyphenated names whole', async () => {
    const { names } = await analyze({ ingredients: 'Ingredients: Tomato paste - Sugar - Spirit vinegar - Salt - Thickener: E-415 - Preservative (e202).' })
    expect(names).toEqual(['Tomato paste', 'Sugar', 'Spirit vinegar', 'Salt', 'E-415', 'e202'])
    const cosmetic = await analyze({ ingredients: 'AQUA - GLYCERIN - PEG-40 HYDROGENATED CASTOR OIL - COCO-GLUCOSIDE' })
    expect(cosmetic.names).toEqual(['AQUA', 'GLYCERIN', 'PEG-40 HYDROGENATED CASTOR OIL', 'COCO-GLUCOSIDE'])
  })

  it('reads a list printed one ingredient per sentence', async () => {
    const { names } = await analyze({ ingredients: 'INGRÉDIENTS : Purée de pommes de terre 55 % (pommes de terre, lait écrémé, sel). Oignons. Fromage râpé (lait). Sel. Poivre.' })
    expect(names).toEqual(['Purée de pommes de terre', 'Oignons', 'Fromage râpé (lait)', 'Sel', 'Poivre'])
  })

  it('splits "and" between ingredients that carry a processing word, in four languages', async () => {
    expect((await analyze({ ingredients: 'roasted peanuts and salted almonds, honey' })).names).toEqual(['roasted peanuts', 'salted almonds', 'honey'])
    expect((await analyze({ ingredients: 'geröstete Erdnüsse und gehackte Haselnüsse, Honig' })).names).toEqual(['geröstete Erdnüsse', 'gehackte Haselnüsse', 'Honig'])
    expect((await analyze({ ingredients: 'estabilizadores: E-450 y E-451, sal' })).names).toEqual(['E-450', 'E-451', 'sal'])
    expect((await analyze({ ingredients: 'agenti lievitanti: carbonato acido di sodio e carbonato acido di ammonio, sale' })).names)
      .toEqual(['carbonato acido di sodio', 'carbonato acido di ammonio', 'sale'])
    // A known name stays whole.
    expect((await analyze({ ingredients: 'mono- and diglycerides of fatty acids, salt' })).names).toHaveLength(2)
  })

  it('reads a class before a colon as the purpose of what follows', async () => {
    const { byName, names } = await analyze({ ingredients: 'Ingredienti: farina di frumento, emulsionante: lecitina di soia, sale' })
    expect(names).toHaveLength(3)
    expect(byName('lecitina di soia')).toMatchObject({ canonical_name: expect.stringMatching(/lecithin/i) })
    expect(byName('lecitina di soia').purpose).toMatch(/^Emulsifier/)
  })

  it('keeps origin statements and label words out of the name, as attributes of the parse', async () => {
    const { names } = await analyze({ ingredients: 'Ingrédients : poitrine de porc origine UE, viande de bœuf (origine France), sucre de canne bio, Schweinefleisch aus Deutschland, thon albacore pêché en océan Indien' })
    expect(names).toEqual(['poitrine de porc', 'viande de bœuf', 'sucre de canne', 'Schweinefleisch', 'thon albacore'])
  })

  it('drops explanatory sentences and footnote marks', async () => {
    const { names } = await analyze({ ingredients: 'Zutaten: Zucker, Kakaobutter, Vollmilchpulver, Emulgator: Lecithine (Soja), natürliches Vanillearoma. Kakao: 30 % mindestens in der Schokolade.' })
    expect(names).toEqual(['Zucker', 'Kakaobutter', 'Vollmilchpulver', 'Lecithine (Soja)', 'natürliches Vanillearoma'])
    const fr = await analyze({ ingredients: 'Ingrédients : sucre de canne¹, noisettes¹, extrait de vanille¹. ¹Ingrédients issus du commerce équitable. Les allergènes sont indiqués en majuscules. Lait origine France.' })
    expect(fr.names).toEqual(['sucre de canne', 'noisettes', 'extrait de vanille'])
    const free = await analyze({ ingredients: 'Aqua, Glycerin, Cetyl Alcohol. Fragrance free. Dermatologist tested.', allergies: FAMILIES })
    expect(free.names).toEqual(['Aqua', 'Glycerin', 'Cetyl Alcohol'])
    expect(free.warnings).toEqual([])
  })

  // Issue 22: EU Regulation 1169/2011 and Open Food Facts count a category with its members as one compound ingredient.
  it('keeps a category declaration one compound ingredient with its members as sub-ingredients', async () => {
    expect((await analyze({ ingredients: 'farine de blé, huiles végétales (colza, tournesol), sel' })).names).toEqual(['farine de blé', 'huiles végétales', 'sel'])
    expect((await analyze({ ingredients: 'pflanzliche Öle und Fette (Raps, Palm, Kokos) 70 %, Wasser' })).names).toEqual(['pflanzliche Öle und Fette', 'Wasser'])
    // One member list with an "and" is read as one clarifying bracket, kept in the name.
    expect((await analyze({ ingredients: 'harina de trigo, aceites vegetales (girasol y palma), sal' })).names).toHaveLength(3)
  })

  it('makes an additive class with its members the members, with the class as their purpose', async () => {
    const { details } = await analyze({ ingredients: 'harina, gasificantes (bicarbonato sódico, bicarbonato amónico), sal' })
    expect(details).toHaveLength(4)
    expect(details[1]?.purpose).toMatch(/raising/i)
    expect(details[2]?.purpose).toMatch(/raising/i)
  })

  it('lists the colours of every shade after "+/-" as ingredients', async () => {
    const { names } = await analyze({ ingredients: 'Octyldodecanol, Parfum, Limonene [+/- MAY CONTAIN: CI 15850, CI 77491, CI 77891].' })
    expect(names).toEqual(['Octyldodecanol', 'Parfum', 'Limonene', 'CI 15850', 'CI 77491', 'CI 77891'])
  })
})

describe('CJK compounds are matched as words', () => {
  it('finds no fish in カカオマス and no milk in ココアバター, and still finds the milk in 全粉乳', async () => {
    const { byName } = await analyze({ ingredients: '原材料名：砂糖、カカオマス、ココアバター、全粉乳', allergies: ['fish', 'milk'] })
    expect(byName('カカオマス').allergen_families).toEqual([])
    expect(byName('ココアバター').allergen_families).toEqual([])
    expect(byName('全粉乳').allergen_families).toContain('milk')
  })

  it('reads a compound that is not in the knowledge base by its parts', async () => {
    const { byName } = await analyze({ ingredients: '原材料名：発酵バター、乳化剤（大豆由来）', allergies: ['milk', 'soy'] })
    expect(byName('発酵バター').allergen_families).toContain('milk')
    expect(byName('乳化剤（大豆由来）').allergen_families).toEqual(['soybeans'])
  })
})

describe('what a first-time user hit', () => {
  it('gives E450(i) its parent E450\'s EFSA finding', async () => {
    const { byName } = await analyze({ ingredients: 'E450, E450(i)' })
    expect(byName('E450(i)').recommendation).toBe(byName('E450').recommendation)
    expect(byName('E450(i)').safety_score).toBe(byName('E450').safety_score)
    expect(byName('E450(i)').concerns).toMatch(/EFSA/)
  })

  it('says what sodium benzoate, citric acid, salt and benzyl salicylate do in a shampoo', async () => {
    const { byName } = await analyze({ ingredients: 'Aqua, Sodium Laureth Sulfate, Sodium Chloride, Citric Acid, Sodium Benzoate, Parfum, Benzyl Salicylate', expertise: 'beginner' })
    expect(byName('Sodium Benzoate').purpose).not.toMatch(/scent/)
    expect(byName('Citric Acid').purpose).not.toMatch(/scent/)
    expect(byName('Sodium Chloride').purpose).not.toMatch(/scent/)
    expect(byName('Benzyl Salicylate').purpose).toMatch(/^Adds a scent/)
    expect(byName('Benzyl Salicylate').purpose).not.toMatch(/sunlight/)
    const expert = await analyze({ ingredients: 'Aqua, Citric Acid, Sodium Chloride', expertise: 'expert' })
    expect(expert.byName('Citric Acid').purpose).not.toMatch(/Fragrance/)
    expect(expert.byName('Sodium Chloride').purpose).not.toMatch(/Fragrance/)
  })

  it('explains palm oil\'s contaminants to a beginner in plain words, and keeps the terms for others', async () => {
    const beginner = await analyze({ ingredients: 'farine de blé, huile de palme, sucre', expertise: 'beginner' })
    expect(beginner.byName('huile de palme').concerns).not.toMatch(/glycidyl|3-MCPD/)
    expect(beginner.byName('huile de palme').concerns).toMatch(/contaminants/)
    const other = await analyze({ ingredients: 'farine de blé, huile de palme, sucre' })
    expect(other.byName('huile de palme').concerns).toMatch(/glycidyl/)
  })

  it('resolves 膨脹剤, アナトー色素 and モルトエキス, and reads malt extract as gluten', async () => {
    const { byName, details } = await analyze({ ingredients: '原材料名：小麦粉、砂糖、膨脹剤、アナトー色素、モルトエキス', allergies: ['gluten'] })
    expect(details.filter((d) => d.source === 'unknown' && d.canonical_name === null).map((d) => d.name)).toEqual([])
    expect(byName('膨脹剤').purpose).toMatch(/Raising agent/)
    expect(byName('アナトー色素')).toMatchObject({ canonical_name: 'Annatto', e_number: 'E160b' })
    expect(byName('モルトエキス').is_allergen_match).toBe(true)
  })

  it('reads a German chocolate whole: the cocoa sentence is no ingredient and a plain milk chocolate is not medium risk', async () => {
    const { json, names } = await analyze({ ingredients: 'Zutaten: Zucker, Kakaobutter, Vollmilchpulver, Kakaomasse, Emulgator: Lecithine (Soja), natürliches Vanillearoma. Kakao: 30 % mindestens in der Schokolade.' })
    expect(names).not.toContain('natürliches Vanillearoma. Kakao: 30 % mindestens in der Schokolade')
    expect(json.overall_risk).toBe('low')
  })
})

// The list grammar of issue 22, item 3, on label texts in the nine languages /analyze reads: an "and" between
// two ingredients, percentage inclusions, label words and origins in brackets, additive classes inside " - "
// lists. Expected answers follow Regulation (EU) No 1169/2011: an ingredient is what the list names, in its
// order; "of which" parts, origins and label words say something about an ingredient and are none.
import { describe, expect, it } from 'vitest'
import { parseIngredientList } from '../../../src/ingredient/parser/index.ts'
import { lookupName } from '../../../src/ingredient/knowledge/data.ts'

const isKnownName = (name: string) => lookupName(name) !== undefined
const parse = (text: string) => parseIngredientList(text, { isKnownName }).ingredients
const heads = (text: string) => parse(text).map((i) => i.head)

describe('an "and" joining two ingredients', () => {
  it.each([
    ['en', 'Wheat flour, sugar, hardened palm oil and rapeseed oil, salt, whey powder', ['Wheat flour', 'sugar', 'hardened palm oil', 'rapeseed oil', 'salt', 'whey powder']],
    ['en', 'some unknown ingredient and salt', ['some unknown ingredient', 'salt']],
    ['fr', 'Farine de blé, sucre, graisse de palme hydrogénée et huile de colza, sel', ['Farine de blé', 'sucre', 'graisse de palme hydrogénée', 'huile de colza', 'sel']],
    ['de', 'Fleisch und tierische Nebenerzeugnisse, Getreide, Mineralstoffe, Zucker', ['Fleisch', 'tierische Nebenerzeugnisse', 'Getreide', 'Mineralstoffe', 'Zucker']],
    ['es', 'Tomate, cebolla, pimiento asado y aceite de oliva virgen extra, sal', ['Tomate', 'cebolla', 'pimiento asado', 'aceite de oliva virgen extra', 'sal']],
    ['it', 'Farina di grano tenero, zucchero, grassi vegetali idrogenati e olio di semi di girasole, sale', ['Farina di grano tenero', 'zucchero', 'grassi vegetali idrogenati', 'olio di semi di girasole', 'sale']],
    ['pt', 'Farinha de trigo, açúcar, gordura vegetal hidrogenada e óleo de girassol, sal', ['Farinha de trigo', 'açúcar', 'gordura vegetal hidrogenada', 'óleo de girassol', 'sal']],
    ['ko', '밀가루, 설탕, 팜유 및 대두유, 정제염', ['밀가루', '설탕', '팜유', '대두유', '정제염']],
  ])('%s: splits %j', (_language, text, expected) => {
    expect(heads(text)).toEqual(expected)
  })

  it.each([
    ['pt', 'preparado de mel e nozes, açúcar, farinha de trigo', 'preparado de mel e nozes'],
    ['en', 'mono- and diglycerides of fatty acids, salt', 'mono- and diglycerides of fatty acids'],
    ['fr', 'huiles et graisses végétales en proportion variable, sel', 'huiles et graisses végétales en proportion variable'],
    ['de', 'Haselnüsse gehackt und geröstet, Zucker', 'Haselnüsse gehackt und geröstet'],
    ['de', 'gehobelte und gehackte Mandeln, Zucker', 'gehobelte und gehackte Mandeln'],
    ['en', 'black and white pepper, salt', 'black and white pepper'],
    ['en', 'sweet and sour sauce, rice', 'sweet and sour sauce'],
  ])('%s: keeps one name in %j', (_language, text, first) => {
    expect(heads(text)[0]).toBe(first)
  })

  it('lists two ingredients joined by "and" in brackets as sub-ingredients, and a class\'s as its members', () => {
    const oils = parse('aceites vegetales (girasol y palma), sal')
    expect(oils.map((i) => [i.name, i.subIngredients.map((s) => s.name)])).toEqual([['aceites vegetales', ['girasol', 'palma']], ['sal', []]])
    const raising = parse('gasificantes (bicarbonato amónico y bicarbonato sódico), sal')
    expect(raising.map((i) => [i.classPrefix, i.head])).toEqual([['gasificantes', 'bicarbonato amónico'], ['gasificantes', 'bicarbonato sódico'], [undefined, 'sal']])
  })

  it('splits at an "and" after a bracket, and reads a name before additive codes as a class (an Open Food Facts label)', () => {
    // "Emulsifying" and "Stabilizing Agents" are class names of the additive class taxonomy: a class with its members is its members.
    expect(heads('Emulsifying (INS 471, INS 477) & Stabilizing Agents (INS 412, INS 410)')).toEqual(['INS 471', 'INS 477', 'INS 412', 'INS 410'])
    expect(heads('chocolat (sucre, cacao) et noisettes, sel')).toEqual(['chocolat', 'noisettes', 'sel'])
    expect(heads('huiles et graisses végétales (palme, colza) en proportion variable, sel')).toHaveLength(2)
  })

  it.each([
    ['fr', "sucre, arôme naturel de pomme avec d'autres arômes naturels", ['sucre', 'arôme naturel de pomme', 'arômes naturels']],
    ['en', 'sugar, natural lemon flavouring with other natural flavourings', ['sugar', 'natural lemon flavouring', 'natural flavourings']],
    ['de', 'Zucker, natürliches Zitronenaroma mit anderen natürlichen Aromen', ['Zucker', 'natürliches Zitronenaroma', 'natürlichen Aromen']],
    ['es', 'azúcar, aroma natural de limón con otros aromas naturales', ['azúcar', 'aroma natural de limón', 'aromas naturales']],
    ['it', 'zucchero, aroma naturale di limone con altri aromi naturali', ['zucchero', 'aroma naturale di limone', 'aromi naturali']],
    ['pt', 'açúcar, aroma natural de limão com outros aromas naturais', ['açúcar', 'aroma natural de limão', 'aromas naturais']],
  ])('%s: reads a flavouring "with other" flavourings as two (Regulation (EC) No 1334/2008, Article 16(4))', (_language, text, expected) => {
    expect(heads(text)).toEqual(expected)
    expect(heads(`yaourt (${text})`)).toEqual(['yaourt'])
  })

  it('keeps ja and zh lists, which join with 、 and ，, as printed', () => {
    expect(heads('小麦粉、砂糖、植物油脂、食塩')).toEqual(['小麦粉', '砂糖', '植物油脂', '食塩'])
    expect(heads('小麦粉，白砂糖，植物油，食用盐')).toEqual(['小麦粉', '白砂糖', '植物油', '食用盐'])
  })
})

describe('percentage inclusions in brackets', () => {
  it.each([
    ['en', 'Pasta, pesto (70%, of which 20% olive oil), salt', 'pesto', 70, 'olive oil', 20],
    ['fr', 'Pâtes, garniture (40 %, dont 20 % tomate), sel', 'garniture', 40, 'tomate', 20],
    ['de', 'Teigwaren, Füllung (30 %, davon 20 % Rind), Salz', 'Füllung', 30, 'Rind', 20],
    ['es', 'Pasta, relleno (30 %, de los cuales 10 % atún), sal', 'relleno', 30, 'atún', 10],
    ['it', 'Pasta, ripieno (35%, di cui 15% ricotta), sale', 'ripieno', 35, 'ricotta', 15],
    ['pt', 'Massa, recheio (25 %, dos quais 10 % frango), sal', 'recheio', 25, 'frango', 10],
    ['ja', '小麦粉、具（30%、うち牛肉10%）、食塩', '具', 30, '牛肉', 10],
    ['ko', '밀가루, 만두소(30%, 그 중 돼지고기 10%), 정제염', '만두소', 30, '돼지고기', 10],
    ['zh', '小麦粉，馅料（30%，其中牛肉10%），食用盐', '馅料', 30, '牛肉', 10],
  ])('%s: keeps the percentage and the included part inside the compound', (_language, text, compound, percentage, part, partPercentage) => {
    const parsed = parse(text)
    expect(parsed).toHaveLength(3)
    expect(parsed[1]).toMatchObject({ name: compound, percentage })
    expect(parsed[1]?.subIngredients.map((s) => [s.name, s.percentage])).toEqual([[part, partPercentage]])
  })

  it('reads an inclusion without a percentage of its own as a sub-ingredient, not the name', () => {
    const parsed = parse('crème (dont lait) fraîche, sel')
    expect(parsed).toHaveLength(2)
    expect(parsed[0]?.subIngredients.map((s) => s.name)).toEqual(['lait'])
  })
})

describe('label words and origins in brackets', () => {
  it.each([
    ['fr', "Orange (bio), Citron (issue de l'agriculture biologique), beurre de cacao (commerce équitable), Fraise (origine France)"],
    ['en', 'Orange (organic), Lemon (from organic farming), Cocoa butter (fairtrade), Strawberry (origin: Spain)'],
    ['de', 'Orange (bio), Zitrone (aus kontrolliert ökologischem Anbau), Kakaobutter (fair trade), Erdbeere (Ursprung: Italien)'],
    ['es', 'Naranja (ecológico), Limón (de agricultura ecológica), manteca de cacao (comercio justo), Fresa (origen: España)'],
    ['it', 'Arancia (biologico), Limone (da agricoltura biologica), burro di cacao (commercio equo e solidale), Fragola (origine Italia)'],
    ['pt', 'Laranja (biológico), Limão (de agricultura biológica), manteiga de cacau (comércio justo), Morango (origem: Portugal)'],
  ])('%s: takes them out of the names', (_language, text) => {
    const parsed = parse(text)
    expect(parsed.map((i) => i.name.includes('(') || i.name.includes(')'))).toEqual([false, false, false, false])
    expect(parsed.slice(0, 3).map((i) => i.claims?.length ?? 0)).toEqual([1, 1, 1])
    expect(parsed[3]?.origin).toBeDefined()
  })

  it.each([
    ['ja', '砂糖（有機）、小麦粉（国内製造）、大豆（有機栽培）', ['砂糖', '小麦粉', '大豆']],
    ['ko', '설탕(유기농), 밀가루(미국산), 대두(국산)', ['설탕', '밀가루', '대두']],
    ['zh', '白砂糖（有机）、小麦粉（进口）', ['白砂糖', '小麦粉']],
  ])('%s: takes them out of the names', (_language, text, expected) => {
    expect(parse(text).map((i) => i.name)).toEqual(expected)
  })

  it('takes the code of an organic control body and the EU logo\'s place of farming out of the names', () => {
    const parsed = parse('Zucker (DE-ÖKO-001), Kakao (EU-/Nicht-EU-Landwirtschaft), sucre de canne (FR-BIO-01), cacao (Agriculture non UE)')
    expect(parsed.map((i) => i.name)).toEqual(['Zucker', 'Kakao', 'sucre de canne', 'cacao'])
    expect(parsed.map((i) => [i.claims?.length ?? 0, i.origin !== undefined])).toEqual([[1, false], [0, true], [1, false], [0, true]])
  })

  it('takes an organic statement after a name out of it, and keeps a bracket that names an ingredient', () => {
    const parsed = parse("cerises issues de l'agriculture biologique, beurre (lait bio)")
    expect(parsed[0]).toMatchObject({ name: 'cerises', claims: ["issues de l'agriculture biologique"] })
    expect(parsed[1]?.name).toBe('beurre (lait bio)')
  })
})

describe('an additive class with its members inside a " - " list', () => {
  it.each([
    ['fr', 'farine, sucre - émulsifiant : lécithine de soja - arôme, sel', ['farine', 'sucre', 'lécithine de soja', 'arôme', 'sel']],
    ['en', 'flour, sugar - emulsifier: soy lecithin - flavouring, salt', ['flour', 'sugar', 'soy lecithin', 'flavouring', 'salt']],
    ['de', 'Mehl, Zucker - Emulgator: Sojalecithin - Aroma, Salz', ['Mehl', 'Zucker', 'Sojalecithin', 'Aroma', 'Salz']],
    ['es', 'harina, azúcar - emulgente: lecitina de soja - aroma, sal', ['harina', 'azúcar', 'lecitina de soja', 'aroma', 'sal']],
    ['it', 'farina, zucchero - emulsionante: lecitina di soia - aroma, sale', ['farina', 'zucchero', 'lecitina di soia', 'aroma', 'sale']],
    ['pt', 'farinha, açúcar - emulsionante: lecitina de soja - aroma, sal', ['farinha', 'açúcar', 'lecitina de soja', 'aroma', 'sal']],
  ])('%s: ends the members at the dash', (_language, text, expected) => {
    expect(heads(text)).toEqual(expected)
  })

  it('splits a list of classes and members at its dashes (an Open Food Facts label)', () => {
    const parsed = parse("farine (12%), chocolat (beurre de cacao (15%), sucre [10%], protéines de lait, oeuf 1%) - émulsifiants : E463, E432 et E472 - acidifiant (acide citrique, acide phosphorique) - sel")
    expect(parsed.map((i) => i.head)).toEqual(['farine', 'chocolat', 'E463', 'E432', 'E472', 'acide citrique', 'acide phosphorique', 'sel'])
  })

  it('keeps a hyphen with spaces inside a name when no class stands by it', () => {
    expect(heads('Céleri - rave, choux - fleurs, sel')).toEqual(['Céleri - rave', 'choux - fleurs', 'sel'])
  })

  it('leaves ja, ko and zh lists, which separate with 、 ・ and ，, to their separators', () => {
    expect(heads('小麦粉、砂糖、乳化剤：大豆レシチン、食塩')).toEqual(['小麦粉', '砂糖', '大豆レシチン', '食塩'])
  })
})

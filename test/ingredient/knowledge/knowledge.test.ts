// The embedded knowledge base: multilingual resolution, E-numbers, INCI names, regulatory status,
// curated concerns, allergen families and skin-type tags.
import { describe, expect, it } from 'vitest'
import {
  allergenFamiliesFor, getKnowledgeBase, lookupENumber, lookupName, matchAllergy, normalizeName, resolveAllergenSynonym,
} from '../../../src/ingredient/knowledge/data.ts'

const synonymsOf = (family: keyof ReturnType<typeof getKnowledgeBase>['allergenSynonyms']) => new Set(getKnowledgeBase().allergenSynonyms[family])

const entry = (name: string) => {
  const found = lookupName(name)
  if (!found) throw new Error(`not in the knowledge base: ${name}`)
  return found
}

describe('knowledge base: shape', () => {
  it('loads lazily into one memoised object with entries, names and e-numbers', () => {
    const kb = getKnowledgeBase()
    expect(getKnowledgeBase()).toBe(kb)
    expect(kb.generatedBy).toBe('scripts/kb/build.ts')
    expect(kb.entries.length).toBeGreaterThan(30_000)
    expect(Object.keys(kb.eNumbers).length).toBeGreaterThan(600)
    for (const e of kb.entries.slice(0, 50)) {
      expect(e.id).toBeTruthy()
      expect(['Food', 'Cosmetics', 'Both']).toContain(e.category)
      expect(['Natural', 'Synthetic', 'Semi-synthetic']).toContain(e.origin)
      expect(Array.isArray(e.tags) && Array.isArray(e.references) && Array.isArray(e.purposes)).toBe(true)
    }
  })

  it('keeps every CosIng INCI name reachable', () => {
    for (const inci of ['DISODIUM TETRAMETHYLHEXADECENYLCYSTEINE FORMYLPROLINATE', 'ASTROCARYUM VULGARE SEED BUTTER', 'BARLEY SH-POLYPEPTIDE-17']) {
      expect(lookupName(inci)?.inci).toBe(inci)
    }
  })
})

describe('knowledge base: names across languages', () => {
  it.each([
    ['citric acid', ['acide citrique', 'Zitronensäure', 'ácido cítrico', 'acido citrico', 'クエン酸', '시트르산', '구연산', '檸檬酸', '柠檬酸']],
    ['water', ['aqua', 'eau', 'Wasser', 'agua', 'acqua', 'água', '水', '정제수', '물']],
    ['sugar', ['sucre', 'Zucker', 'azúcar', 'zucchero', 'açúcar', '砂糖', '설탕']],
    ['milk', ['lait', 'Milch', 'leche', 'latte', 'leite', '우유', '牛奶']],
    ['glycerin', ['glycerol', 'glycérine', 'E422', 'グリセリン']],
    ['egg', ['œuf', 'Ei', 'huevo', 'uovo', 'ovo', '鶏卵', '계란', '鸡蛋']],
    ['soy lecithin', ['lécithine de soja', 'Sojalecithin', 'lecitina de soja', '大豆レシチン', '대두레시틴', '大豆磷脂']],
    ['salt', ['sel', 'Salz', 'sal', '食塩', '食用盐', '정제소금']],
    ['whole milk powder', ['lait entier en poudre', 'Vollmilchpulver', '全粉乳', '전지분유', '全脂乳粉']],
    ['almond oil', ['Mandelöl', "huile d'amande", '杏仁油']],
  ])('%s is one entry in every language', (english, others) => {
    const id = entry(english).id
    for (const name of others) expect(entry(name).id, name).toBe(id)
  })

  it('resolves INCI names, abbreviations and common names to one entry', () => {
    const sls = entry('Sodium Lauryl Sulfate')
    expect(entry('SLS').id).toBe(sls.id)
    expect(entry('sodium dodecyl sulfate').id).toBe(sls.id)
    expect(sls.tags).toContain('strong_surfactant')
    expect(entry('BHT').eNumber).toBe('E321')
    expect(entry('butylated hydroxytoluene').eNumber).toBe('E321')
    expect(entry('Prunus Amygdalus Dulcis (Sweet Almond) Oil').inci).toBe('PRUNUS AMYGDALUS DULCIS OIL')
    expect(entry('Aqua (Water)').id).toBe(entry('water').id)
    expect(entry('Water/Aqua/Eau').id).toBe(entry('water').id)
    expect(entry('Parfum (Fragrance)').tags).toContain('fragrance')
    expect(lookupName('definitely not an ingredient xyz')).toBeUndefined()
  })

  it('tries label spellings: plurals, "extract", organic, INCI parentheses, alternatives', () => {
    expect(entry('hazelnuts').id).toBe(entry('hazelnut').id)
    expect(entry('Organic Simmondsia Chinensis Seed Oil').inci).toBe('SIMMONDSIA CHINENSIS SEED OIL')
    expect(entry('Sodium Lauryl Sulfate*').id).toBe(entry('SLS').id)
    expect(entry('Butyrospermum Parkii (Shea) Butter').inci).toBe('BUTYROSPERMUM PARKII BUTTER')
    expect(entry('Glycerin / Glycerine').id).toBe(entry('E422').id)
    // An oil is not reduced to its plant: the oil and the seed are different ingredients.
    const sesameOil = lookupName('sesame oil')
    if (sesameOil) expect(sesameOil.id).not.toBe(lookupName('sesame')?.id)
  })

  it('returns the same decoded object from lookups and from the whole knowledge base', () => {
    const citric = entry('citric acid')
    const index = getKnowledgeBase().names[normalizeName('citric acid')]!
    expect(getKnowledgeBase().entries[index]).toBe(citric)
  })

  it('merges the food and cosmetic sides of one substance', () => {
    for (const [name, code] of [['glycerin', 'E422'], ['citric acid', 'E330'], ['titanium dioxide', 'E171'], ['tocopherol', 'E306'], ['xanthan gum', 'E415']] as const) {
      const e = entry(name)
      expect(e.eNumber, name).toBe(code)
      expect(e.category, name).toBe('Both')
      expect(e.inci, name).toBeTruthy()
    }
    expect(entry('CI 77891').id).toBe(entry('E171').id)
  })
})

describe('knowledge base: E-numbers', () => {
  it.each(['E330', 'e330', 'E 330', 'E-330', 'INS 330', 'ins330'])('%s reaches citric acid', (code) => {
    expect(lookupENumber(code)?.name).toBe('Citric acid')
    expect(lookupName(code)?.name).toBe('Citric acid')
  })

  it('indexes sub-variants and falls back from an unknown variant to its parent', () => {
    expect(lookupENumber('E150d')?.eNumber).toBe('E150d')
    expect(lookupENumber('E101(ii)')?.eNumber).toBe('E101(ii)')
    expect(lookupENumber('E 101 ii')?.eNumber).toBe('E101(ii)')
    expect(lookupENumber('E160a(iv)')?.eNumber).toMatch(/^E160a/)
    expect(lookupENumber('not a code')).toBeUndefined()
  })

  it('carries EFSA overexposure risk and additive classes as purposes', () => {
    const kb = getKnowledgeBase()
    const high = kb.entries.filter((e) => e.efsaOverexposure === 'high')
    expect(high.length).toBeGreaterThan(20)
    for (const e of high.filter((x) => x.source !== 'curated')) expect(['moderate', 'high']).toContain(e.hazard)
    expect(entry('E330').purposes).toEqual(expect.arrayContaining(['Antioxidant', 'Sequestrant', 'Chelating']))
  })
})

describe('knowledge base: regulatory status and curated concerns', () => {
  it('rates an Annex II (prohibited) substance high', () => {
    const lilial = entry('Butylphenyl Methylpropional')
    expect(lilial.hazard).toBe('high')
    expect(lilial.annexes.some((a) => a.annex === 'II')).toBe(true)
    expect(entry('Quaternium-15').hazard).toBe('high')
  })

  it('flags E171 with its 2022 food ban and keeps its cosmetic uses', () => {
    const tio2 = entry('E171')
    expect(tio2.hazard).toBe('moderate')
    expect(tio2.concerns.join(' ')).toMatch(/2022\/63/)
    expect(tio2.references.map((r) => r.label).join(' ')).toMatch(/2022\/63/)
    expect(tio2.tags).toEqual(expect.arrayContaining(['colorant', 'uv_filter']))
    expect(tio2.alternatives.length).toBeGreaterThan(0)
  })

  it('tells the parabens apart', () => {
    expect(entry('methylparaben').hazard).toBe('low')
    expect(entry('ethylparaben').hazard).toBe('low')
    expect(entry('propylparaben').hazard).toBe('moderate')
    expect(entry('butylparaben').hazard).toBe('moderate')
    for (const banned of ['isopropylparaben', 'isobutylparaben', 'phenylparaben', 'benzylparaben', 'pentylparaben']) {
      expect(entry(banned).hazard, banned).toBe('high')
      expect(entry(banned).concerns.join(' '), banned).toMatch(/358\/2014/)
    }
  })

  it('tags formaldehyde releasers and keeps their Annex V limits', () => {
    for (const name of ['DMDM Hydantoin', 'Imidazolidinyl Urea', 'Diazolidinyl Urea', 'Bronopol', 'Sodium Hydroxymethylglycinate', 'Quaternium-15']) {
      expect(entry(name).tags, name).toContain('formaldehyde_releaser')
    }
    expect(entry('DMDM Hydantoin').annexes.find((a) => a.annex === 'V')?.maxConcentration).toBe('0.6%')
  })

  it('knows the curated additives of concern', () => {
    expect(entry('E250').concerns.join(' ')).toMatch(/Group 2A/)
    expect(entry('aspartame').concerns.join(' ')).toMatch(/Group 2B/)
    for (const code of ['E102', 'E110', 'E122', 'E124', 'E129']) {
      expect(lookupENumber(code)?.concerns.join(' '), code).toMatch(/activity and attention in children/)
    }
    expect(entry('hydroquinone').hazard).toBe('high')
    expect(entry('retinol').concerns.join(' ')).toMatch(/2024\/996/)
    expect(entry('methylisothiazolinone').hazard).toBe('moderate')
    expect(entry('oxybenzone').inci).toBe('BENZOPHENONE-3')
  })

  it('gives plain food ingredients no hazard', () => {
    expect(entry('sugar').hazard).toBe('none')
    expect(entry('water').hazard).toBe('none')
  })
})

describe('knowledge base: allergens', () => {
  const synonyms = () => getKnowledgeBase().allergenSynonyms
  it.each([
    ['milk', ['whey', 'casein', 'lactose', 'butter', 'cream', 'cheese', 'lait', 'Milch', 'leche', 'latte', 'leite', '乳', '牛乳', '우유', '牛奶', 'lactosérum', 'Molke']],
    ['nuts', ['almond', 'hazelnut', 'walnut', 'cashew', 'pecan', 'pistachio', 'macadamia', 'Brazil nut', 'Prunus Amygdalus Dulcis Oil',
      'Corylus Avellana Seed Oil', 'Juglans Regia Seed Oil', 'Macadamia Ternifolia Seed Oil']],
    ['gluten', ['wheat', 'barley', 'rye', 'oats', 'spelt', 'kamut', 'Triticum Vulgare', 'Hordeum Vulgare', 'Avena Sativa Kernel Flour', 'blé', 'Weizen',
      'trigo', 'grano', 'frumento', '小麦', '밀', '大麦']],
    ['fragrance', ['parfum', 'fragrance', 'aroma', 'linalool', 'limonene', 'citronellol', 'geraniol', 'citral', 'eugenol', 'isoeugenol', 'coumarin',
      'benzyl alcohol', 'benzyl benzoate', 'benzyl salicylate', 'cinnamal', 'farnesol', 'hexyl cinnamal']],
    ['sulphites', ['sodium metabisulfite', 'sulphur dioxide']],
    ['peanuts', ['peanut', 'Arachis Hypogaea Oil']],
    ['soybeans', ['soy', 'soja']],
    ['eggs', ['egg']],
    ['sesame', ['sesame']],
  ] as const)('%s covers its synonyms', (family, words) => {
    const list = new Set(synonyms()[family])
    for (const w of words) expect(list.has(normalizeName(w)), w).toBe(true)
  })

  it('does not count shea or peanut oil as tree nuts', () => {
    const nuts = new Set(synonyms().nuts)
    expect(nuts.has('butyrospermum parkii butter')).toBe(false)
    expect(nuts.has('erdnussöl')).toBe(false)
    expect(entry('Butyrospermum Parkii Butter').allergenFamilies).not.toContain('nuts')
  })

  it('puts sulphite additives E220-E228 in the sulphites family', () => {
    for (const code of ['E220', 'E221', 'E223', 'E224', 'E228']) expect(lookupENumber(code)?.allergenFamilies, code).toContain('sulphites')
  })

  it.each([
    ['milk', 'milk'], ['dairy', 'milk'], ['lait', 'milk'], ['lactose', 'milk'], ['Milch', 'milk'], ['우유', 'milk'], ['牛奶', 'milk'],
    ['nuts', 'nuts'], ['tree nuts', 'nuts'], ['almond', 'nuts'], ['peanut', 'peanuts'], ['Erdnuss', 'peanuts'], ['gluten', 'gluten'],
    ['wheat', 'gluten'], ['blé', 'gluten'], ['小麦', 'gluten'], ['fragrance', 'fragrance'], ['parfum', 'fragrance'], ['soy', 'soybeans'],
    ['shellfish', 'crustaceans'], ['Allergic to sesame', 'sesame'], ['sulfites', 'sulphites'],
  ] as const)('matchAllergy(%s) is %s', (input, family) => {
    expect(matchAllergy(input)).toBe(family)
  })

  it('returns no family for words that are not allergies', () => {
    expect(matchAllergy('sunshine')).toBeUndefined()
    expect(matchAllergy('')).toBeUndefined()
  })

  it('finds families from the entry and from the words of the raw name', () => {
    expect(allergenFamiliesFor(lookupName('whey'), 'whey')).toContain('milk')
    expect(allergenFamiliesFor(undefined, 'lait écrémé en poudre')).toContain('milk')
    expect(allergenFamiliesFor(lookupName('Prunus Amygdalus Dulcis (Sweet Almond) Oil'), 'Prunus Amygdalus Dulcis (Sweet Almond) Oil')).toContain('nuts')
    expect(allergenFamiliesFor(lookupName('Avena Sativa (Oat) Kernel Flour'), 'Avena Sativa (Oat) Kernel Flour')).toContain('gluten')
    expect(allergenFamiliesFor(undefined, 'organic cocoa butter')).not.toContain('milk')
    expect(allergenFamiliesFor(undefined, 'almond milk (water, almonds 2%)')).toEqual(['nuts'])
    expect(allergenFamiliesFor(undefined, 'Silybum Marianum (milk thistle) extract')).toEqual([])
    expect(allergenFamiliesFor(undefined, 'barley malt extract')).toContain('gluten')
    expect(allergenFamiliesFor(undefined, 'colour: bleu patenté V')).not.toContain('milk')
    expect(allergenFamiliesFor(lookupName('water'), 'water')).toEqual([])
    expect(resolveAllergenSynonym('Lactosérum')).toBe('milk')
  })
})

describe('knowledge base: look-alike allergen words', () => {
  it('does not read plant butters as milk, by INCI or common name', () => {
    for (const name of ['Butyrospermum Parkii Butter', 'Persea Gratissima Butter', 'Illipe Butter', 'avocado butter']) {
      expect(allergenFamiliesFor(lookupName(name), name), name).not.toContain('milk')
    }
    expect(allergenFamiliesFor(undefined, 'butter')).toContain('milk')
  })

  it('does not read the cabbage genus as mustard, but keeps the mustards', () => {
    for (const name of ['Brassica Napus Seed Oil', 'Brassica Campestris Seed Oil', 'Brassica Oleracea Italica Seed Oil']) {
      expect(allergenFamiliesFor(lookupName(name), name), name).not.toContain('mustard')
    }
    expect(synonymsOf('mustard').has('brassica')).toBe(false)
    expect(entry('Brassica Alba Seed Extract').allergenFamilies).toContain('mustard')
    expect(allergenFamiliesFor(lookupName('Sinapis Alba Seed Extract'), 'Sinapis Alba Seed Extract')).toContain('mustard')
  })

  it('reads Spanish "en polvo" as powdered, not as octopus', () => {
    expect(allergenFamiliesFor(undefined, 'cacao desgrasado en polvo')).toEqual([])
    expect(allergenFamiliesFor(undefined, 'leche en polvo')).toEqual(['milk'])
  })
})

describe('knowledge base: food and cosmetic sides of one entry', () => {
  it('keeps the additive classes and the CosIng functions apart', () => {
    const lecithin = entry('E322')
    expect(lecithin.foodPurposes).toEqual(['Emulsifier', 'Antioxidant'])
    expect(lecithin.cosmeticPurposes?.[0]).toBe('Surfactant - emulsifying')
    expect(lecithin.cosmeticPurposes).not.toContain('Emulsifier')
    expect(entry('salt').foodPurposes).toEqual([])
    expect(entry('salt').cosmeticPurposes).toContain('Viscosity controlling')
    expect(lookupName('sucre')?.foodPurposes).toEqual([])
  })

  it('lists the classes an additive must be declared under first', () => {
    expect(entry('E500').purposes.slice(0, 2)).toEqual(['Acidity regulator', 'Raising agent'])
    // A sub-variant takes its parent's declaration classes: sodium bicarbonate raises dough.
    expect(lookupENumber('E500(ii)')?.foodPurposes?.slice(0, 2)).toEqual(['Acidity regulator', 'Raising agent'])
  })

  it('shows the function that matters first, and minor uses last', () => {
    expect(entry('Aqua').purposes).toEqual(['Solvent', 'Skin conditioning', 'Antiplaque'])
    expect(entry('Glycerin').cosmeticPurposes?.[0]).toBe('Humectant')
    expect(entry('Glycerin').cosmeticPurposes?.slice(-3)).toEqual(['Denaturant', 'Oral care', 'Perfuming'])
    expect(entry('Sodium Benzoate').cosmeticPurposes).toEqual(['Preservative', 'Anticorrosive', 'Fragrance'])
  })

  it('assesses each side by its own facts', () => {
    const benzoate = entry('E211')
    expect(benzoate.byUse?.cosmetics.hazard).toBe('low')
    expect(benzoate.byUse?.cosmetics.concerns.join(' ')).not.toMatch(/EFSA/)
    expect(benzoate.byUse?.food.hazard).toBe('moderate')
    expect(benzoate.byUse?.food.concerns.join(' ')).not.toMatch(/Annex/)
    expect(entry('Vanillin').byUse?.food).toEqual({ hazard: 'none', concerns: [] })
    expect(entry('Vanillin').byUse?.cosmetics.hazard).toBe('low')
  })
})

describe('knowledge base: skin-type tags', () => {
  it('tags the fragrance allergens of Annex III (Regulation (EU) 2023/1545) and the older 26', () => {
    for (const name of ['linalool', 'limonene', 'citronellol', 'geraniol', 'citral', 'eugenol', 'isoeugenol', 'coumarin', 'benzyl alcohol',
      'benzyl benzoate', 'benzyl salicylate', 'cinnamal', 'farnesol', 'hexyl cinnamal', 'acetyl cedrene', 'amyl salicylate', 'alpha-terpinene']) {
      const e = entry(name)
      expect(e.tags, name).toContain('fragrance_allergen')
      expect(e.allergenFamilies, name).toContain('fragrance')
    }
    expect(entry('acetyl cedrene').annexes.some((a) => a.regulation?.includes('2023/1545'))).toBe(true)
  })

  it.each([
    ['Lavandula Angustifolia Oil', 'essential_oil'], ['Melaleuca Alternifolia Leaf Oil', 'essential_oil'], ['Alcohol Denat.', 'denatured_alcohol'],
    ['Alcohol Denat.', 'drying_alcohol'], ['Isopropyl Alcohol', 'drying_alcohol'], ['Cetearyl Alcohol', 'fatty_alcohol'], ['Cetyl Alcohol', 'fatty_alcohol'],
    ['Isopropyl Myristate', 'comedogenic'], ['Cocos Nucifera Oil', 'comedogenic'], ['Coconut oil', 'comedogenic'], ['Cocoa butter', 'comedogenic'],
    ['Sodium Lauryl Sulfate', 'strong_surfactant'], ['Cocamidopropyl Betaine', 'mild_surfactant'], ['Glycerin', 'humectant'],
    ['Petrolatum', 'occlusive'], ['Salicylic Acid', 'exfoliant_acid'], ['Glycolic Acid', 'exfoliant_acid'], ['Retinol', 'retinoid'],
    ['Phenoxyethanol', 'preservative'], ['Benzophenone-3', 'uv_filter'], ['CI 77491', 'colorant'], ['E102', 'colorant'],
    ['E951', 'sweetener'], ['E330', 'food_additive'], ['Elaeis Guineensis Oil', 'palm_oil'], ['Parfum', 'fragrance'],
  ] as const)('%s is tagged %s', (name, tag) => {
    expect(entry(name).tags).toContain(tag)
  })

  it('does not call fatty alcohols or carrier oils drying or essential', () => {
    expect(entry('Cetyl Alcohol').tags).not.toContain('drying_alcohol')
    expect(entry('Prunus Amygdalus Dulcis Oil').tags).not.toContain('essential_oil')
    expect(entry('Helianthus Annuus Seed Oil').tags).not.toContain('essential_oil')
  })

  it('derives origin: botanicals natural, fatty esters semi-synthetic', () => {
    expect(entry('Lavandula Angustifolia Oil').origin).toBe('Natural')
    expect(entry('PEG-40 Hydrogenated Castor Oil').origin).toBe('Semi-synthetic')
    expect(entry('sugar').origin).toBe('Natural')
    expect(entry('E129').origin).toBe('Synthetic')
  })
})

describe('knowledge base: display names of INCI entries', () => {
  it('keeps the abbreviations inside INCI names in capitals', () => {
    expect(entry('DISODIUM EDTA').name).toBe('Disodium EDTA')
    expect(entry('PEG-100 STEARATE').name).toBe('PEG-100 Stearate')
    expect(entry('SODIUM PCA').name).toBe('Sodium PCA')
    expect(entry('GLYCERYL STEARATE SE').name).toBe('Glyceryl Stearate SE')
    expect(entry('CI 77491').name).toBe('CI 77491')
    expect(entry('TEA-LAURYL SULFATE').name).toBe('TEA-Lauryl Sulfate')
    expect(entry('CERAMIDE NP').name).toBe('Ceramide NP')
    expect(entry('Caprylic/Capric Triglyceride').name).toBe('Caprylic/Capric Triglyceride')
  })
})

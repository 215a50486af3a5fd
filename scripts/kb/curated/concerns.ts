/**
 * @module
 * The curated table of well-known ingredients of concern: hand-written and reviewed, each row with its
 * alternatives and its sources. Annex limits (maximum concentrations, conditions) are not repeated here:
 * the generator adds them from the CosIng CSVs in data/cosing/.
 */
import type { Reference } from '../../../src/ingredient/knowledge/types.ts'
import type { CuratedConcern } from './types.ts'

const eurLex = (label: string, year: number, number: number): Reference =>
  ({ label, url: `https://eur-lex.europa.eu/eli/reg/${year}/${number}/oj` })

const COSMETICS_REGULATION = eurLex('Regulation (EC) No 1223/2009 on cosmetic products', 2009, 1223)
const FOOD_ADDITIVES_REGULATION = eurLex('Regulation (EC) No 1333/2008 on food additives', 2008, 1333)
const FOOD_INFORMATION_REGULATION = eurLex('Regulation (EU) No 1169/2011 on food information to consumers', 2011, 1169)
const IARC_LIST: Reference = {
  label: 'IARC Monographs, list of classifications',
  url: 'https://monographs.iarc.who.int/list-of-classifications',
}
const FORMALDEHYDE_LABEL = eurLex(
  'Regulation (EU) 2022/1181 ("releases formaldehyde" labelling of formaldehyde releasers)', 2022, 1181,
)
const PARABEN_BAN = eurLex('Regulation (EU) No 358/2014 (five parabens prohibited)', 2014, 358)
const PARABEN_LIMITS = eurLex('Regulation (EU) No 1004/2014 (propyl- and butylparaben limits)', 2014, 1004)
const FULTON: Reference = {
  label: 'Fulton JE, "Comedogenicity and irritancy of commonly used ingredients in skin care products", '
    + 'J Soc Cosmet Chem 40:321-333 (1989), rabbit-ear assay; a general dermatology reference, not a licensed data set',
}
const AZO_WARNING = 'Products containing it must carry the warning "may have an adverse effect on activity and attention in children" (Regulation (EC) No 1333/2008, Annex V).'
const SOUTHAMPTON: Reference = {
  label: 'McCann et al., "Food additives and hyperactive behaviour in 3-year-old and 8/9-year-old children", The Lancet 370:1560-1567 (2007)',
}

const FORMALDEHYDE_RELEASER_CONCERNS = [
  'Preserves by slowly releasing formaldehyde, a skin sensitiser; formaldehyde itself is an IARC Group 1 carcinogen and is prohibited in EU cosmetics.',
  'Since Regulation (EU) 2022/1181, products must be labelled "releases formaldehyde" when the formaldehyde released reaches 0.001 %.',
]
const FORMALDEHYDE_FREE = ['Phenoxyethanol', 'Sodium benzoate with potassium sorbate', 'Ethylhexylglycerin', 'Caprylyl glycol']

/** Ingredients of concern, grouped by theme. */
export const CURATED_CONCERNS: CuratedConcern[] = [
  // Formaldehyde releasers (Annex V preservatives, or Annex II where they were later prohibited).
  ...['DMDM HYDANTOIN', 'IMIDAZOLIDINYL UREA', 'DIAZOLIDINYL UREA', '2-BROMO-2-NITROPROPANE-1,3-DIOL'].map(
    (inci): CuratedConcern => ({
      match: [inci],
      ...(inci.startsWith('2-BROMO') ? { synonyms: ['bronopol'] } : {}),
      hazard: 'moderate',
      concerns: inci.startsWith('2-BROMO')
        ? ['Bronopol can release formaldehyde and can take part in forming nitrosamines; Annex V requires that the formation of nitrosamines be avoided.']
        : FORMALDEHYDE_RELEASER_CONCERNS,
      alternatives: FORMALDEHYDE_FREE,
      references: [COSMETICS_REGULATION, FORMALDEHYDE_LABEL, IARC_LIST],
      tags: ['preservative', 'formaldehyde_releaser'],
      origin: 'Synthetic',
    }),
  ),
  {
    match: ['SODIUM HYDROXYMETHYLGLYCINATE'],
    hazard: 'moderate',
    concerns: [
      ...FORMALDEHYDE_RELEASER_CONCERNS,
      'Regulation (EU) 2021/1902 prohibits it (Annex II) where the releasable formaldehyde in the product reaches 0.1 %; below that it remains an Annex V preservative (up to 0.5 %).',
    ],
    alternatives: FORMALDEHYDE_FREE,
    references: [COSMETICS_REGULATION, eurLex('Regulation (EU) 2021/1902 (CMR substances)', 2021, 1902), FORMALDEHYDE_LABEL],
    tags: ['preservative', 'formaldehyde_releaser'],
    origin: 'Synthetic',
  },
  {
    match: ['QUATERNIUM-15'],
    hazard: 'high',
    concerns: [
      'A formaldehyde-releasing preservative (cis-CTAC) that is prohibited in EU cosmetics since Regulation (EU) 2019/831 (Annex II).',
      'A frequent cause of allergic contact dermatitis.',
    ],
    alternatives: FORMALDEHYDE_FREE,
    references: [COSMETICS_REGULATION, eurLex('Regulation (EU) 2019/831 (CMR substances)', 2019, 831)],
    tags: ['preservative', 'formaldehyde_releaser'],
    origin: 'Synthetic',
  },
  {
    match: ['FORMALDEHYDE'],
    hazard: 'high',
    concerns: [
      'Classified by IARC as carcinogenic to humans (Group 1) and a strong skin sensitiser.',
      'Prohibited as an ingredient of EU cosmetics since Regulation (EU) 2019/831 (Annex II).',
    ],
    alternatives: FORMALDEHYDE_FREE,
    references: [IARC_LIST, eurLex('Regulation (EU) 2019/831 (CMR substances)', 2019, 831)],
    tags: ['preservative'],
    origin: 'Synthetic',
  },
  // Isothiazolinones.
  {
    match: ['METHYLISOTHIAZOLINONE'],
    synonyms: ['MIT', 'MI', 'methylisothiazolinone (MIT)'],
    hazard: 'moderate',
    concerns: [
      'A strong skin sensitiser behind a wave of contact allergy in the 2010s.',
      'No longer allowed in leave-on cosmetics in the EU (Regulation (EU) 2016/1198); rinse-off products are limited to 0.0015 % (Regulation (EU) 2017/1224).',
    ],
    alternatives: ['Phenoxyethanol', 'Sodium benzoate with potassium sorbate', 'Benzyl alcohol with dehydroacetic acid'],
    references: [COSMETICS_REGULATION, eurLex('Regulation (EU) 2016/1198 (MI in leave-on products)', 2016, 1198),
      eurLex('Regulation (EU) 2017/1224 (MI in rinse-off products)', 2017, 1224)],
    tags: ['preservative'],
    origin: 'Synthetic',
  },
  {
    match: ['METHYLCHLOROISOTHIAZOLINONE'],
    synonyms: ['MCI', 'methylchloroisothiazolinone and methylisothiazolinone', 'MCI/MI', 'kathon cg'],
    hazard: 'moderate',
    concerns: [
      'A strong skin sensitiser; the mixture with methylisothiazolinone (3:1) is allowed only in rinse-off products, up to 0.0015 % (Annex V, Regulation (EU) No 1003/2014).',
    ],
    alternatives: ['Phenoxyethanol', 'Sodium benzoate with potassium sorbate'],
    references: [COSMETICS_REGULATION, eurLex('Regulation (EU) No 1003/2014 (MCI/MI in rinse-off products only)', 2014, 1003)],
    tags: ['preservative'],
    origin: 'Synthetic',
  },
  // Parabens: three different statuses.
  ...['METHYLPARABEN', 'ETHYLPARABEN'].map((inci): CuratedConcern => ({
    match: [inci],
    hazard: 'low',
    concerns: [
      'Allowed as an EU cosmetic preservative up to 0.4 % alone or 0.8 % for mixtures of esters (as acid); the SCCS considers methyl- and ethylparaben safe at those limits.',
      'Occasionally causes contact allergy, mostly on damaged skin.',
    ],
    alternatives: ['Phenoxyethanol', 'Sodium benzoate with potassium sorbate'],
    references: [COSMETICS_REGULATION, PARABEN_LIMITS],
    tags: ['preservative'],
    origin: 'Synthetic',
  })),
  ...['PROPYLPARABEN', 'BUTYLPARABEN'].map((inci): CuratedConcern => ({
    match: [inci],
    hazard: 'moderate',
    concerns: [
      'Restricted because of weak endocrine activity: at most 0.14 % (as acid, propyl- and butylparaben together) since Regulation (EU) No 1004/2014.',
      'Not allowed in leave-on products for the nappy area of children under three.',
    ],
    alternatives: ['Methylparaben', 'Phenoxyethanol', 'Sodium benzoate with potassium sorbate'],
    references: [COSMETICS_REGULATION, PARABEN_LIMITS],
    tags: ['preservative'],
    origin: 'Synthetic',
  })),
  ...['ISOPROPYLPARABEN', 'ISOBUTYLPARABEN', 'PHENYLPARABEN', 'BENZYLPARABEN', 'PENTYLPARABEN'].map(
    (inci): CuratedConcern => ({
      match: [inci],
      hazard: 'high',
      concerns: [
        'Prohibited in EU cosmetics since Regulation (EU) No 358/2014 (Annex II): the data needed to assess its safety were never provided.',
      ],
      alternatives: ['Methylparaben', 'Phenoxyethanol'],
      references: [PARABEN_BAN],
      tags: ['preservative'],
      origin: 'Synthetic',
      category: 'Cosmetics',
    }),
  ),
  // UV filters and antimicrobials.
  {
    match: ['BENZOPHENONE-3'],
    synonyms: ['oxybenzone'],
    hazard: 'moderate',
    concerns: [
      'The SCCS found weak endocrine activity; Regulation (EU) 2022/1176 lowered the limit to 6 % in face, hand and body products and 2.2 % in body sprays.',
      'A known cause of photo-allergic reactions.',
    ],
    alternatives: ['Zinc oxide', 'Titanium dioxide', 'Bis-ethylhexyloxyphenol methoxyphenyl triazine'],
    references: [COSMETICS_REGULATION, eurLex('Regulation (EU) 2022/1176 (benzophenone-3, octocrylene)', 2022, 1176)],
    tags: ['uv_filter'],
    origin: 'Synthetic',
  },
  {
    match: ['TRICLOSAN'],
    hazard: 'moderate',
    concerns: [
      'An antibacterial allowed in EU cosmetics only in a few product types, at up to 0.3 % (Annex V; Regulation (EU) No 358/2014, amended by Regulation (EU) 2024/996).',
      'Questions about endocrine effects and antimicrobial resistance led the US FDA to remove it from consumer antiseptic washes in 2016.',
    ],
    alternatives: ['Plain soap and water', 'Benzoic acid-based preservation'],
    references: [COSMETICS_REGULATION, PARABEN_BAN, eurLex('Regulation (EU) 2024/996', 2024, 996),
      { label: 'US FDA final rule on consumer antiseptic wash products (81 FR 61106, 2016)' }],
    tags: ['preservative'],
    origin: 'Synthetic',
  },
  // Surfactants.
  {
    match: ['SODIUM LAURYL SULFATE'],
    synonyms: ['SLS', 'sodium dodecyl sulfate', 'sodium dodecyl sulphate', 'sodium lauryl sulphate', 'sodium laurilsulfate'],
    hazard: 'low',
    concerns: [
      'A strong cleansing agent that removes skin lipids and can irritate, which is why dermatologists use it as the reference irritant in patch tests.',
      'The Cosmetic Ingredient Review judged it safe in rinse-off products and at up to 1 % in leave-on products.',
    ],
    alternatives: ['Sodium cocoyl isethionate', 'Decyl glucoside', 'Cocamidopropyl betaine'],
    references: [{ label: 'Cosmetic Ingredient Review, final report on sodium lauryl sulfate and ammonium lauryl sulfate (J Am Coll Toxicol 2(7), 1983)' }],
    tags: ['strong_surfactant'],
    origin: 'Semi-synthetic',
  },
  {
    match: ['AMMONIUM LAURYL SULFATE'],
    synonyms: ['ALS'],
    hazard: 'low',
    concerns: ['A strong cleansing agent, comparable to sodium lauryl sulfate; may dry and irritate skin.'],
    alternatives: ['Sodium cocoyl isethionate', 'Decyl glucoside', 'Cocamidopropyl betaine'],
    references: [{ label: 'Cosmetic Ingredient Review, final report on sodium lauryl sulfate and ammonium lauryl sulfate (J Am Coll Toxicol 2(7), 1983)' }],
    tags: ['strong_surfactant'],
    origin: 'Semi-synthetic',
  },
  {
    match: ['SODIUM LAURETH SULFATE'],
    synonyms: ['SLES', 'sodium lauryl ether sulfate', 'sodium lauryl ether sulphate', 'sodium laureth sulphate'],
    hazard: 'low',
    concerns: [
      'Milder than sodium lauryl sulfate, but still a sulfate cleanser that can dry sensitive or dry skin.',
      'Ethoxylation can leave traces of 1,4-dioxane, which manufacturers remove by stripping.',
    ],
    alternatives: ['Sodium cocoyl isethionate', 'Decyl glucoside', 'Coco-glucoside'],
    references: [{ label: 'Cosmetic Ingredient Review, safety assessments of sodium laureth sulfate and related alkyl ether sulfates' }],
    tags: ['strong_surfactant'],
    origin: 'Semi-synthetic',
  },
  {
    match: ['COCAMIDE DEA'],
    synonyms: ['coconut oil diethanolamine condensate'],
    hazard: 'moderate',
    concerns: [
      'IARC classified coconut oil diethanolamine condensate as possibly carcinogenic to humans (Group 2B) in 2013.',
      'Fatty acid dialkanolamides are restricted in EU cosmetics (Annex III) because of nitrosamine formation.',
    ],
    alternatives: ['Cocamidopropyl betaine', 'Coco-glucoside'],
    references: [IARC_LIST, COSMETICS_REGULATION],
    tags: ['mild_surfactant'],
    origin: 'Semi-synthetic',
  },
  // Antioxidants.
  {
    match: ['E320', 'BHA'],
    synonyms: ['butylated hydroxyanisole', 'BHA'],
    hazard: 'moderate',
    concerns: [
      'IARC classifies butylated hydroxyanisole as possibly carcinogenic to humans (Group 2B).',
      'EFSA\'s 2011 re-evaluation set an acceptable daily intake of 1.0 mg/kg body weight.',
    ],
    alternatives: ['Tocopherols (E306-E309)', 'Rosemary extract (E392)', 'Ascorbic acid (E300)'],
    references: [IARC_LIST, FOOD_ADDITIVES_REGULATION],
    tags: ['food_additive'],
    origin: 'Synthetic',
  },
  {
    match: ['E321', 'BHT'],
    synonyms: ['butylated hydroxytoluene', 'BHT'],
    hazard: 'low',
    concerns: [
      'EFSA\'s 2012 re-evaluation set an acceptable daily intake of 0.25 mg/kg body weight.',
      'Restricted in EU cosmetics since Regulation (EU) 2022/2195 (Annex III): 0.001 % in mouthwash, 0.1 % in toothpaste, 0.8 % in other products.',
    ],
    alternatives: ['Tocopherols (E306-E309)', 'Rosemary extract (E392)'],
    references: [FOOD_ADDITIVES_REGULATION, eurLex('Regulation (EU) 2022/2195 (BHT, acid yellow 3, homosalate, HAA299)', 2022, 2195)],
    tags: ['food_additive'],
    origin: 'Synthetic',
  },
  // Food additives with regulatory history.
  {
    match: ['E171', 'TITANIUM DIOXIDE', 'CI 77891'],
    name: 'Titanium dioxide',
    synonyms: ['titanium dioxide', 'TiO2', 'CI 77891'],
    hazard: 'moderate',
    concerns: [
      'No longer authorised as a food additive (E171) in the EU since Regulation (EU) 2022/63, after EFSA (2021) could not rule out genotoxicity of its particles.',
      'Still allowed in cosmetics as a colorant (CI 77891) and UV filter (up to 25 %); powders that can be inhaled are restricted (Annex III, Regulation (EU) 2021/850).',
    ],
    // The food ban rests on eating the particles; on skin, EU cosmetics law allows it under limits.
    byUse: {
      food: {
        hazard: 'moderate',
        concerns: ['No longer authorised as a food additive (E171) in the EU since Regulation (EU) 2022/63, after EFSA (2021) could not rule out genotoxicity of its particles.'],
      },
      cosmetics: {
        hazard: 'low',
        concerns: [
          'Allowed in cosmetics as a colorant (CI 77891) and UV filter (up to 25 %, nano forms included under conditions); powders that can be inhaled are restricted (Annex III, Regulation (EU) 2021/850).',
          'Withdrawn as a food additive (E171) in the EU in 2022 (Regulation (EU) 2022/63) because EFSA (2021) could not rule out genotoxicity of ingested particles; that assessment concerns eating it.',
        ],
      },
    },
    alternatives: ['Calcium carbonate (E170) as a whitener in food', 'Zinc oxide as a mineral UV filter'],
    references: [eurLex('Regulation (EU) 2022/63 (E171 withdrawn)', 2022, 63),
      { label: 'EFSA Panel on Food Additives and Flavourings, Safety assessment of titanium dioxide (E171) as a food additive, EFSA Journal 2021' },
      COSMETICS_REGULATION],
    tags: ['colorant', 'uv_filter', 'food_additive'],
    origin: 'Synthetic',
    category: 'Both',
  },
  ...[['E249', 'Potassium nitrite'], ['E250', 'Sodium nitrite']].map(([code, name]): CuratedConcern => ({
    match: [code!],
    name: name!,
    hazard: 'moderate',
    concerns: [
      'Nitrite can form nitrosamines; IARC classifies ingested nitrate or nitrite under conditions that result in endogenous nitrosation as probably carcinogenic (Group 2A), and processed meat as carcinogenic (Group 1).',
      'EFSA (2017) set an acceptable daily intake of 0.07 mg nitrite ion per kg body weight; Regulation (EU) 2023/2108 lowered the maximum amounts allowed in meat products.',
    ],
    alternatives: ['Fresh, uncured meat', 'Products cured without added nitrite (note: "celery extract" cures also supply nitrite)'],
    references: [IARC_LIST, FOOD_ADDITIVES_REGULATION, eurLex('Regulation (EU) 2023/2108 (nitrites and nitrates)', 2023, 2108)],
    tags: ['food_additive', 'preservative'],
    origin: 'Synthetic',
    category: 'Food',
  })),
  ...[['E251', 'Sodium nitrate'], ['E252', 'Potassium nitrate']].map(([code, name]): CuratedConcern => ({
    match: [code!],
    name: name!,
    hazard: 'low',
    concerns: [
      'Converted to nitrite in the body and in the product; IARC classifies ingested nitrate or nitrite under conditions that result in endogenous nitrosation as probably carcinogenic (Group 2A).',
      'Regulation (EU) 2023/2108 lowered the maximum amounts allowed in meat products and cheese.',
    ],
    alternatives: ['Fresh, uncured meat'],
    references: [IARC_LIST, eurLex('Regulation (EU) 2023/2108 (nitrites and nitrates)', 2023, 2108)],
    tags: ['food_additive', 'preservative'],
    origin: 'Synthetic',
    category: 'Food',
  })),
  {
    match: ['E951'],
    name: 'Aspartame',
    hazard: 'moderate',
    concerns: [
      'IARC classified aspartame as possibly carcinogenic to humans (Group 2B) in 2023; JECFA kept its acceptable daily intake of 40 mg/kg body weight, the same as EFSA (2013).',
      'A source of phenylalanine: labels must say so, and people with phenylketonuria must avoid it (Regulation (EU) No 1169/2011, Annex III).',
    ],
    alternatives: ['Less sweetened products', 'Steviol glycosides (E960)'],
    references: [IARC_LIST, FOOD_INFORMATION_REGULATION, FOOD_ADDITIVES_REGULATION],
    tags: ['food_additive', 'sweetener'],
    origin: 'Synthetic',
    category: 'Food',
  },
  {
    match: ['E407', 'CARRAGEENAN'],
    hazard: 'low',
    concerns: [
      'EFSA\'s 2018 re-evaluation set a temporary acceptable daily intake of 75 mg/kg body weight, pending more data.',
      'Degraded carrageenan (poligeenan), which is not the food additive, is an IARC Group 2B substance.',
    ],
    alternatives: ['Agar (E406)', 'Pectin (E440)', 'Locust bean gum (E410)'],
    references: [FOOD_ADDITIVES_REGULATION, IARC_LIST],
    tags: ['food_additive'],
    origin: 'Natural',
  },
  ...[['E102', 'Tartrazine'], ['E104', 'Quinoline yellow'], ['E110', 'Sunset yellow FCF'], ['E122', 'Azorubine, carmoisine'],
    ['E124', 'Ponceau 4R, cochineal red A'], ['E129', 'Allura red AC']].map(([code, name]): CuratedConcern => ({
    match: [code!],
    name: name!,
    hazard: 'moderate',
    concerns: [
      'One of the six colours linked to hyperactivity in children in the 2007 Southampton study.',
      AZO_WARNING,
    ],
    alternatives: ['Colouring foods such as beetroot, paprika, turmeric or spirulina concentrates', 'Curcumin (E100)', 'Paprika extract (E160c)'],
    references: [FOOD_ADDITIVES_REGULATION, SOUTHAMPTON],
    tags: ['food_additive', 'colorant'],
    origin: 'Synthetic',
    category: 'Food',
  })),
  // Skin lightening and vitamin A.
  {
    match: ['HYDROQUINONE'],
    hazard: 'high',
    concerns: [
      'Prohibited in EU cosmetics (Annex II, entry 1339); the only exception is professional artificial nail systems at 0.02 % (Annex III, entry 14).',
      'Used on skin it can cause irritation and ochronosis (a blue-black skin discolouration); in the EU, skin lightening with hydroquinone is a matter for medicines, not cosmetics.',
    ],
    alternatives: ['Niacinamide', 'Azelaic acid', 'Vitamin C (ascorbic acid)'],
    references: [COSMETICS_REGULATION],
    tags: [],
    origin: 'Synthetic',
    category: 'Cosmetics',
  },
  ...[['RETINOL', 'retinol'], ['RETINYL ACETATE', 'retinyl acetate'], ['RETINYL PALMITATE', 'retinyl palmitate']].map(
    ([inci]): CuratedConcern => ({
      match: [inci!],
      hazard: 'low',
      concerns: [
        'Vitamin A in cosmetics is limited since Regulation (EU) 2024/996: 0.05 % retinol equivalent in body lotions and 0.3 % in other products, because total vitamin A intake may exceed the upper limit.',
        'Can irritate and make skin more sensitive to the sun; retinoids are best avoided in pregnancy.',
      ],
      alternatives: ['Bakuchiol', 'Niacinamide'],
      references: [eurLex('Regulation (EU) 2024/996 (vitamin A, arbutins, kojic acid, triclosan, ...)', 2024, 996)],
      tags: ['retinoid'],
      origin: 'Synthetic',
    }),
  ),
  {
    match: ['SALICYLIC ACID'],
    synonyms: ['BHA (beta hydroxy acid)', 'beta hydroxy acid'],
    hazard: 'low',
    concerns: [
      'A beta hydroxy acid exfoliant; EU cosmetics may contain up to 3 % in rinse-off hair products, 2 % in most other products and 0.5 % in body lotions and some make-up, and none in products for children under three (Annex III).',
      'Can irritate dry or sensitive skin.',
    ],
    alternatives: ['Gluconolactone (PHA)', 'Lactic acid at low strength'],
    references: [COSMETICS_REGULATION],
    tags: ['exfoliant_acid', 'preservative'],
    origin: 'Synthetic',
  },
  // Alcohols and fragrance.
  {
    match: ['ALCOHOL DENAT.'],
    synonyms: ['alcohol denat', 'denatured alcohol', 'alcool denat', 'alcool dénaturé', 'SD alcohol'],
    hazard: 'low',
    concerns: [
      'Ethanol made undrinkable with a bitter denaturant; in leave-on products it can dry the skin and weaken its barrier.',
    ],
    alternatives: ['Alcohol-free formulas', 'Glycerin-based toners'],
    references: [COSMETICS_REGULATION],
    tags: ['denatured_alcohol', 'drying_alcohol'],
    origin: 'Semi-synthetic',
    category: 'Cosmetics',
  },
  {
    match: ['PARFUM', 'FRAGRANCE'],
    name: 'Fragrance (parfum)',
    synonyms: ['parfum', 'fragrance', 'perfume', 'parfüm', 'profumo', 'perfume (fragrance)', 'parfum (fragrance)', 'fragrance (parfum)',
      '香料', '향료', '香精'],
    hazard: 'low',
    concerns: [
      'An undisclosed blend of scent ingredients and the most common cause of allergic reactions to cosmetics.',
      'Only the fragrance allergens listed in Annex III must be named on EU labels, above 0.001 % in leave-on and 0.01 % in rinse-off products; Regulation (EU) 2023/1545 extended that list.',
    ],
    alternatives: ['Fragrance-free products'],
    references: [COSMETICS_REGULATION, eurLex('Regulation (EU) 2023/1545 (fragrance allergen labelling)', 2023, 1545),
      { label: 'SCCS/1459/11, Opinion on fragrance allergens in cosmetic products (2012)' }],
    tags: ['fragrance'],
    origin: 'Synthetic',
    category: 'Cosmetics',
    allergenFamilies: ['fragrance'],
  },
  ...[['LAVANDULA ANGUSTIFOLIA OIL', 'lavender oil', 'Lavender is rich in linalool and linalyl acetate, which form skin sensitisers when they oxidise in air.'],
    ['MELALEUCA ALTERNIFOLIA LEAF OIL', 'tea tree oil', 'Oxidised tea tree oil is a skin sensitiser (SCCP/1155/08); fresh oil can irritate at high strength.']].map(
    ([inci, common, concern]): CuratedConcern => ({
      match: [inci!],
      synonyms: [common!],
      hazard: 'low',
      concerns: [concern!, 'Essential oils are a common trigger for people with sensitive skin or fragrance allergy.'],
      alternatives: ['Fragrance-free products'],
      references: [{ label: 'SCCS/1459/11, Opinion on fragrance allergens in cosmetic products (2012)' },
        ...(inci!.startsWith('MELALEUCA') ? [{ label: 'SCCP/1155/08, Opinion on tea tree oil (2008)' }] : [])],
      tags: ['essential_oil', 'fragrance'],
      origin: 'Natural',
      allergenFamilies: ['fragrance'],
    }),
  ),
  // Oxidative hair-dye precursors: strong contact allergens, allowed under a mandatory label warning.
  ...[[['P-PHENYLENEDIAMINE', 'P-PHENYLENEDIAMINE HCL', 'P-PHENYLENEDIAMINE SULFATE'], 'p-Phenylenediamine', '8a and 8b', ['PPD']],
    [['TOLUENE-2,5-DIAMINE', 'TOLUENE-2,5-DIAMINE SULFATE'], 'Toluene-2,5-diamine', '9a', ['PTD']]].map(
    ([match, name, entries, synonyms]): CuratedConcern => ({
      match: match as string[],
      name: name as string,
      synonyms: synonyms as string[],
      hazard: 'moderate',
      concerns: [
        `A strong skin sensitiser and a leading cause of hair-dye allergy. Allowed in EU oxidative hair dyes up to 2 % on the hair after mixing (calculated as free base); the label must warn that hair colourants can cause severe allergic reactions and that temporary "black henna" tattoos may increase the risk of allergy (Annex III, entries ${entries as string}).`,
      ],
      alternatives: ['A strand and skin allergy test 48 hours before each colouring', 'Hair colours without phenylenediamines (they may contain other sensitisers)'],
      references: [COSMETICS_REGULATION, eurLex('Regulation (EU) No 344/2013 (hair dye substances)', 2013, 344)],
      tags: [],
      origin: 'Synthetic',
      category: 'Cosmetics',
    }),
  ),
  // Refined palm oil carries more of the refining contaminants than other vegetable oils. A food matter:
  // on skin (soap, creams) the contaminants are not ingested.
  {
    match: ['off:en:palm oil', 'ELAEIS GUINEENSIS OIL'],
    name: 'Palm oil',
    hazard: 'low',
    concerns: [
      'Refining forms glycidyl fatty acid esters and 3-MCPD esters, at the highest levels in palm oils and fats; EFSA (2016) considers glycidol genotoxic and carcinogenic, and Regulation (EU) 2018/290 sets maximum levels for glycidyl esters in vegetable oils and fats.',
    ],
    byUse: {
      food: {
        hazard: 'low',
        concerns: ['Refining forms glycidyl fatty acid esters and 3-MCPD esters, at the highest levels in palm oils and fats; EFSA (2016) considers glycidol genotoxic and carcinogenic, and Regulation (EU) 2018/290 sets maximum levels for glycidyl esters in vegetable oils and fats.'],
      },
      cosmetics: { hazard: 'none', concerns: [] },
    },
    alternatives: ['Rapeseed oil', 'Sunflower oil'],
    references: [
      { label: 'EFSA CONTAM Panel, Risks for human health related to the presence of 3- and 2-monochloropropanediol (MCPD), and their fatty acid esters, and glycidyl fatty acid esters in food, EFSA Journal 2016;14(5):4426', url: 'https://doi.org/10.2903/j.efsa.2016.4426' },
      eurLex('Regulation (EU) 2018/290 (glycidyl fatty acid esters in vegetable oils and fats)', 2018, 290),
    ],
    tags: ['palm_oil'],
    origin: 'Natural',
    category: 'Both',
  },
  // Comedogenic oils and esters (rabbit-ear assay; see docs/knowledge-base.md for the caveat).
  ...[['ISOPROPYL MYRISTATE', 'Semi-synthetic'], ['ISOPROPYL PALMITATE', 'Semi-synthetic'], ['MYRISTYL MYRISTATE', 'Semi-synthetic'],
    ['LAURETH-4', 'Semi-synthetic'], ['COCOS NUCIFERA OIL', 'Natural'], ['THEOBROMA CACAO SEED BUTTER', 'Natural'],
    ['TRITICUM VULGARE GERM OIL', 'Natural'], ['ALGAE EXTRACT', 'Natural'], ['ISOPROPYL ISOSTEARATE', 'Semi-synthetic'],
    ['ACETYLATED LANOLIN ALCOHOL', 'Semi-synthetic']].map(([inci, origin]): CuratedConcern => ({
    match: [inci!],
    hazard: 'none',
    concerns: [
      'Rated comedogenic (pore-clogging) in the rabbit-ear assay; that model over-predicts acne in people, but it may still bother acne-prone or oily skin.',
    ],
    alternatives: ['Squalane', 'Caprylic/capric triglyceride', 'Jojoba oil (Simmondsia chinensis seed oil)'],
    references: [FULTON],
    tags: ['comedogenic'],
    origin: origin as CuratedConcern['origin'] & string,
  })),
  // Talc.
  {
    match: ['TALC', 'E553B'],
    hazard: 'low',
    concerns: [
      'IARC classified talc as probably carcinogenic to humans (Group 2A) in 2024, mainly on evidence for ovarian cancer with perineal use; asbestos-free cosmetic talc is still allowed in the EU.',
    ],
    alternatives: ['Corn starch (Zea mays starch)', 'Kaolin'],
    references: [IARC_LIST],
    tags: [],
    origin: 'Natural',
  },
]

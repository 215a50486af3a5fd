/**
 * @module
 * Italian evaluation labels. Written for this set after common product types; expectations by hand
 * from the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const IT: EvalLabel[] = [
  {
    id: 'it-food-01', language: 'it', kind: 'food', product: 'Biscotti frollini',
    text: 'Ingredienti: farina di frumento, zucchero, burro (latte) 15 %, uova fresche, sciroppo di glucosio, agenti lievitanti: carbonato acido di ammonio, carbonato acido di sodio, sale, aromi. Può contenere frutta a guscio e soia.',
    ingredients: ['farina di frumento', 'zucchero', 'burro (latte)', 'uova fresche', 'sciroppo di glucosio', 'carbonato acido di ammonio', 'carbonato acido di sodio', 'sale', 'aromi'],
    contains: ['gluten', 'milk', 'eggs'], mayContain: ['nuts', 'soybeans'],
  },
  {
    id: 'it-food-02', language: 'it', kind: 'food', product: 'Spaghetti di semola',
    text: 'Ingredienti: semola di grano duro. Può contenere tracce di soia e senape.',
    ingredients: ['semola di grano duro'],
    contains: ['gluten'], mayContain: ['soybeans', 'mustard'],
  },
  {
    id: 'it-food-03', language: 'it', kind: 'food', product: 'Pesto alla genovese',
    text: 'Ingredienti: basilico genovese (35 %), olio extra vergine di oliva, Parmigiano Reggiano (latte, sale, caglio), pinoli, anacardi, Pecorino Romano (latte di pecora, sale, caglio), sale, aglio, correttore di acidità: acido lattico.',
    ingredients: ['basilico genovese', 'olio extra vergine di oliva', 'Parmigiano Reggiano (latte; sale; caglio)', 'pinoli', 'anacardi', 'Pecorino Romano (latte di pecora; sale; caglio)', 'sale', 'aglio', 'acido lattico'],
    contains: ['milk', 'nuts'], mayContain: [],
  },
  {
    id: 'it-food-04', language: 'it', kind: 'food', product: 'Tiramisù',
    text: "Ingredienti: mascarpone 30 % (crema di latte, correttore di acidità: acido citrico), savoiardi 25 % (farina di frumento, zucchero, uova, agente lievitante: carbonato acido di ammonio), caffè 15 %, zucchero, uova pastorizzate, tuorlo d'uovo, cacao magro in polvere, marsala (contiene solfiti), gelatina. Può contenere frutta a guscio.",
    ingredients: ['mascarpone (crema di latte; acido citrico)', 'savoiardi (farina di frumento; zucchero; uova; carbonato acido di ammonio)', 'caffè', 'zucchero', 'uova pastorizzate', "tuorlo d'uovo", 'cacao magro in polvere', 'marsala (contiene solfiti)', 'gelatina'],
    contains: ['milk', 'gluten', 'eggs', 'sulphites'], mayContain: ['nuts'],
  },
  {
    id: 'it-food-05', language: 'it', kind: 'food', product: 'Grissini',
    text: "Ingredienti: farina di grano tenero tipo \"0\", olio di oliva (9 %), lievito di birra, sale, malto d'orzo. Prodotto in uno stabilimento che utilizza sesamo, latte e semi di senape.",
    ingredients: ['farina di grano tenero tipo "0"', 'olio di oliva', 'lievito di birra', 'sale', "malto d'orzo"],
    contains: ['gluten'], mayContain: ['sesame', 'milk', 'mustard'],
  },
  {
    id: 'it-food-06', language: 'it', kind: 'food', product: 'Sugo al tonno',
    text: 'Ingredienti: polpa di pomodoro 70 %, tonno 15 % (tonno, olio di semi di girasole, sale), olio di semi di girasole, cipolla, capperi, prezzemolo, sale, zucchero, pepe. Tonno pescato in Oceano Pacifico (FAO 71).',
    ingredients: ['polpa di pomodoro', 'tonno (tonno; olio di semi di girasole; sale)', 'olio di semi di girasole', 'cipolla', 'capperi', 'prezzemolo', 'sale', 'zucchero', 'pepe'],
    contains: ['fish'], mayContain: [],
  },
  {
    id: 'it-food-07', language: 'it', kind: 'food', product: 'Crackers integrali',
    text: "Ingredienti: farina integrale di frumento 55 %, farina di frumento, oli vegetali (girasole, oliva) 10 %, sale, estratto di malto d'orzo, agenti lievitanti: carbonato acido di sodio e carbonato acido di ammonio, lievito. Contiene glutine. Può contenere tracce di latte, sesamo e soia.",
    ingredients: ['farina integrale di frumento', 'farina di frumento', 'oli vegetali (girasole; oliva)', 'sale', "estratto di malto d'orzo", 'carbonato acido di sodio', 'carbonato acido di ammonio', 'lievito'],
    contains: ['gluten'], mayContain: ['milk', 'sesame', 'soybeans'],
  },
  {
    id: 'it-food-08', language: 'it', kind: 'food', product: 'Lasagne alla bolognese',
    text: "Ingredienti: besciamella 40 % (latte, burro, farina di frumento, sale, noce moscata), ragù 30 % (carne di bovino, passata di pomodoro, sedano, carota, cipolla, vino rosso, olio extra vergine di oliva, sale), pasta all'uovo 25 % (semola di grano duro, uova), Grana Padano (latte, sale, caglio, lisozima da uovo). Carne di bovino: origine Italia.",
    ingredients: ['besciamella (latte; burro; farina di frumento; sale; noce moscata)', 'ragù (carne di bovino; passata di pomodoro; sedano; carota; cipolla; vino rosso; olio extra vergine di oliva; sale)', "pasta all'uovo (semola di grano duro; uova)", 'Grana Padano (latte; sale; caglio; lisozima da uovo)'],
    contains: ['milk', 'gluten', 'celery', 'eggs'], mayContain: [],
  },
  {
    id: 'it-food-09', language: 'it', kind: 'food', product: 'Cioccolato fondente 70 %',
    text: 'Ingredienti: pasta di cacao, zucchero, burro di cacao, emulsionante: lecitina di soia, estratto di vaniglia. Cacao: 70 % minimo. Può contenere latte e nocciole.',
    ingredients: ['pasta di cacao', 'zucchero', 'burro di cacao', 'lecitina di soia', 'estratto di vaniglia'],
    contains: ['soybeans'], mayContain: ['milk', 'nuts'],
  },
  {
    id: 'it-food-10', language: 'it', kind: 'food', product: 'Gelato al pistacchio',
    text: "Ingredienti: latte scremato reidratato, zucchero, panna (latte) 12 %, sciroppo di glucosio, pasta di pistacchio 6 %, tuorlo d'uovo, destrosio, emulsionante: mono- e digliceridi degli acidi grassi, stabilizzanti: farina di semi di carrube, gomma di guar, carragenina, aromi. Può contenere arachidi e altra frutta a guscio.",
    ingredients: ['latte scremato reidratato', 'zucchero', 'panna (latte)', 'sciroppo di glucosio', 'pasta di pistacchio', "tuorlo d'uovo", 'destrosio', 'mono- e digliceridi degli acidi grassi', 'farina di semi di carrube', 'gomma di guar', 'carragenina', 'aromi'],
    contains: ['milk', 'nuts', 'eggs'], mayContain: ['peanuts', 'nuts'],
  },
  {
    id: 'it-food-11', language: 'it', kind: 'food', product: 'Cous cous alle verdure',
    text: 'Ingredienti: semola di grano duro precotta (cous cous) 60 %, verdure disidratate 20 % (zucchina, peperone, cipolla, carota, sedano), olio di semi di girasole, sale, curcuma, cumino. Può contenere tracce di senape e sesamo.',
    ingredients: ['semola di grano duro precotta (cous cous)', 'verdure disidratate (zucchina; peperone; cipolla; carota; sedano)', 'olio di semi di girasole', 'sale', 'curcuma', 'cumino'],
    contains: ['gluten', 'celery'], mayContain: ['mustard', 'sesame'],
  },
  {
    id: 'it-food-12', language: 'it', kind: 'food', product: 'Insalata di mare',
    text: 'Ingredienti: seppie 30 %, gamberetti 20 % (crostacei), cozze 15 %, polpo 10 %, olio di semi di girasole, succo di limone, prezzemolo, aglio, sale, antiossidante: acido ascorbico, conservante: metabisolfito di sodio.',
    ingredients: ['seppie', 'gamberetti (crostacei)', 'cozze', 'polpo', 'olio di semi di girasole', 'succo di limone', 'prezzemolo', 'aglio', 'sale', 'acido ascorbico', 'metabisolfito di sodio'],
    contains: ['molluscs', 'crustaceans', 'sulphites'], mayContain: [],
  },
  {
    id: 'it-food-13', language: 'it', kind: 'food', product: 'Fette biscottate al farro',
    text: "Ingredienti: farina di farro 50 %, farina di frumento, zucchero di canna, olio di girasole, fiocchi d'avena, lievito, sale, semi di lino, malto d'orzo. Prodotto biologico. Può contenere tracce di latte e soia.",
    ingredients: ['farina di farro', 'farina di frumento', 'zucchero di canna', 'olio di girasole', "fiocchi d'avena", 'lievito', 'sale', 'semi di lino', "malto d'orzo"],
    contains: ['gluten'], mayContain: ['milk', 'soybeans'],
  },
  {
    id: 'it-cos-01', language: 'it', kind: 'cosmetic', product: 'Crema viso idratante',
    text: 'Ingredienti: Aqua, Caprylic/Capric Triglyceride, Glycerin, Squalane, Cetearyl Olivate, Sorbitan Olivate, Sodium Hyaluronate, Niacinamide, Tocopherol, Xanthan Gum, Benzyl Alcohol, Dehydroacetic Acid, Parfum, Citral, Limonene.',
    ingredients: ['Aqua', 'Caprylic/Capric Triglyceride', 'Glycerin', 'Squalane', 'Cetearyl Olivate', 'Sorbitan Olivate', 'Sodium Hyaluronate', 'Niacinamide', 'Tocopherol', 'Xanthan Gum', 'Benzyl Alcohol', 'Dehydroacetic Acid', 'Parfum', 'Citral', 'Limonene'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Dehydroacetic Acid': 'restricted', 'Benzyl Alcohol': 'restricted', Niacinamide: 'allowed', Squalane: 'allowed' },
  },
  {
    id: 'it-cos-02', language: 'it', kind: 'cosmetic', product: 'Bagnoschiuma latte e miele',
    text: 'Ingredienti: Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Sodium Chloride, Mel, Lac Powder, Glycerin, Parfum, Citric Acid, Sodium Benzoate, Benzyl Salicylate, Hexyl Cinnamal.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Sodium Chloride', 'Mel', 'Lac Powder', 'Glycerin', 'Parfum', 'Citric Acid', 'Sodium Benzoate', 'Benzyl Salicylate', 'Hexyl Cinnamal'],
    contains: ['milk', 'fragrance'], mayContain: [],
    verdicts: { 'Sodium Benzoate': 'restricted', Mel: 'allowed' },
  },
  {
    id: 'it-cos-03', language: 'it', kind: 'cosmetic', product: 'Crema solare SPF 50',
    text: 'Ingredienti: Aqua, Ethylhexyl Methoxycinnamate, Octocrylene, Zinc Oxide, Butyl Methoxydibenzoylmethane, Glycerin, Cocos Nucifera Oil, Butyrospermum Parkii Butter, Tocopherol, Phenoxyethanol, Parfum.',
    ingredients: ['Aqua', 'Ethylhexyl Methoxycinnamate', 'Octocrylene', 'Zinc Oxide', 'Butyl Methoxydibenzoylmethane', 'Glycerin', 'Cocos Nucifera Oil', 'Butyrospermum Parkii Butter', 'Tocopherol', 'Phenoxyethanol', 'Parfum'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Zinc Oxide': 'restricted', 'Ethylhexyl Methoxycinnamate': 'restricted', 'Cocos Nucifera Oil': 'allowed' },
  },
  {
    id: 'it-cos-04', language: 'it', kind: 'cosmetic', product: 'Rossetto',
    text: 'Ingredienti: Ricinus Communis Seed Oil, Isopropyl Lanolate, Cera Alba, Ozokerite, Theobroma Cacao Seed Butter, Parfum, Tocopherol, CI 77491, CI 15850, CI 77891.',
    ingredients: ['Ricinus Communis Seed Oil', 'Isopropyl Lanolate', 'Cera Alba', 'Ozokerite', 'Theobroma Cacao Seed Butter', 'Parfum', 'Tocopherol', 'CI 77491', 'CI 15850', 'CI 77891'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'CI 77491': 'allowed', Ozokerite: 'allowed' },
  },
  {
    id: 'it-cos-05', language: 'it', kind: 'cosmetic', product: 'Shampoo sesamo e grano',
    text: 'Ingredienti: Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Sesamum Indicum Seed Oil, Hydrolyzed Wheat Protein, Glycerin, Parfum, Sodium Chloride, Citric Acid, Sodium Benzoate, Potassium Sorbate, Linalool.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Sesamum Indicum Seed Oil', 'Hydrolyzed Wheat Protein', 'Glycerin', 'Parfum', 'Sodium Chloride', 'Citric Acid', 'Sodium Benzoate', 'Potassium Sorbate', 'Linalool'],
    contains: ['sesame', 'gluten', 'fragrance'], mayContain: [],
    verdicts: { 'Potassium Sorbate': 'restricted', 'Sodium Benzoate': 'restricted' },
  },
  {
    id: 'it-cos-06', language: 'it', kind: 'cosmetic', product: 'Dentifricio al fluoro',
    text: 'Ingredienti: Aqua, Hydrated Silica, Sorbitol, Glycerin, Sodium Lauryl Sulfate, Aroma, Xanthan Gum, Sodium Fluoride, Zinc Citrate, Sodium Saccharin, Limonene, CI 77891. Contiene fluoruro di sodio.',
    ingredients: ['Aqua', 'Hydrated Silica', 'Sorbitol', 'Glycerin', 'Sodium Lauryl Sulfate', 'Aroma', 'Xanthan Gum', 'Sodium Fluoride', 'Zinc Citrate', 'Sodium Saccharin', 'Limonene', 'CI 77891'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Sodium Fluoride': 'restricted', Sorbitol: 'allowed' },
  },
  {
    id: 'it-cos-07', language: 'it', kind: 'cosmetic', product: 'Olio struccante',
    text: 'Ingredienti: Caprylic/Capric Triglyceride, Helianthus Annuus Seed Oil, Corylus Avellana Seed Oil, Polyglyceryl-4 Oleate, Juglans Regia Seed Oil, Tocopherol, Parfum, Limonene, Linalool.',
    ingredients: ['Caprylic/Capric Triglyceride', 'Helianthus Annuus Seed Oil', 'Corylus Avellana Seed Oil', 'Polyglyceryl-4 Oleate', 'Juglans Regia Seed Oil', 'Tocopherol', 'Parfum', 'Limonene', 'Linalool'],
    contains: ['nuts', 'fragrance'], mayContain: [],
    verdicts: { Tocopherol: 'allowed', 'Polyglyceryl-4 Oleate': 'allowed' },
  },
]

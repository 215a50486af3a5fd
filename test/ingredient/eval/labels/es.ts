/**
 * @module
 * Spanish evaluation labels. Written for this set after common product types; expectations by hand
 * from the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const ES: EvalLabel[] = [
  {
    id: 'es-food-01', language: 'es', kind: 'food', product: 'Galletas María',
    text: 'Ingredientes: harina de trigo 72 %, azúcar, aceite de girasol, jarabe de glucosa y fructosa, gasificantes (bicarbonato amónico, bicarbonato sódico), sal, emulgente: lecitina de soja, aroma. Puede contener trazas de leche, huevo y frutos de cáscara.',
    ingredients: ['harina de trigo', 'azúcar', 'aceite de girasol', 'jarabe de glucosa y fructosa', 'bicarbonato amónico', 'bicarbonato sódico', 'sal', 'lecitina de soja', 'aroma'],
    contains: ['gluten', 'soybeans'], mayContain: ['milk', 'eggs', 'nuts'],
  },
  {
    id: 'es-food-02', language: 'es', kind: 'food', product: 'Chorizo curado',
    text: 'Ingredientes: magro y panceta de cerdo, pimentón de la Vera (7 %), sal, ajo, dextrosa, proteína de leche, estabilizadores: E-450 y E-451, conservadores: E-252 y E-250, antioxidante: E-301. Origen de la carne: España. Sin gluten.',
    ingredients: ['magro', 'panceta de cerdo', 'pimentón de la Vera', 'sal', 'ajo', 'dextrosa', 'proteína de leche', 'E-450', 'E-451', 'E-252', 'E-250', 'E-301'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'es-food-03', language: 'es', kind: 'food', product: 'Gazpacho',
    text: 'Ingredientes: tomate (85 %), pimiento, pepino, aceite de oliva virgen extra (3 %), cebolla, vinagre de vino (contiene sulfitos), sal, ajo, zumo de limón. Sin conservantes.',
    ingredients: ['tomate', 'pimiento', 'pepino', 'aceite de oliva virgen extra', 'cebolla', 'vinagre de vino (contiene sulfitos)', 'sal', 'ajo', 'zumo de limón'],
    contains: ['sulphites'], mayContain: [],
  },
  {
    id: 'es-food-04', language: 'es', kind: 'food', product: 'Turrón duro de almendra',
    text: 'Ingredientes: almendra tostada 64 %, miel 10 %, azúcar, clara de huevo. Puede contener trazas de cacahuete y otros frutos de cáscara.',
    ingredients: ['almendra tostada', 'miel', 'azúcar', 'clara de huevo'],
    contains: ['nuts', 'eggs'], mayContain: ['peanuts', 'nuts'],
  },
  {
    id: 'es-food-05', language: 'es', kind: 'food', product: 'Gulas de surimi',
    text: 'Ingredientes: surimi (pescado) 55 %, agua, aceite de girasol, almidón de trigo, clara de huevo deshidratada, sal, proteína de soja, aroma, tinta de calamar, potenciador del sabor: glutamato monosódico. Contiene pescado, trigo, huevo, soja y moluscos.',
    ingredients: ['surimi (pescado)', 'agua', 'aceite de girasol', 'almidón de trigo', 'clara de huevo deshidratada', 'sal', 'proteína de soja', 'aroma', 'tinta de calamar', 'glutamato monosódico'],
    contains: ['fish', 'gluten', 'eggs', 'soybeans', 'molluscs'], mayContain: [],
  },
  {
    id: 'es-food-06', language: 'es', kind: 'food', product: 'Mayonesa',
    text: 'Ingredientes: aceite de girasol (78 %), agua, yema de huevo pasteurizada (6 %), vinagre, sal, azúcar, zumo de limón, mostaza (agua, semillas de mostaza, vinagre, sal), estabilizante (goma xantana), antioxidante (E-385).',
    ingredients: ['aceite de girasol', 'agua', 'yema de huevo pasteurizada', 'vinagre', 'sal', 'azúcar', 'zumo de limón', 'mostaza (agua; semillas de mostaza; vinagre; sal)', 'goma xantana', 'E-385'],
    contains: ['eggs', 'mustard'], mayContain: [],
  },
  {
    id: 'es-food-07', language: 'es', kind: 'food', product: 'Pan de molde sin corteza',
    text: 'Ingredientes: harina de trigo, agua, azúcar, aceites vegetales (girasol y palma), levadura, gluten de trigo, sal, emulgentes: E-471, E-481, conservador: propionato cálcico, corrector de acidez: ácido cítrico, harina de soja, harina de cebada malteada. Puede contener trazas de sésamo y leche.',
    ingredients: ['harina de trigo', 'agua', 'azúcar', 'aceites vegetales (girasol; palma)', 'levadura', 'gluten de trigo', 'sal', 'E-471', 'E-481', 'propionato cálcico', 'ácido cítrico', 'harina de soja', 'harina de cebada malteada'],
    contains: ['gluten', 'soybeans'], mayContain: ['sesame', 'milk'],
  },
  {
    id: 'es-food-08', language: 'es', kind: 'food', product: 'Fabada asturiana',
    text: 'Ingredientes: agua, alubia blanca cocida 30 %, chorizo 10 % (carne de cerdo, pimentón, sal, ajo, dextrosa, lactosa, conservador: nitrito sódico), morcilla 6 % (sangre de cerdo, cebolla, manteca de cerdo, especias), tocino de cerdo, aceite de oliva, sal, pimentón. Contiene: leche (lactosa).',
    ingredients: ['agua', 'alubia blanca cocida', 'chorizo (carne de cerdo; pimentón; sal; ajo; dextrosa; lactosa; nitrito sódico)', 'morcilla (sangre de cerdo; cebolla; manteca de cerdo; especias)', 'tocino de cerdo', 'aceite de oliva', 'sal', 'pimentón'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'es-food-09', language: 'es', kind: 'food', product: 'Horchata de chufa',
    text: 'Ingredientes: agua, chufa (12 %), azúcar (8 %), estabilizantes: celulosa microcristalina, carboximetilcelulosa sódica. Sin lactosa. Sin gluten.',
    ingredients: ['agua', 'chufa', 'azúcar', 'celulosa microcristalina', 'carboximetilcelulosa sódica'],
    contains: [], mayContain: [],
  },
  {
    id: 'es-food-10', language: 'es', kind: 'food', product: 'Caldo de pescado',
    text: 'Ingredientes: agua, pescado (merluza, rape), gambas (crustáceo) 3 %, cebolla, apio, puerro, zanahoria, sal, aceite de oliva, tomate, ajo. Alérgenos: pescado, crustáceos, apio.',
    ingredients: ['agua', 'pescado (merluza; rape)', 'gambas (crustáceo)', 'cebolla', 'apio', 'puerro', 'zanahoria', 'sal', 'aceite de oliva', 'tomate', 'ajo'],
    contains: ['fish', 'crustaceans', 'celery'], mayContain: [],
  },
  {
    id: 'es-food-11', language: 'es', kind: 'food', product: 'Crema de cacao con avellanas',
    text: 'Ingredientes: azúcar, aceite de palma, avellanas (13 %), cacao desgrasado en polvo (7,4 %), leche desnatada en polvo (6,6 %), lactosuero en polvo (leche), emulgente: lecitinas (soja), vainillina. Información para alérgicos: ver ingredientes en negrita.',
    ingredients: ['azúcar', 'aceite de palma', 'avellanas', 'cacao desgrasado en polvo', 'leche desnatada en polvo', 'lactosuero en polvo (leche)', 'lecitinas (soja)', 'vainillina'],
    contains: ['nuts', 'milk', 'soybeans'], mayContain: [],
  },
  {
    id: 'es-food-12', language: 'es', kind: 'food', product: 'Natillas de vainilla',
    text: 'Ingredientes: leche entera (80 %), azúcar, almidón modificado de maíz, nata (leche), yema de huevo, aroma natural de vainilla, espesante: carragenanos, colorantes: riboflavinas, carotenos. Puede contener trazas de frutos de cáscara.',
    ingredients: ['leche entera', 'azúcar', 'almidón modificado de maíz', 'nata (leche)', 'yema de huevo', 'aroma natural de vainilla', 'carragenanos', 'riboflavinas', 'carotenos'],
    contains: ['milk', 'eggs'], mayContain: ['nuts'],
  },
  {
    id: 'es-food-13', language: 'es', kind: 'food', product: 'Croquetas de jamón',
    text: 'Ingredientes: leche entera, jamón serrano 14 % (jamón de cerdo, sal, azúcar, conservadores: E-252, E-250), harina de trigo, pan rallado (harina de trigo, agua, sal, levadura), aceite de girasol, mantequilla, huevo, cebolla, sal, nuez moscada, pimienta. Puede contener trazas de pescado, crustáceos y apio.',
    ingredients: ['leche entera', 'jamón serrano (jamón de cerdo; sal; azúcar; E-252; E-250)', 'harina de trigo', 'pan rallado (harina de trigo; agua; sal; levadura)', 'aceite de girasol', 'mantequilla', 'huevo', 'cebolla', 'sal', 'nuez moscada', 'pimienta'],
    contains: ['milk', 'gluten', 'eggs'], mayContain: ['fish', 'crustaceans', 'celery'],
  },
  {
    id: 'es-cos-01', language: 'es', kind: 'cosmetic', product: 'Crema corporal (fórmula antigua)',
    text: 'Ingredientes: Aqua, Glycerin, Paraffinum Liquidum, Cetearyl Alcohol, Isopropyl Palmitate, Butyrospermum Parkii Butter, Cocos Nucifera Oil, Dimethicone, Ceteareth-20, Phenoxyethanol, Sodium Benzoate, Parfum, Hexyl Cinnamal, Butylphenyl Methylpropional, Limonene.',
    ingredients: ['Aqua', 'Glycerin', 'Paraffinum Liquidum', 'Cetearyl Alcohol', 'Isopropyl Palmitate', 'Butyrospermum Parkii Butter', 'Cocos Nucifera Oil', 'Dimethicone', 'Ceteareth-20', 'Phenoxyethanol', 'Sodium Benzoate', 'Parfum', 'Hexyl Cinnamal', 'Butylphenyl Methylpropional', 'Limonene'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Butylphenyl Methylpropional': 'prohibited', 'Sodium Benzoate': 'restricted', 'Isopropyl Palmitate': 'allowed' },
  },
  {
    id: 'es-cos-02', language: 'es', kind: 'cosmetic', product: 'Champú anticaspa',
    text: 'Ingredientes: Aqua, Sodium Laureth Sulfate, Coco-Betaine, Glycol Distearate, Piroctone Olamine, Sodium Chloride, Parfum, Climbazole, Polyquaternium-10, Salicylic Acid, Citric Acid, Sodium Hydroxide, Linalool.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Coco-Betaine', 'Glycol Distearate', 'Piroctone Olamine', 'Sodium Chloride', 'Parfum', 'Climbazole', 'Polyquaternium-10', 'Salicylic Acid', 'Citric Acid', 'Sodium Hydroxide', 'Linalool'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Piroctone Olamine': 'restricted', Climbazole: 'restricted', 'Salicylic Acid': 'restricted', 'Polyquaternium-10': 'allowed' },
  },
  {
    id: 'es-cos-03', language: 'es', kind: 'cosmetic', product: 'Protector solar SPF 30',
    text: 'Ingredientes: Aqua, Octocrylene, Ethylhexyl Methoxycinnamate, Butyl Methoxydibenzoylmethane, Titanium Dioxide, Glycerin, Cetearyl Alcohol, Dimethicone, Aloe Barbadensis Leaf Juice, Tocopheryl Acetate, Phenoxyethanol, Ethylhexylglycerin, Disodium EDTA, Parfum.',
    ingredients: ['Aqua', 'Octocrylene', 'Ethylhexyl Methoxycinnamate', 'Butyl Methoxydibenzoylmethane', 'Titanium Dioxide', 'Glycerin', 'Cetearyl Alcohol', 'Dimethicone', 'Aloe Barbadensis Leaf Juice', 'Tocopheryl Acetate', 'Phenoxyethanol', 'Ethylhexylglycerin', 'Disodium EDTA', 'Parfum'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Ethylhexyl Methoxycinnamate': 'restricted', 'Titanium Dioxide': 'restricted', 'Aloe Barbadensis Leaf Juice': 'allowed' },
  },
  {
    id: 'es-cos-04', language: 'es', kind: 'cosmetic', product: 'Jabón de manos con proteínas de leche',
    text: 'Ingredientes: Aqua, Sodium Laureth Sulfate, Sodium Chloride, Cocamidopropyl Betaine, Glycerin, Parfum, Hydrolyzed Milk Protein, Lactose, Citric Acid, Sodium Benzoate, Potassium Sorbate, Tetrasodium EDTA, Coumarin, CI 19140, CI 14700.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Sodium Chloride', 'Cocamidopropyl Betaine', 'Glycerin', 'Parfum', 'Hydrolyzed Milk Protein', 'Lactose', 'Citric Acid', 'Sodium Benzoate', 'Potassium Sorbate', 'Tetrasodium EDTA', 'Coumarin', 'CI 19140', 'CI 14700'],
    contains: ['milk', 'fragrance'], mayContain: [],
    verdicts: { 'Potassium Sorbate': 'restricted', Coumarin: 'restricted', Lactose: 'allowed' },
  },
  {
    id: 'es-cos-05', language: 'es', kind: 'cosmetic', product: 'Desodorante roll-on',
    text: 'Ingredientes: Aqua, Aluminum Chlorohydrate, Steareth-2, Steareth-21, Parfum, Helianthus Annuus Seed Oil, Persea Gratissima Oil, Citronellol, Geraniol, Linalool, Limonene, Alpha-Isomethyl Ionone.',
    ingredients: ['Aqua', 'Aluminum Chlorohydrate', 'Steareth-2', 'Steareth-21', 'Parfum', 'Helianthus Annuus Seed Oil', 'Persea Gratissima Oil', 'Citronellol', 'Geraniol', 'Linalool', 'Limonene', 'Alpha-Isomethyl Ionone'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { Geraniol: 'restricted', 'Helianthus Annuus Seed Oil': 'allowed' },
  },
  {
    id: 'es-cos-06', language: 'es', kind: 'cosmetic', product: 'Aceite de almendras dulces',
    text: 'Ingredientes: Prunus Amygdalus Dulcis Oil, Tocopherol, Helianthus Annuus Seed Oil. 100 % de origen natural.',
    ingredients: ['Prunus Amygdalus Dulcis Oil', 'Tocopherol', 'Helianthus Annuus Seed Oil'],
    contains: ['nuts'], mayContain: [],
    verdicts: { Tocopherol: 'allowed' },
  },
  {
    id: 'es-cos-07', language: 'es', kind: 'cosmetic', product: 'Pasta de dientes infantil',
    text: 'Ingredientes: Sorbitol, Aqua, Hydrated Silica, PEG-32, Cocamidopropyl Betaine, Sodium Fluoride, Aroma, Cellulose Gum, Sodium Saccharin, Xylitol, Limonene. Contiene fluoruro sódico (500 ppm F).',
    ingredients: ['Sorbitol', 'Aqua', 'Hydrated Silica', 'PEG-32', 'Cocamidopropyl Betaine', 'Sodium Fluoride', 'Aroma', 'Cellulose Gum', 'Sodium Saccharin', 'Xylitol', 'Limonene'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Sodium Fluoride': 'restricted', Xylitol: 'allowed' },
  },
]

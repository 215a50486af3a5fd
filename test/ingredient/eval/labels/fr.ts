/**
 * @module
 * French evaluation labels. Written for this set after common product types; expectations by hand
 * from the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const FR: EvalLabel[] = [
  {
    id: 'fr-food-01', language: 'fr', kind: 'food', product: 'Petits beurre',
    text: "Ingrédients : farine de blé 73 %, sucre, beurre pâtissier 13,6 % (lait), lait écrémé en poudre, sel, poudres à lever : carbonate acide d'ammonium, carbonate acide de sodium, acide citrique. Peut contenir des traces d'œufs, de soja et de fruits à coque.",
    ingredients: ['farine de blé', 'sucre', 'beurre pâtissier (lait)', 'lait écrémé en poudre', 'sel', "carbonate acide d'ammonium", 'carbonate acide de sodium', 'acide citrique'],
    contains: ['gluten', 'milk'], mayContain: ['eggs', 'soybeans', 'nuts'],
  },
  {
    id: 'fr-food-02', language: 'fr', kind: 'food', product: 'Pâte à tartiner noisettes et cacao',
    text: 'Ingrédients : sucre, huile de tournesol, NOISETTES 13 %, cacao maigre 7,4 %, LAIT écrémé en poudre 6,6 %, LACTOSERUM en poudre (LAIT), émulsifiant : lécithines (SOJA), arôme. Les allergènes sont indiqués en majuscules.',
    ingredients: ['sucre', 'huile de tournesol', 'NOISETTES', 'cacao maigre', 'LAIT écrémé en poudre', 'LACTOSERUM en poudre (LAIT)', 'lécithines (SOJA)', 'arôme'],
    contains: ['nuts', 'milk', 'soybeans'], mayContain: [],
  },
  {
    id: 'fr-food-03', language: 'fr', kind: 'food', product: 'Velouté de légumes',
    text: "Ingrédients : eau, légumes 40 % (carottes, pommes de terre, poireaux, céleri-rave, oignons), crème fraîche (lait), amidon de maïs, sel, huile de colza, extrait de levure, persil, poivre. Fabriqué dans un atelier qui utilise du gluten et de la moutarde.",
    ingredients: ['eau', 'légumes (carottes; pommes de terre; poireaux; céleri-rave; oignons)', 'crème fraîche (lait)', 'amidon de maïs', 'sel', 'huile de colza', 'extrait de levure', 'persil', 'poivre'],
    contains: ['celery', 'milk'], mayContain: ['gluten', 'mustard'],
  },
  {
    id: 'fr-food-04', language: 'fr', kind: 'food', product: 'Quiche lorraine',
    text: 'Ingrédients : pâte brisée 35 % (farine de BLÉ, beurre (LAIT), eau, sel), lait, ŒUFS frais 18 %, lardons fumés 14 % (poitrine de porc origine UE, sel, dextrose, conservateurs : nitrite de sodium, nitrate de potassium, antioxydant : érythorbate de sodium), crème fraîche (LAIT), emmental (LAIT), sel, poivre, noix de muscade.',
    ingredients: ['pâte brisée (farine de BLÉ; beurre (LAIT); eau; sel)', 'lait', 'ŒUFS frais', 'lardons fumés (poitrine de porc; sel; dextrose; nitrite de sodium; nitrate de potassium; érythorbate de sodium)', 'crème fraîche (LAIT)', 'emmental (LAIT)', 'sel', 'poivre', 'noix de muscade'],
    contains: ['gluten', 'milk', 'eggs'], mayContain: [],
  },
  {
    id: 'fr-food-05', language: 'fr', kind: 'food', product: 'Vinaigrette à la moutarde',
    text: "Ingrédients : huile de colza 55 %, eau, vinaigre d'alcool, moutarde de Dijon 9 % (eau, graines de moutarde, vinaigre, sel, acidifiant : acide citrique, conservateur : disulfite de potassium), jaune d'œuf, sucre, sel, épaississant : gomme xanthane. Contient : moutarde, œuf, sulfites.",
    ingredients: ['huile de colza', 'eau', "vinaigre d'alcool", 'moutarde de Dijon (eau; graines de moutarde; vinaigre; sel; acide citrique; disulfite de potassium)', "jaune d'œuf", 'sucre', 'sel', 'gomme xanthane'],
    contains: ['mustard', 'eggs', 'sulphites'], mayContain: [],
  },
  {
    id: 'fr-food-06', language: 'fr', kind: 'food', product: 'Pain de mie complet',
    text: 'Ingrédients : farine complète de BLÉ 54 %, eau, levure, huile de tournesol, sucre, gluten de BLÉ, sel, farine de SEIGLE maltée, vinaigre, conservateur : propionate de calcium. Traces éventuelles de sésame, soja et lait.',
    ingredients: ['farine complète de BLÉ', 'eau', 'levure', 'huile de tournesol', 'sucre', 'gluten de BLÉ', 'sel', 'farine de SEIGLE maltée', 'vinaigre', 'propionate de calcium'],
    contains: ['gluten'], mayContain: ['sesame', 'soybeans', 'milk'],
  },
  {
    id: 'fr-food-07', language: 'fr', kind: 'food', product: 'Rillettes de thon',
    text: "Ingrédients : thon albacore 45 % (poisson) pêché en océan Indien, fromage frais (LAIT), huile de tournesol, jus de citron, ciboulette, sel, poivre. Thon issu d'une pêcherie certifiée MSC.",
    ingredients: ['thon albacore (poisson)', 'fromage frais (LAIT)', 'huile de tournesol', 'jus de citron', 'ciboulette', 'sel', 'poivre'],
    contains: ['fish', 'milk'], mayContain: [],
  },
  {
    id: 'fr-food-08', language: 'fr', kind: 'food', product: 'Muesli bio',
    text: "Ingrédients : flocons d'avoine* 45 %, flocons d'épeautre* 15 %, raisins secs* (raisins*, huile de tournesol*), noisettes* 8 %, graines de tournesol*, noix de coco râpée*, sucre de canne* - *Ingrédients issus de l'agriculture biologique. Peut contenir des traces d'arachide, de lait et de sésame.",
    ingredients: ["flocons d'avoine", "flocons d'épeautre", 'raisins secs (raisins; huile de tournesol)', 'noisettes', 'graines de tournesol', 'noix de coco râpée', 'sucre de canne'],
    contains: ['gluten', 'nuts'], mayContain: ['peanuts', 'milk', 'sesame'],
  },
  {
    id: 'fr-food-09', language: 'fr', kind: 'food', product: 'Pâte feuilletée',
    text: 'Ingrédients : farine de blé, huiles et graisses végétales (palme, colza) en proportion variable, eau, alcool, sel, jus de citron concentré. Sans conservateur.',
    ingredients: ['farine de blé', 'huiles et graisses végétales (palme; colza)', 'eau', 'alcool', 'sel', 'jus de citron concentré'],
    contains: ['gluten'], mayContain: [],
  },
  {
    id: 'fr-food-10', language: 'fr', kind: 'food', product: 'Chocolat au lait noisettes équitable',
    text: "Ingrédients : sucre de canne¹, beurre de cacao¹, lait entier en poudre¹, noisettes¹ 15 %, pâte de cacao¹, émulsifiant : lécithine de tournesol, extrait de vanille¹. ¹Ingrédients issus du commerce équitable. Cacao : 32 % minimum. Fabriqué dans un atelier utilisant des arachides, du sésame et du blé.",
    ingredients: ['sucre de canne', 'beurre de cacao', 'lait entier en poudre', 'noisettes', 'pâte de cacao', 'lécithine de tournesol', 'extrait de vanille'],
    contains: ['milk', 'nuts'], mayContain: ['peanuts', 'sesame', 'gluten'],
  },
  {
    id: 'fr-food-11', language: 'fr', kind: 'food', product: 'Nems aux crevettes',
    text: "Ingrédients : galette de riz (farine de riz, eau, sel), chou, CREVETTES 15 %, vermicelles de soja (amidon de haricot mungo, eau), carottes, oignons, champignons noirs, sauce soja (eau, SOJA, BLÉ, sel), sauce d'huître (extrait d'huître (MOLLUSQUES), sucre, sel), huile de tournesol, ail, sucre, poivre. Contient : crustacés, mollusques, soja, gluten.",
    ingredients: ['galette de riz (farine de riz; eau; sel)', 'chou', 'CREVETTES', 'vermicelles de soja (amidon de haricot mungo; eau)', 'carottes', 'oignons', 'champignons noirs', 'sauce soja (eau; SOJA; BLÉ; sel)', "sauce d'huître (extrait d'huître (MOLLUSQUES); sucre; sel)", 'huile de tournesol', 'ail', 'sucre', 'poivre'],
    contains: ['crustaceans', 'soybeans', 'gluten', 'molluscs'], mayContain: [],
  },
  {
    id: 'fr-food-12', language: 'fr', kind: 'food', product: 'Yaourt à la fraise',
    text: "Ingrédients : LAIT entier, préparation de fraise 12 % (fraises, sucre, eau, amidon transformé de maïs, arômes naturels, jus de carotte noire concentré, correcteur d'acidité : citrates de sodium), sucre, crème (LAIT), ferments lactiques. Lait origine France.",
    ingredients: ['LAIT entier', 'préparation de fraise (fraises; sucre; eau; amidon transformé de maïs; arômes naturels; jus de carotte noire concentré; citrates de sodium)', 'sucre', 'crème (LAIT)', 'ferments lactiques'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'fr-food-13', language: 'fr', kind: 'food', product: 'Raviolis ricotta épinards',
    text: "Ingrédients : semoule de BLÉ dur 40 %, ŒUFS frais 20 %, farce 35 % (ricotta 40 % (LACTOSÉRUM, crème (LAIT), sel, correcteur d'acidité : acide lactique), épinards 30 %, chapelure (farine de BLÉ, levure, sel), Grana Padano AOP (LAIT, sel, présure, conservateur : lysozyme d'ŒUF), sel, noix de muscade), eau.",
    ingredients: ['semoule de BLÉ dur', 'ŒUFS frais', "farce (ricotta (LACTOSÉRUM; crème (LAIT); sel; acide lactique); épinards; chapelure (farine de BLÉ; levure; sel); Grana Padano AOP (LAIT; sel; présure; lysozyme d'ŒUF); sel; noix de muscade)", 'eau'],
    contains: ['gluten', 'eggs', 'milk'], mayContain: [],
  },
  {
    id: 'fr-food-14', language: 'fr', kind: 'food', product: 'Hachis parmentier',
    text: 'INGRÉDIENTS : Purée de pommes de terre 55 % (pommes de terre réhydratées, eau, lait écrémé, beurre, sel, muscade). Viande de bœuf 25 % (origine France). Oignons. Sauce tomate (tomates, amidon de maïs, sel). Fromage râpé (lait). Huile de tournesol. Sel. Poivre. Thym.',
    ingredients: ['Purée de pommes de terre (pommes de terre réhydratées; eau; lait écrémé; beurre; sel; muscade)', 'Viande de bœuf', 'Oignons', 'Sauce tomate (tomates; amidon de maïs; sel)', 'Fromage râpé (lait)', 'Huile de tournesol', 'Sel', 'Poivre', 'Thym'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'fr-food-15', language: 'fr', kind: 'food', product: 'Madeleines',
    text: 'Ingrédients : œufs frais 25 %, farine de blé, sucre, beurre pâtissier (lait) 20 %, sirop de glucose-fructose, huile de colza, poudres à lever : diphosphates, carbonates de sodium, sel, arôme naturel de vanille. Peut contenir des fruits à coque.',
    ingredients: ['œufs frais', 'farine de blé', 'sucre', 'beurre pâtissier (lait)', 'sirop de glucose-fructose', 'huile de colza', 'diphosphates', 'carbonates de sodium', 'sel', 'arôme naturel de vanille'],
    contains: ['eggs', 'gluten', 'milk'], mayContain: ['nuts'],
  },
  {
    id: 'fr-food-16', language: 'fr', kind: 'food', product: 'Galettes végétales au lupin',
    text: "Ingrédients : légumes 38 % (carotte, courgette, poivron), farine de LUPIN 15 %, flocons d'avoine, eau, huile d'olive vierge extra, oignon, amidon de pomme de terre, sel, curcuma, cumin. Source de protéines. Traces possibles de céleri et de moutarde.",
    ingredients: ['légumes (carotte; courgette; poivron)', 'farine de LUPIN', "flocons d'avoine", 'eau', "huile d'olive vierge extra", 'oignon', 'amidon de pomme de terre', 'sel', 'curcuma', 'cumin'],
    contains: ['lupin', 'gluten'], mayContain: ['celery', 'mustard'],
  },
  {
    id: 'fr-food-17', language: 'fr', kind: 'food', product: 'Nougat de Montélimar',
    text: "Ingrédients : amandes 30 % origine Espagne, miel 20 % origine UE, sucre de canne bio, sirop de glucose, pistaches 4 %, blanc d'œuf en poudre, pain azyme (fécule de pomme de terre, eau, huile de tournesol), arôme naturel de vanille. Pourcentages exprimés sur le produit fini.",
    ingredients: ['amandes', 'miel', 'sucre de canne', 'sirop de glucose', 'pistaches', "blanc d'œuf en poudre", 'pain azyme (fécule de pomme de terre; eau; huile de tournesol)', 'arôme naturel de vanille'],
    contains: ['nuts', 'eggs'], mayContain: [],
  },
  {
    id: 'fr-food-18', language: 'fr', kind: 'food', product: 'Taboulé oriental',
    text: 'Ingrédients : semoule de blé dur réhydratée 45 %, tomates 15 %, concombres, oignons, huile de colza, menthe et persil 3 %, jus de citron, sel, acidifiant : E 330, conservateur : E202. Peut contenir : céleri, moutarde.',
    ingredients: ['semoule de blé dur réhydratée', 'tomates', 'concombres', 'oignons', 'huile de colza', 'menthe', 'persil', 'jus de citron', 'sel', 'E 330', 'E202'],
    contains: ['gluten'], mayContain: ['celery', 'mustard'],
  },
  {
    id: 'fr-cos-01', language: 'fr', kind: 'cosmetic', product: 'Crème hydratante visage',
    text: 'COMPOSITION : AQUA/WATER - GLYCERIN - CAPRYLIC/CAPRIC TRIGLYCERIDE - CETEARYL ALCOHOL - BUTYROSPERMUM PARKII BUTTER - PEG-100 STEARATE - GLYCERYL STEARATE - DIMETHICONE - SODIUM HYALURONATE - CARBOMER - SODIUM HYDROXIDE - PHENOXYETHANOL - CHLORPHENESIN - PARFUM/FRAGRANCE - LIMONENE - LINALOOL.',
    ingredients: ['AQUA/WATER', 'GLYCERIN', 'CAPRYLIC/CAPRIC TRIGLYCERIDE', 'CETEARYL ALCOHOL', 'BUTYROSPERMUM PARKII BUTTER', 'PEG-100 STEARATE', 'GLYCERYL STEARATE', 'DIMETHICONE', 'SODIUM HYALURONATE', 'CARBOMER', 'SODIUM HYDROXIDE', 'PHENOXYETHANOL', 'CHLORPHENESIN', 'PARFUM/FRAGRANCE', 'LIMONENE', 'LINALOOL'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { CHLORPHENESIN: 'restricted', PHENOXYETHANOL: 'restricted', 'SODIUM HYALURONATE': 'allowed', 'BUTYROSPERMUM PARKII BUTTER': 'allowed' },
  },
  {
    id: 'fr-cos-02', language: 'fr', kind: 'cosmetic', product: 'Huile sèche corps',
    text: 'Ingrédients : Caprylic/Capric Triglyceride, Dicaprylyl Carbonate, Prunus Amygdalus Dulcis Oil, Macadamia Ternifolia Seed Oil, Argania Spinosa Kernel Oil, Corylus Avellana Seed Oil, Tocopherol, Parfum, Benzyl Salicylate, Coumarin, Linalool, Limonene, Citral. 98 % du total des ingrédients sont d\'origine naturelle.',
    ingredients: ['Caprylic/Capric Triglyceride', 'Dicaprylyl Carbonate', 'Prunus Amygdalus Dulcis Oil', 'Macadamia Ternifolia Seed Oil', 'Argania Spinosa Kernel Oil', 'Corylus Avellana Seed Oil', 'Tocopherol', 'Parfum', 'Benzyl Salicylate', 'Coumarin', 'Linalool', 'Limonene', 'Citral'],
    contains: ['nuts', 'fragrance'], mayContain: [],
    verdicts: { Coumarin: 'restricted', 'Argania Spinosa Kernel Oil': 'allowed', 'Dicaprylyl Carbonate': 'allowed' },
  },
  {
    id: 'fr-cos-03', language: 'fr', kind: 'cosmetic', product: 'Shampooing doux',
    text: 'Ingrédients : Aqua, Sodium Laureth Sulfate, Coco-Betaine, Sodium Chloride, Glycerin, Parfum, Citric Acid, Sodium Benzoate, Salicylic Acid, Polyquaternium-7, Hexyl Cinnamal, Linalool, CI 19140, CI 42090.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Coco-Betaine', 'Sodium Chloride', 'Glycerin', 'Parfum', 'Citric Acid', 'Sodium Benzoate', 'Salicylic Acid', 'Polyquaternium-7', 'Hexyl Cinnamal', 'Linalool', 'CI 19140', 'CI 42090'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Salicylic Acid': 'restricted', 'Sodium Benzoate': 'restricted', 'Coco-Betaine': 'allowed' },
  },
  {
    id: 'fr-cos-04', language: 'fr', kind: 'cosmetic', product: 'Rouge à lèvres',
    text: 'Ingrédients : Octyldodecanol, Polybutene, Ricinus Communis Seed Oil, Cera Microcristallina, Copernicia Cerifera Cera, Silica, Tocopheryl Acetate, Parfum, [+/- PEUT CONTENIR / MAY CONTAIN : CI 77491, CI 77492, CI 77499, CI 15850].',
    ingredients: ['Octyldodecanol', 'Polybutene', 'Ricinus Communis Seed Oil', 'Cera Microcristallina', 'Copernicia Cerifera Cera', 'Silica', 'Tocopheryl Acetate', 'Parfum', 'CI 77491', 'CI 77492', 'CI 77499', 'CI 15850'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'CI 77492': 'allowed', Polybutene: 'allowed' },
  },
  {
    id: 'fr-cos-05', language: 'fr', kind: 'cosmetic', product: 'Déodorant bio à la sauge',
    text: "Ingrédients : Aqua, Alcohol**, Glycerin, Potassium Alum, Parfum*, Salvia Officinalis Leaf Extract*, Sodium Benzoate, Limonene*, Citronellol*, Geraniol*. *Ingrédients issus de l'agriculture biologique. **Transformé à partir d'ingrédients biologiques.",
    ingredients: ['Aqua', 'Alcohol', 'Glycerin', 'Potassium Alum', 'Parfum', 'Salvia Officinalis Leaf Extract', 'Sodium Benzoate', 'Limonene', 'Citronellol', 'Geraniol'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { Geraniol: 'restricted', 'Sodium Benzoate': 'restricted', Glycerin: 'allowed' },
  },
  {
    id: 'fr-cos-06', language: 'fr', kind: 'cosmetic', product: 'Lait solaire enfants SPF 50+',
    text: 'Composition : Aqua, Diisopropyl Sebacate, Octocrylene, Ethylhexyl Triazone, Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine, Butyl Methoxydibenzoylmethane, Glycerin, Tocopherol, Xanthan Gum, Benzoic Acid, Disodium EDTA. Sans parfum.',
    ingredients: ['Aqua', 'Diisopropyl Sebacate', 'Octocrylene', 'Ethylhexyl Triazone', 'Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine', 'Butyl Methoxydibenzoylmethane', 'Glycerin', 'Tocopherol', 'Xanthan Gum', 'Benzoic Acid', 'Disodium EDTA'],
    contains: [], mayContain: [],
    verdicts: { 'Ethylhexyl Triazone': 'restricted', 'Benzoic Acid': 'restricted', Tocopherol: 'allowed' },
  },
  {
    id: 'fr-cos-07', language: 'fr', kind: 'cosmetic', product: "Gel douche amande et avoine",
    text: 'Ingrédients : Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Glycerin, Sodium Chloride, Prunus Amygdalus Dulcis Oil, Avena Sativa Kernel Extract, Lactic Acid, Sodium Benzoate, Parfum, Benzyl Alcohol, Coumarin.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Glycerin', 'Sodium Chloride', 'Prunus Amygdalus Dulcis Oil', 'Avena Sativa Kernel Extract', 'Lactic Acid', 'Sodium Benzoate', 'Parfum', 'Benzyl Alcohol', 'Coumarin'],
    contains: ['nuts', 'gluten', 'fragrance'], mayContain: [],
    verdicts: { 'Benzyl Alcohol': 'restricted', 'Sodium Benzoate': 'restricted', 'Cocamidopropyl Betaine': 'allowed' },
  },
  {
    id: 'fr-cos-08', language: 'fr', kind: 'cosmetic', product: 'Coloration permanente',
    text: 'Ingrédients : Aqua, Cetearyl Alcohol, Propylene Glycol, Ammonium Hydroxide, Ethanolamine, p-Phenylenediamine, Resorcinol, m-Aminophenol, 2-Methylresorcinol, Sodium Sulfite, Parfum, Linalool. Contient des phénylènediamines (toluènediamines). Peut provoquer une réaction allergique.',
    ingredients: ['Aqua', 'Cetearyl Alcohol', 'Propylene Glycol', 'Ammonium Hydroxide', 'Ethanolamine', 'p-Phenylenediamine', 'Resorcinol', 'm-Aminophenol', '2-Methylresorcinol', 'Sodium Sulfite', 'Parfum', 'Linalool'],
    contains: ['sulphites', 'fragrance'], mayContain: [],
    verdicts: { 'p-Phenylenediamine': 'restricted', Resorcinol: 'restricted', 'Ammonium Hydroxide': 'restricted', 'Cetearyl Alcohol': 'allowed' },
  },
]

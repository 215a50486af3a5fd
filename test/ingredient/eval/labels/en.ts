/**
 * @module
 * English evaluation labels (UK, US, and EU English). Written for this set after common product types;
 * expectations by hand from the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const EN: EvalLabel[] = [
  {
    id: 'en-food-01', language: 'en', kind: 'food', product: 'Milk chocolate bar',
    text: 'Ingredients: Sugar, Cocoa Butter, Whole Milk Powder, Cocoa Mass, Skimmed Milk Powder, Whey Powder (Milk), Emulsifier: Soya Lecithin, Flavouring. Milk Chocolate contains Cocoa Solids 30% minimum, Milk Solids 20% minimum. May contain Nuts, Wheat. Allergy advice: for allergens, see ingredients in bold.',
    ingredients: ['Sugar', 'Cocoa Butter', 'Whole Milk Powder', 'Cocoa Mass', 'Skimmed Milk Powder', 'Whey Powder (Milk)', 'Soya Lecithin', 'Flavouring'],
    contains: ['milk', 'soybeans'], mayContain: ['nuts', 'gluten'],
  },
  {
    id: 'en-food-02', language: 'en', kind: 'food', product: 'Digestive biscuits',
    text: 'INGREDIENTS: Wheat Flour (Wheat Flour, Calcium Carbonate, Iron, Niacin, Thiamin) (38%), Vegetable Oil (Palm, Rapeseed), Wholemeal Wheat Flour (19%), Sugar, Glucose-Fructose Syrup, Raising Agents (Sodium Bicarbonate, Malic Acid, Ammonium Bicarbonate), Salt. For allergens, including cereals containing gluten, see ingredients in CAPITALS. Made in a factory that also handles milk, egg and nuts.',
    ingredients: ['Wheat Flour (Wheat Flour; Calcium Carbonate; Iron; Niacin; Thiamin)', 'Vegetable Oil (Palm; Rapeseed)', 'Wholemeal Wheat Flour', 'Sugar', 'Glucose-Fructose Syrup', 'Sodium Bicarbonate', 'Malic Acid', 'Ammonium Bicarbonate', 'Salt'],
    contains: ['gluten'], mayContain: ['milk', 'eggs', 'nuts'],
  },
  {
    id: 'en-food-03', language: 'en', kind: 'food', product: 'Cream of tomato soup',
    text: 'Ingredients: Tomatoes (84%), Water, Modified Cornflour, Sugar, Rapeseed Oil, Salt, Cream (Milk) (1.5%), Onion Powder, Celery Extract, Spice Extracts, Herb Extract, Citric Acid, Garlic Powder. Allergy Advice: For allergens, see ingredients in bold.',
    ingredients: ['Tomatoes', 'Water', 'Modified Cornflour', 'Sugar', 'Rapeseed Oil', 'Salt', 'Cream (Milk)', 'Onion Powder', 'Celery Extract', 'Spice Extracts', 'Herb Extract', 'Citric Acid', 'Garlic Powder'],
    contains: ['milk', 'celery'], mayContain: [],
  },
  {
    id: 'en-food-04', language: 'en', kind: 'food', product: 'Peanut and almond granola bar',
    text: 'INGREDIENTS: WHOLE GRAIN ROLLED OATS, BROWN RICE SYRUP, ROASTED PEANUTS AND SALTED ALMONDS, CANE SUGAR, PEANUT BUTTER (PEANUTS, SALT), SUNFLOWER OIL, HONEY, SEA SALT, SOY LECITHIN, NATURAL FLAVOR, MIXED TOCOPHEROLS. CONTAINS PEANUTS, ALMONDS AND SOY. MAY CONTAIN MILK, WHEAT AND SESAME.',
    ingredients: ['WHOLE GRAIN ROLLED OATS', 'BROWN RICE SYRUP', 'ROASTED PEANUTS', 'SALTED ALMONDS', 'CANE SUGAR', 'PEANUT BUTTER (PEANUTS; SALT)', 'SUNFLOWER OIL', 'HONEY', 'SEA SALT', 'SOY LECITHIN', 'NATURAL FLAVOR', 'MIXED TOCOPHEROLS'],
    contains: ['gluten', 'peanuts', 'nuts', 'soybeans'], mayContain: ['milk', 'gluten', 'sesame'],
  },
  {
    id: 'en-food-05', language: 'en', kind: 'food', product: 'Crab-flavoured seafood sticks',
    text: 'Ingredients: Surimi 38% (Alaska Pollock, Sugar, Sorbitol), Water, Wheat Starch, Egg White, Rapeseed Oil, Salt, Crab Extract (Crustaceans), Flavouring, Colours: Carmine, Paprika Extract. Contains: Fish, Crustaceans, Egg, Wheat.',
    ingredients: ['Surimi (Alaska Pollock; Sugar; Sorbitol)', 'Water', 'Wheat Starch', 'Egg White', 'Rapeseed Oil', 'Salt', 'Crab Extract (Crustaceans)', 'Flavouring', 'Carmine', 'Paprika Extract'],
    contains: ['fish', 'gluten', 'eggs', 'crustaceans'], mayContain: [],
  },
  {
    id: 'en-food-06', language: 'en', kind: 'food', product: 'Basil pesto',
    text: 'Ingredients: Basil (38%), Sunflower Oil, Grana Padano Cheese (Milk, Salt, Rennet, Preservative: Egg Lysozyme), Cashew Nuts, Extra Virgin Olive Oil, Pine Nuts, Salt, Garlic, Acidity Regulator: Lactic Acid. May contain other nuts.',
    ingredients: ['Basil', 'Sunflower Oil', 'Grana Padano Cheese (Milk; Salt; Rennet; Egg Lysozyme)', 'Cashew Nuts', 'Extra Virgin Olive Oil', 'Pine Nuts', 'Salt', 'Garlic', 'Lactic Acid'],
    contains: ['milk', 'eggs', 'nuts'], mayContain: ['nuts'],
  },
  {
    id: 'en-food-07', language: 'en', kind: 'food', product: 'Chicken korma with rice',
    text: 'Ingredients: Cooked Basmati Rice (38%) (Water, Basmati Rice), Chicken (20%), Onion, Tomato Purée, Ghee (6%), Ginger Purée, Garlic Purée, Ground Almonds, Coriander, Salt, Garam Masala (Coriander Seed, Cumin, Black Pepper, Cinnamon, Cardamom, Nutmeg, Clove), Mustard Seeds, Turmeric. Allergy Advice: For allergens, including cereals containing gluten, see ingredients in bold.',
    ingredients: ['Cooked Basmati Rice (Water; Basmati Rice)', 'Chicken', 'Onion', 'Tomato Purée', 'Ghee', 'Ginger Purée', 'Garlic Purée', 'Ground Almonds', 'Coriander', 'Salt', 'Garam Masala (Coriander Seed; Cumin; Black Pepper; Cinnamon; Cardamom; Nutmeg; Clove)', 'Mustard Seeds', 'Turmeric'],
    contains: ['milk', 'nuts', 'mustard'], mayContain: [],
  },
  {
    id: 'en-food-08', language: 'en', kind: 'food', product: 'Houmous',
    text: 'Ingredients: Cooked Chickpeas (60%) (Water, Chickpeas), Tahini (12%), Rapeseed Oil, Water, Lemon Juice from Concentrate, Garlic Purée, Salt, Preservative: Potassium Sorbate. Not suitable for customers with an allergy to peanuts due to manufacturing methods.',
    ingredients: ['Cooked Chickpeas (Water; Chickpeas)', 'Tahini', 'Rapeseed Oil', 'Water', 'Lemon Juice from Concentrate', 'Garlic Purée', 'Salt', 'Potassium Sorbate'],
    contains: ['sesame'], mayContain: ['peanuts'],
  },
  {
    id: 'en-food-09', language: 'en', kind: 'food', product: 'Spelt and seed loaf',
    text: 'INGREDIENTS: Wholegrain Spelt Flour (65%), Water, Sunflower Seeds, Linseed, Yeast, Sea Salt, Barley Malt Extract, Cider Vinegar. May also contain sesame and soya.',
    ingredients: ['Wholegrain Spelt Flour', 'Water', 'Sunflower Seeds', 'Linseed', 'Yeast', 'Sea Salt', 'Barley Malt Extract', 'Cider Vinegar'],
    contains: ['gluten'], mayContain: ['sesame', 'soybeans'],
  },
  {
    id: 'en-food-10', language: 'en', kind: 'food', product: 'Buckwheat and squash crackers',
    text: 'Ingredients: Buckwheat Flour (45%), Butternut Squash (20%), Rice Flour, Sunflower Oil, Pumpkin Seeds, Cream of Tartar, Salt, Nutmeg, Rosemary Extract. Gluten free. Produced in a facility that also processes tree nuts.',
    ingredients: ['Buckwheat Flour', 'Butternut Squash', 'Rice Flour', 'Sunflower Oil', 'Pumpkin Seeds', 'Cream of Tartar', 'Salt', 'Nutmeg', 'Rosemary Extract'],
    contains: [], mayContain: ['nuts'],
  },
  {
    id: 'en-food-11', language: 'en', kind: 'food', product: 'Thai red curry sauce',
    text: 'Ingredients: Coconut Milk (45%) (Coconut Extract, Water), Water, Sugar, Lemongrass, Fish Sauce (Anchovy, Salt, Sugar), Shrimp Paste (Shrimp, Salt), Red Chilli, Galangal, Modified Maize Starch, Kaffir Lime Leaves, Garlic. Contains: Fish, Crustaceans.',
    ingredients: ['Coconut Milk (Coconut Extract; Water)', 'Water', 'Sugar', 'Lemongrass', 'Fish Sauce (Anchovy; Salt; Sugar)', 'Shrimp Paste (Shrimp; Salt)', 'Red Chilli', 'Galangal', 'Modified Maize Starch', 'Kaffir Lime Leaves', 'Garlic'],
    contains: ['fish', 'crustaceans'], mayContain: [],
  },
  {
    id: 'en-food-12', language: 'en', kind: 'food', product: 'Chicken flavour instant noodles',
    text: 'INGREDIENTS: NOODLES: ENRICHED WHEAT FLOUR (WHEAT FLOUR, NIACIN, REDUCED IRON, THIAMINE MONONITRATE, RIBOFLAVIN, FOLIC ACID), PALM OIL, SALT, SOY SAUCE (WATER, WHEAT, SOYBEANS, SALT). SEASONING: SALT, MONOSODIUM GLUTAMATE, SUGAR, GARLIC POWDER, DEHYDRATED LEEK, CHICKEN FAT, CELERY POWDER, DISODIUM INOSINATE. CONTAINS: WHEAT, SOY.',
    ingredients: ['ENRICHED WHEAT FLOUR (WHEAT FLOUR; NIACIN; REDUCED IRON; THIAMINE MONONITRATE; RIBOFLAVIN; FOLIC ACID)', 'PALM OIL', 'SALT', 'SOY SAUCE (WATER; WHEAT; SOYBEANS; SALT)', 'SALT', 'MONOSODIUM GLUTAMATE', 'SUGAR', 'GARLIC POWDER', 'DEHYDRATED LEEK', 'CHICKEN FAT', 'CELERY POWDER', 'DISODIUM INOSINATE'],
    contains: ['gluten', 'soybeans', 'celery'], mayContain: [],
  },
  {
    id: 'en-food-13', language: 'en', kind: 'food', product: 'Caesar dressing',
    text: 'Ingredients: Water, Rapeseed Oil, Parmesan Cheese (Milk) (6%), Pasteurised Egg Yolk, White Wine Vinegar, Sugar, Anchovy Paste (Anchovies (Fish), Salt), Dijon Mustard (Water, Mustard Seeds, Spirit Vinegar, Salt), Garlic Purée, Salt, Lemon Juice, Black Pepper, Stabilisers: Xanthan Gum, Guar Gum. Contains sulphites.',
    ingredients: ['Water', 'Rapeseed Oil', 'Parmesan Cheese (Milk)', 'Pasteurised Egg Yolk', 'White Wine Vinegar', 'Sugar', 'Anchovy Paste (Anchovies (Fish); Salt)', 'Dijon Mustard (Water; Mustard Seeds; Spirit Vinegar; Salt)', 'Garlic Purée', 'Salt', 'Lemon Juice', 'Black Pepper', 'Xanthan Gum', 'Guar Gum'],
    contains: ['milk', 'eggs', 'fish', 'mustard', 'sulphites'], mayContain: [],
  },
  {
    id: 'en-food-14', language: 'en', kind: 'food', product: 'Organic dark chocolate 70%',
    text: 'Ingredients: cocoa mass*, cane sugar*†, cocoa butter*†, vanilla extract*. Cocoa solids: 70% minimum. *organic †Fair Trade certified. Made on equipment that also processes milk and hazelnuts.',
    ingredients: ['cocoa mass', 'cane sugar', 'cocoa butter', 'vanilla extract'],
    contains: [], mayContain: ['milk', 'nuts'],
  },
  {
    id: 'en-food-15', language: 'en', kind: 'food', product: 'Salmon fillets in dill sauce',
    text: 'Ingredients: Pink Salmon (Fish) (70%), Dill Sauce (30%) (Water, Single Cream (Milk), Butter (Milk), Wheat Flour, Dill, Salt, White Pepper). Salmon from an MSC certified sustainable fishery. Caught in the North East Pacific (FAO 67).',
    ingredients: ['Pink Salmon (Fish)', 'Dill Sauce (Water; Single Cream (Milk); Butter (Milk); Wheat Flour; Dill; Salt; White Pepper)'],
    contains: ['fish', 'milk', 'gluten'], mayContain: [],
  },
  {
    id: 'en-food-16', language: 'en', kind: 'food', product: 'Smoky barbecue sauce',
    text: 'Ingredients: Tomato paste - Sugar - Spirit vinegar - Molasses - Salt - Modified starch (E 1422) - Smoke flavouring - Spices - Mustard flour - Thickener: E-415 - Preservative (e202).',
    ingredients: ['Tomato paste', 'Sugar', 'Spirit vinegar', 'Molasses', 'Salt', 'Modified starch (E 1422)', 'Smoke flavouring', 'Spices', 'Mustard flour', 'E-415', 'e202'],
    contains: ['mustard'], mayContain: [],
  },
  {
    id: 'en-food-17', language: 'en', kind: 'food', product: 'Coffee whitener',
    text: 'Ingredients: Glucose Syrup, Fully Hydrogenated Coconut Oil, Sodium Caseinate, Stabiliser: E 340, Emulsifiers: E471, E481, Anti-caking Agent: Silicon Dioxide. Allergens: see ingredients in bold.',
    ingredients: ['Glucose Syrup', 'Fully Hydrogenated Coconut Oil', 'Sodium Caseinate', 'E 340', 'E471', 'E481', 'Silicon Dioxide'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'en-food-18', language: 'en', kind: 'food', product: 'Organic oat granola',
    text: 'INGREDIENTS: organic rolled oats (60%), organic raisins, organic sunflower seeds, organic coconut chips, organic cinnamon. Packed in a facility that handles peanuts, tree nuts, soy and milk.',
    ingredients: ['rolled oats', 'raisins', 'sunflower seeds', 'coconut chips', 'cinnamon'],
    contains: ['gluten'], mayContain: ['peanuts', 'nuts', 'soybeans', 'milk'],
  },
  {
    id: 'en-food-19', language: 'en', kind: 'food', product: 'Shortbread fingers',
    text: 'INGREDIENTS: Wheat flour. Sugar. Butter (milk) 18%. Eggs. Salt. Raising agent: sodium bicarbonate.',
    ingredients: ['Wheat flour', 'Sugar', 'Butter (milk)', 'Eggs', 'Salt', 'sodium bicarbonate'],
    contains: ['gluten', 'milk', 'eggs'], mayContain: [],
  },
  {
    id: 'en-cos-01', language: 'en', kind: 'cosmetic', product: 'Shea and almond hand cream',
    text: 'Ingredients: Aqua (Water), Glycerin, Cetearyl Alcohol, Butyrospermum Parkii (Shea) Butter, Prunus Amygdalus Dulcis (Sweet Almond) Oil, Caprylic/Capric Triglyceride, Dimethicone, Ceteareth-20, Phenoxyethanol, Ethylhexylglycerin, Parfum (Fragrance), Tocopherol, Linalool, Limonene, Citronellol.',
    ingredients: ['Aqua (Water)', 'Glycerin', 'Cetearyl Alcohol', 'Butyrospermum Parkii (Shea) Butter', 'Prunus Amygdalus Dulcis (Sweet Almond) Oil', 'Caprylic/Capric Triglyceride', 'Dimethicone', 'Ceteareth-20', 'Phenoxyethanol', 'Ethylhexylglycerin', 'Parfum (Fragrance)', 'Tocopherol', 'Linalool', 'Limonene', 'Citronellol'],
    contains: ['nuts', 'fragrance'], mayContain: [],
    verdicts: { Phenoxyethanol: 'restricted', Glycerin: 'allowed', Linalool: 'restricted', Dimethicone: 'allowed' },
  },
  {
    id: 'en-cos-02', language: 'en', kind: 'cosmetic', product: 'Anti-dandruff shampoo (older formula)',
    text: 'INGREDIENTS: Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Sodium Chloride, Zinc Pyrithione, Glycol Distearate, PEG-40 Hydrogenated Castor Oil, Parfum, Citric Acid, Sodium Benzoate, Polyquaternium-10, Panthenol, Hydrolyzed Wheat Protein, Hexyl Cinnamal, Benzyl Salicylate, Linalool.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Sodium Chloride', 'Zinc Pyrithione', 'Glycol Distearate', 'PEG-40 Hydrogenated Castor Oil', 'Parfum', 'Citric Acid', 'Sodium Benzoate', 'Polyquaternium-10', 'Panthenol', 'Hydrolyzed Wheat Protein', 'Hexyl Cinnamal', 'Benzyl Salicylate', 'Linalool'],
    contains: ['gluten', 'fragrance'], mayContain: [],
    verdicts: { 'Zinc Pyrithione': 'prohibited', 'Sodium Benzoate': 'restricted', 'Sodium Laureth Sulfate': 'allowed', 'Hexyl Cinnamal': 'restricted' },
  },
  {
    id: 'en-cos-03', language: 'en', kind: 'cosmetic', product: 'Sun lotion SPF 50',
    text: 'Ingredients: Aqua, Homosalate, Ethylhexyl Salicylate, Octocrylene, Butyl Methoxydibenzoylmethane, Glycerin, Silica, Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine, Titanium Dioxide, Dimethicone, Tocopheryl Acetate, Phenoxyethanol, Xanthan Gum, Disodium EDTA, Sodium Hydroxide.',
    ingredients: ['Aqua', 'Homosalate', 'Ethylhexyl Salicylate', 'Octocrylene', 'Butyl Methoxydibenzoylmethane', 'Glycerin', 'Silica', 'Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine', 'Titanium Dioxide', 'Dimethicone', 'Tocopheryl Acetate', 'Phenoxyethanol', 'Xanthan Gum', 'Disodium EDTA', 'Sodium Hydroxide'],
    contains: [], mayContain: [],
    verdicts: { Homosalate: 'restricted', Octocrylene: 'restricted', 'Butyl Methoxydibenzoylmethane': 'restricted', 'Titanium Dioxide': 'restricted', Glycerin: 'allowed', 'Xanthan Gum': 'allowed' },
  },
  {
    id: 'en-cos-04', language: 'en', kind: 'cosmetic', product: 'Satin lipstick',
    text: 'INGREDIENTS: Ricinus Communis (Castor) Seed Oil, Octyldodecanol, Euphorbia Cerifera (Candelilla) Wax, Cera Alba (Beeswax), Cocos Nucifera (Coconut) Oil, Theobroma Cacao (Cocoa) Seed Butter, Tocopherol, Parfum (Fragrance), Limonene [+/- MAY CONTAIN: CI 15850, CI 45410, CI 77491, CI 77891].',
    ingredients: ['Ricinus Communis (Castor) Seed Oil', 'Octyldodecanol', 'Euphorbia Cerifera (Candelilla) Wax', 'Cera Alba (Beeswax)', 'Cocos Nucifera (Coconut) Oil', 'Theobroma Cacao (Cocoa) Seed Butter', 'Tocopherol', 'Parfum (Fragrance)', 'Limonene', 'CI 15850', 'CI 45410', 'CI 77491', 'CI 77891'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'CI 77491': 'allowed', Octyldodecanol: 'allowed' },
  },
  {
    id: 'en-cos-05', language: 'en', kind: 'cosmetic', product: 'Oat body lotion, fragrance free',
    text: 'Ingredients: Water, Glycerin, Distearyldimonium Chloride, Petrolatum, Isopropyl Palmitate, Cetyl Alcohol, Dimethicone, Avena Sativa (Oat) Kernel Flour, Sodium Chloride, Phenoxyethanol, Ethylhexylglycerin. Fragrance free. Dermatologist tested.',
    ingredients: ['Water', 'Glycerin', 'Distearyldimonium Chloride', 'Petrolatum', 'Isopropyl Palmitate', 'Cetyl Alcohol', 'Dimethicone', 'Avena Sativa (Oat) Kernel Flour', 'Sodium Chloride', 'Phenoxyethanol', 'Ethylhexylglycerin'],
    contains: ['gluten'], mayContain: [],
    verdicts: { Phenoxyethanol: 'restricted', Glycerin: 'allowed', 'Cetyl Alcohol': 'allowed' },
  },
  {
    id: 'en-cos-06', language: 'en', kind: 'cosmetic', product: 'Fluoride toothpaste',
    text: 'Ingredients: Aqua, Hydrated Silica, Sorbitol, Glycerin, PEG-32, Sodium Lauryl Sulfate, Aroma, Cellulose Gum, Sodium Fluoride, Sodium Saccharin, Limonene, CI 77891. Contains Sodium Fluoride (1450 ppm F).',
    ingredients: ['Aqua', 'Hydrated Silica', 'Sorbitol', 'Glycerin', 'PEG-32', 'Sodium Lauryl Sulfate', 'Aroma', 'Cellulose Gum', 'Sodium Fluoride', 'Sodium Saccharin', 'Limonene', 'CI 77891'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Sodium Fluoride': 'restricted', 'Sodium Lauryl Sulfate': 'allowed', 'Sodium Saccharin': 'allowed' },
  },
  {
    id: 'en-cos-07', language: 'en', kind: 'cosmetic', product: 'Deodorant spray',
    text: 'Ingredients: Alcohol Denat., Aqua, Parfum, Triethyl Citrate, Glycerin, PEG-40 Hydrogenated Castor Oil, Alpha-Isomethyl Ionone, Citral, Coumarin, Eugenol, Geraniol, Hydroxycitronellal, Linalool, Limonene.',
    ingredients: ['Alcohol Denat.', 'Aqua', 'Parfum', 'Triethyl Citrate', 'Glycerin', 'PEG-40 Hydrogenated Castor Oil', 'Alpha-Isomethyl Ionone', 'Citral', 'Coumarin', 'Eugenol', 'Geraniol', 'Hydroxycitronellal', 'Linalool', 'Limonene'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { Coumarin: 'restricted', Hydroxycitronellal: 'restricted', 'Triethyl Citrate': 'allowed' },
  },
  {
    id: 'en-cos-08', language: 'en', kind: 'cosmetic', product: 'Baby wash',
    text: 'Ingredients: Aqua, Coco-Glucoside, Glycerin, Sodium Cocoyl Glutamate, Lauryl Glucoside, Sodium Chloride, Chamomilla Recutita (Matricaria) Flower Extract, Citric Acid, Sodium Benzoate, Potassium Sorbate. Free from parabens, soap and artificial colours.',
    ingredients: ['Aqua', 'Coco-Glucoside', 'Glycerin', 'Sodium Cocoyl Glutamate', 'Lauryl Glucoside', 'Sodium Chloride', 'Chamomilla Recutita (Matricaria) Flower Extract', 'Citric Acid', 'Sodium Benzoate', 'Potassium Sorbate'],
    contains: [], mayContain: [],
    verdicts: { 'Sodium Benzoate': 'restricted', 'Potassium Sorbate': 'restricted', 'Coco-Glucoside': 'allowed' },
  },
]

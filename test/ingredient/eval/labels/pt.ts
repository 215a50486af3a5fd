/**
 * @module
 * Portuguese evaluation labels. Written for this set after common product types; expectations by hand
 * from the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const PT: EvalLabel[] = [
  {
    id: 'pt-food-01', language: 'pt', kind: 'food', product: 'Bolachas Maria',
    text: 'Ingredientes: farinha de trigo, açúcar, óleo de palma, xarope de glicose, leite em pó desnatado, levedantes químicos: carbonato ácido de amónio e carbonato ácido de sódio, sal, emulsionante: lecitina de soja, aroma. Pode conter vestígios de ovo e frutos de casca rija.',
    ingredients: ['farinha de trigo', 'açúcar', 'óleo de palma', 'xarope de glicose', 'leite em pó desnatado', 'carbonato ácido de amónio', 'carbonato ácido de sódio', 'sal', 'lecitina de soja', 'aroma'],
    contains: ['gluten', 'milk', 'soybeans'], mayContain: ['eggs', 'nuts'],
  },
  {
    id: 'pt-food-02', language: 'pt', kind: 'food', product: 'Bacalhau com natas',
    text: 'Ingredientes: batata pré-frita 40 % (batata, óleo de girassol), natas 20 % (leite), bacalhau (Gadus morhua) 18 %, cebola, leite, farinha de trigo, azeite, manteiga (leite), sal, alho, noz-moscada, pimenta. Bacalhau pescado no Atlântico Nordeste.',
    ingredients: ['batata pré-frita (batata; óleo de girassol)', 'natas (leite)', 'bacalhau (Gadus morhua)', 'cebola', 'leite', 'farinha de trigo', 'azeite', 'manteiga (leite)', 'sal', 'alho', 'noz-moscada', 'pimenta'],
    contains: ['milk', 'fish', 'gluten'], mayContain: [],
  },
  {
    id: 'pt-food-03', language: 'pt', kind: 'food', product: 'Pão de forma',
    text: 'Ingredientes: farinha de trigo, água, farinha de centeio, açúcar, óleo de colza, fermento, glúten de trigo, sal, farinha de soja, conservante: propionato de cálcio. Pode conter sementes de sésamo.',
    ingredients: ['farinha de trigo', 'água', 'farinha de centeio', 'açúcar', 'óleo de colza', 'fermento', 'glúten de trigo', 'sal', 'farinha de soja', 'propionato de cálcio'],
    contains: ['gluten', 'soybeans'], mayContain: ['sesame'],
  },
  {
    id: 'pt-food-04', language: 'pt', kind: 'food', product: 'Sopa de legumes',
    text: 'Ingredientes: água, batata, cenoura, abóbora butternut (10 %), cebola, alho-francês, aipo, azeite virgem extra, sal. Sem conservantes.',
    ingredients: ['água', 'batata', 'cenoura', 'abóbora butternut', 'cebola', 'alho-francês', 'aipo', 'azeite virgem extra', 'sal'],
    contains: ['celery'], mayContain: [],
  },
  {
    id: 'pt-food-05', language: 'pt', kind: 'food', product: 'Atum em azeite',
    text: 'Ingredientes: atum (peixe) 70 %, azeite, sal. Origem: Oceano Atlântico. Pescado com salto e vara.',
    ingredients: ['atum (peixe)', 'azeite', 'sal'],
    contains: ['fish'], mayContain: [],
  },
  {
    id: 'pt-food-06', language: 'pt', kind: 'food', product: 'Chocolate de leite com amêndoas',
    text: 'Ingredientes: açúcar, manteiga de cacau, amêndoas (15 %), leite em pó gordo, massa de cacau, soro de leite em pó, emulsionante: lecitinas (soja), aroma natural de baunilha. Cacau: 30 % no mínimo. Contém leite, amêndoas e soja. Pode conter amendoim e trigo.',
    ingredients: ['açúcar', 'manteiga de cacau', 'amêndoas', 'leite em pó gordo', 'massa de cacau', 'soro de leite em pó', 'lecitinas (soja)', 'aroma natural de baunilha'],
    contains: ['milk', 'nuts', 'soybeans'], mayContain: ['peanuts', 'gluten'],
  },
  {
    id: 'pt-food-07', language: 'pt', kind: 'food', product: 'Rissóis de camarão',
    text: 'Ingredientes: massa (farinha de trigo, água, margarina vegetal (óleos vegetais (palma, girassol), água, sal), sal), recheio (camarão 20 % (crustáceo), leite, farinha de trigo, cebola, manteiga, sal, piripiri), pão ralado (farinha de trigo, levedura, sal), ovo. Contém: glúten, crustáceos, leite, ovo.',
    ingredients: ['massa (farinha de trigo; água; margarina vegetal (palma; girassol; água; sal); sal)', 'recheio (camarão (crustáceo); leite; farinha de trigo; cebola; manteiga; sal; piripiri)', 'pão ralado (farinha de trigo; levedura; sal)', 'ovo'],
    contains: ['gluten', 'crustaceans', 'milk', 'eggs'], mayContain: [],
  },
  {
    id: 'pt-food-08', language: 'pt', kind: 'food', product: 'Iogurte grego com mel e nozes',
    text: 'Ingredientes: leite pasteurizado, natas (leite), preparado de mel e nozes 10 % (mel, nozes, açúcar, amido de milho modificado), fermentos lácteos. Pode conter vestígios de outros frutos de casca rija.',
    ingredients: ['leite pasteurizado', 'natas (leite)', 'preparado de mel e nozes (mel; nozes; açúcar; amido de milho modificado)', 'fermentos lácteos'],
    contains: ['milk', 'nuts'], mayContain: ['nuts'],
  },
  {
    id: 'pt-food-09', language: 'pt', kind: 'food', product: 'Tremoços',
    text: 'Ingredientes: tremoço (67 %), água, sal, acidificante: ácido láctico, conservante: sorbato de potássio.',
    ingredients: ['tremoço', 'água', 'sal', 'ácido láctico', 'sorbato de potássio'],
    contains: ['lupin'], mayContain: [],
  },
  {
    id: 'pt-cos-01', language: 'pt', kind: 'cosmetic', product: 'Creme hidratante',
    text: 'Ingredientes: Aqua, Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Butyrospermum Parkii Butter, Glyceryl Stearate, Prunus Amygdalus Dulcis Oil, Dimethicone, Carbomer, Sodium Hydroxide, Phenoxyethanol, Ethylhexylglycerin, Parfum, Linalool.',
    ingredients: ['Aqua', 'Glycerin', 'Caprylic/Capric Triglyceride', 'Cetearyl Alcohol', 'Butyrospermum Parkii Butter', 'Glyceryl Stearate', 'Prunus Amygdalus Dulcis Oil', 'Dimethicone', 'Carbomer', 'Sodium Hydroxide', 'Phenoxyethanol', 'Ethylhexylglycerin', 'Parfum', 'Linalool'],
    contains: ['nuts', 'fragrance'], mayContain: [],
    verdicts: { Phenoxyethanol: 'restricted', Carbomer: 'allowed' },
  },
  {
    id: 'pt-cos-02', language: 'pt', kind: 'cosmetic', product: 'Champô',
    text: 'Ingredientes: Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Sodium Chloride, Parfum, Panthenol, Guar Hydroxypropyltrimonium Chloride, Citric Acid, Sodium Benzoate, Sodium Salicylate, Limonene, Hexyl Cinnamal.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Sodium Chloride', 'Parfum', 'Panthenol', 'Guar Hydroxypropyltrimonium Chloride', 'Citric Acid', 'Sodium Benzoate', 'Sodium Salicylate', 'Limonene', 'Hexyl Cinnamal'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Sodium Salicylate': 'restricted', 'Sodium Benzoate': 'restricted', Panthenol: 'allowed' },
  },
  {
    id: 'pt-cos-03', language: 'pt', kind: 'cosmetic', product: 'Protetor solar mineral',
    text: 'Ingredientes: Aqua, Zinc Oxide, Titanium Dioxide, Caprylic/Capric Triglyceride, Glycerin, Polyglyceryl-3 Polyricinoleate, Cera Alba, Tocopherol, Sodium Chloride, Xanthan Gum. Sem perfume.',
    ingredients: ['Aqua', 'Zinc Oxide', 'Titanium Dioxide', 'Caprylic/Capric Triglyceride', 'Glycerin', 'Polyglyceryl-3 Polyricinoleate', 'Cera Alba', 'Tocopherol', 'Sodium Chloride', 'Xanthan Gum'],
    contains: [], mayContain: [],
    verdicts: { 'Zinc Oxide': 'restricted', 'Titanium Dioxide': 'restricted', 'Cera Alba': 'allowed' },
  },
  {
    id: 'pt-cos-04', language: 'pt', kind: 'cosmetic', product: 'Sabonete de leite de cabra',
    text: 'Ingredientes: Sodium Palmate, Sodium Palm Kernelate, Aqua, Glycerin, Goat Milk, Parfum, Sodium Chloride, Tetrasodium Etidronate, Coumarin, Linalool, CI 77891.',
    ingredients: ['Sodium Palmate', 'Sodium Palm Kernelate', 'Aqua', 'Glycerin', 'Goat Milk', 'Parfum', 'Sodium Chloride', 'Tetrasodium Etidronate', 'Coumarin', 'Linalool', 'CI 77891'],
    contains: ['milk', 'fragrance'], mayContain: [],
    verdicts: { Coumarin: 'restricted', 'Sodium Palmate': 'allowed' },
  },
]

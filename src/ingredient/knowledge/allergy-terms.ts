/**
 * @module
 * Hand-written allergy vocabulary used at run time: what users type in the allergies field ("dairy",
 * "tree nuts") and phrases that look like an allergen synonym but are not ("cocoa butter" is not dairy).
 * The generator reads the exclusions too, so the generated synonym lists agree with the matcher.
 */
import type { AllergenFamily } from './types'

/**
 * Synonyms in the open data that point at the wrong family, or at something EU law does not count as
 * that allergen: peanut oil under "nuts", pine nuts and chestnuts (not among the eight EU tree nuts), shea,
 * buckwheat and teff under "gluten" (both are gluten-free).
 */
export const ALLERGEN_EXCLUSIONS: Partial<Record<AllergenFamily, string[]>> = {
  nuts: ['erdnussöl', 'piñones', 'piñón', 'castañas', 'castaña', 'butyrospermum parkii', 'shea', 'shea butter', 'coconut', 'noix de coco',
    'nutmeg', 'muscade', 'noix de muscade', 'nuez moscada', 'noce moscata', 'noz-moscada', 'chestnut', 'chestnuts', 'pine nuts', 'châtaigne', 'mani', 'maní', '花生', '花生仁', '花生油', '땅콩',
    '땅콩기름', '綿実油', '白果', '银杏果', '板栗', '松子', 'xufa', 'chufa', 'tiger nut'],
  gluten: ['そば', 'ソバ', '蕎麦', 'buckwheat', 'sarrasin', 'teff', 'quinoa', '穀物'],
  eggs: ['sol'],
  milk: ['cocoa butter', 'shea butter', 'beurre de cacao', 'beurre de karité', 'coconut milk', 'lait de coco', 'coconut cream', 'cream of tartar',
    'peanut butter', 'crème de tartre', 'kakaobutter', 'manteca de cacao', 'burro di cacao', 'manteiga de cacau',
    // Plant butters and "milks", and cosmetic product words that are not dairy.
    'seed butter', 'kernel butter', 'nut butter', 'almond butter', 'cashew butter', 'hazelnut butter', 'mango butter', 'coconut butter',
    'apple butter', 'almond milk', 'oat milk', 'soy milk', 'soya milk', 'rice milk', 'lait d\'amande', 'Kokosmilch', 'leche de coco',
    'latte di cocco', 'leite de coco', 'milk thistle', 'cleansing milk', 'body milk', 'milkweed',
    // Plant butters by INCI and common name (shea, avocado, palm, illipe, jojoba, sal), plant "milks" and
    // milk-cap mushrooms.
    'butyrospermum parkii butter', 'persea gratissima butter', 'fruit butter', 'elaeis guineensis butter', 'illipe butter',
    'simmondsia chinensis butter', 'shorea butter', 'cacao butter', 'avocado butter', 'jojoba butter', 'kokum butter',
    'murumuru butter', 'cupuacu butter', 'tigernut milk', 'milk cap',
    'burro di karité', 'manteiga de karité', 'manteca de karité', 'beurre de mangue', 'burro di mango', 'manteca de mango',
    'manteiga de manga', 'beurre de coco', 'burro di cocco', 'manteca de coco', 'manteiga de coco'],
  // "Brassica" is the cabbage genus: rapeseed (Brassica napus, B. campestris), cabbage, kale, broccoli.
  // Only the mustards (B. nigra, B. juncea, B. alba = Sinapis alba) are the EU allergen; the INCI genus
  // patterns give them their family.
  mustard: ['brassica'],
}

/**
 * Allergen synonyms that are also everyday words or other things in some language ("bleu" is a French
 * blue cheese and the colour blue, "sol" the sun, "lieu" a fish and "place"). They still count as exact
 * names, but never as a word found inside a longer ingredient name.
 */
export const AMBIGUOUS_ALLERGEN_WORDS: string[] = [
  'bleu', 'lieu', 'loup', 'vive', 'rape', 'sol', 'anon', 'bib', 'pout', 'ling', 'boga', 'plie', 'flet', 'nata', 'soro', 'lac', 'kase', 'crema',
  'sole',
  // Spanish "en polvo" is "powdered"; Portuguese "polvo" is octopus.
  'polvo',
]

/** What users type in the allergies field that is not an allergen synonym of the data ("dairy", "tree nuts"). */
export const USER_ALLERGY_TERMS: Record<string, AllergenFamily> = {
  dairy: 'milk', 'dairy products': 'milk', 'lactose intolerance': 'milk', 'cow milk': 'milk', "cow's milk": 'milk', 'milk protein': 'milk',
  'produits laitiers': 'milk', 'milchprodukte': 'milk', 'lácteos': 'milk', 'latticini': 'milk', 'laticínios': 'milk', '乳製品': 'milk', '유제품': 'milk', '乳制品': 'milk',
  nut: 'nuts', 'tree nut': 'nuts', 'tree nuts': 'nuts', 'fruits à coque': 'nuts', 'noix': 'nuts', 'nüsse': 'nuts', 'schalenfrüchte': 'nuts', 'frutos secos': 'nuts',
  'frutta a guscio': 'nuts', 'frutos de casca rija': 'nuts', 'ナッツ': 'nuts', '견과류': 'nuts', '坚果': 'nuts',
  peanut: 'peanuts', 'peanut allergy': 'peanuts', groundnut: 'peanuts', 'cacahuète': 'peanuts', 'erdnuss': 'peanuts', 'cacahuete': 'peanuts',
  'arachidi': 'peanuts', 'amendoim': 'peanuts', '落花生': 'peanuts', 'ピーナッツ': 'peanuts', '땅콩': 'peanuts', '花生': 'peanuts',
  'celiac': 'gluten', 'coeliac': 'gluten', 'celiac disease': 'gluten', 'coeliac disease': 'gluten', wheat: 'gluten', 'gluten intolerance': 'gluten',
  soy: 'soybeans', soya: 'soybeans', soja: 'soybeans', egg: 'eggs', shellfish: 'crustaceans', seafood: 'crustaceans', 'fruits de mer': 'crustaceans',
  mollusc: 'molluscs', mollusk: 'molluscs', sulfites: 'sulphites', sulfite: 'sulphites', sulphite: 'sulphites', 'sulfur dioxide': 'sulphites',
  perfume: 'fragrance', perfumes: 'fragrance', fragrances: 'fragrance', scent: 'fragrance', 'fragrance allergy': 'fragrance', 'fragrance mix': 'fragrance',
  'essential oils': 'fragrance', 'parfüm': 'fragrance', 'duftstoffe': 'fragrance', 'profumo': 'fragrance', 'perfume allergy': 'fragrance',
  '香料': 'fragrance', '향료': 'fragrance', '香精': 'fragrance', sesame: 'sesame', 'sesame seed': 'sesame', fish: 'fish', lupine: 'lupin',
}

/**
 * @module
 * Hand-written allergy vocabulary used at run time: what users type in the allergies field ("dairy",
 * "tree nuts") and phrases that look like an allergen synonym but are not ("cocoa butter" is not dairy).
 * The generator reads the exclusions too, so the generated synonym lists agree with the matcher.
 */
import type { AllergenFamily } from './types.ts'

/**
 * Synonyms in the open data that point at the wrong family, or at something EU law does not count as
 * that allergen: peanut oil under "nuts", pine nuts and chestnuts (not among the eight EU tree nuts), shea,
 * buckwheat and teff under "gluten" (both are gluten-free).
 */
export const ALLERGEN_EXCLUSIONS: Partial<Record<AllergenFamily, string[]>> = {
  nuts: ['erdnussöl', 'piñones', 'piñón', 'castañas', 'castaña', 'butyrospermum parkii', 'shea', 'shea butter', 'coconut', 'noix de coco',
    'nutmeg', 'muscade', 'noix de muscade', 'nuez moscada', 'noce moscata', 'noz-moscada', 'chestnut', 'chestnuts', 'pine nuts', 'châtaigne', 'mani', 'maní', '花生', '花生仁', '花生油', '땅콩',
    '땅콩기름', '綿実油', '白果', '银杏果', '板栗', '松子', 'xufa', 'chufa', 'tiger nut', 'tiger nuts', 'noix tigrée', 'souchet', 'erdmandel',
    // Peanuts are legumes, and these "nuts" are squash, scallops or a cut of meat.
    'peanut', 'peanuts', 'roasted peanuts', 'salted peanuts', 'erdnuss', 'erdnüsse', 'geröstete erdnüsse', 'cacahuète', 'cacahuètes',
    'arachide', 'arachides', 'cacahuete', 'cacahuetes', 'cacahuate', 'arachidi', 'amendoim', 'amendoins',
    'peanut butter', 'ピーナッツバター', 'butternut', 'butternut squash', 'courge butternut', 'calabaza butternut', 'zucca butternut',
    'abóbora butternut', 'butternutkürbis', 'noix de saint-jacques', 'noix de st jacques', 'noix de veau', 'noz-moscada', 'muskatnuss'],
  gluten: ['そば', 'ソバ', '蕎麦', 'buckwheat', 'sarrasin', 'teff', 'quinoa', '穀物',
    // Buckwheat in every language ("blé noir", "trigo sarraceno", "grano saraceno"), and malt-named sugars.
    'blé noir', 'trigo sarraceno', 'trigo-sarraceno', 'sarraceno', 'grano saraceno', 'trigo mourisco', 'heidenkorn', 'buchweizen', '荞麦', '메밀',
    'maltodextrin', 'maltodextrine', 'maltodextrina', 'maltitol', 'maltitolo', 'maltol', 'isomalt'],
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
    'manteiga de manga', 'beurre de coco', 'burro di cocco', 'manteca de coco', 'manteiga de coco',
    // Plant "milks" and nut butters in each language, butternut squash, and cosmetic "milks".
    'butternut', 'butternut squash', 'courge butternut', 'butternutkürbis', 'sheabutter', 'erdnussbutter', 'mandelmilch', 'hafermilch',
    'sojamilch', 'reismilch', 'lait de soja', "lait d'avoine", 'lait de riz', 'leche de almendras', 'leche de soja', 'leche de avena',
    'latte di mandorla', 'latte di soia', 'leite de amêndoa', 'leite de soja', 'beurre de cacahuète', "beurre d'arachide",
    'mantequilla de cacahuete', 'burro di arachidi', 'manteiga de amendoim', 'crème de coco', 'cream of coconut', 'lait démaquillant',
    'lait corporel', 'lait de toilette', 'reinigungsmilch', 'körpermilch', 'leche limpiadora', 'latte detergente',
    'カカオバター', 'シアバター', 'ピーナッツバター', 'ココナッツミルク', 'アーモンドミルク', 'ココナッツバター',
    '코코아버터', '시어버터', '땅콩버터', '코코넛밀크', '아몬드밀크', '可可脂', '椰奶', '椰浆', '杏仁奶', '花生酱',
    // Chinese 牛油 is butter, and avocado (牛油果) and shea (牛油果树果脂, 乳木果) are "butter fruits"; 乳液 is a lotion.
    '牛油果', '牛油果树果脂', '牛油树果脂', '乳木果', '乳木果油', '乳液', '乳香', '豆乳', '椰乳',
    // 乳化 is "emulsifying", 乳酸 lactic acid: neither comes from milk.
    '乳化', '乳化剤', '乳化剂', '乳化劑', '유화제', '乳酸', '乳酸菌', '乳酸钙', '乳酸钠', '乳酸カルシウム', '乳酸ナトリウム', '乳酸Ca', '乳酸Na'],
  // "Fruits à coque" are tree nuts; a "coque" alone is a cockle.
  molluscs: ['fruits à coque', 'fruit à coque'],
  // Chinese 蛋白 is egg white, and "protein" in 蛋白质, 小麦蛋白, 胶原蛋白.
  eggs: ['sol', '卵磷脂', '大豆卵磷脂', '蛋白质', '小麦蛋白', '水解小麦蛋白', '大豆蛋白', '豌豆蛋白', '大米蛋白', '植物蛋白', '水解蛋白', '胶原蛋白', '乳清蛋白', '酪蛋白'],
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

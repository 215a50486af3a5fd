/**
 * @module
 * Hand-kept corrections to the processing and label words taken from Open Food Facts' taxonomies
 * (scripts/kb/vocabulary/vocabulary.ts).
 */

/**
 * Processing-taxonomy names that are ingredients of their own or parts that change what an ingredient is:
 * without them "wheat flour" would read as "wheat" and "orange juice" as "orange".
 */
export const PROCESSING_WORD_EXCLUSIONS: readonly string[] = [
  'seed', 'seeds', 'leaf', 'leaves', 'flour', 'bran', 'middlings', 'feed', 'juice', 'juices', 'syrup', 'molasses',
  'extract', 'extracts', 'pulp', 'pomace', 'peel', 'peels', 'zest', 'sap', 'crumb', 'crumbs', 'flakes', 'chips',
  'slices', 'grits', 'powder', 'solids', 'mixture', 'mixtures', 'liquid',
  'graine', 'graines', 'semoule', 'poudre', 'pulpe', 'sirop', 'jus de', 'farine de', 'miette', 'miettes',
  'mehl', 'saft', 'säfte', 'schale', 'schalen', 'pulver', 'sirup', 'extrakt', 'schrot', 'grieß', 'mark',
  'polvo de', 'harina de', 'zumo', 'jugo', 'pulpa', 'mezcla',
  'farina di', 'succo', 'polpa', 'miscela', 'misto', 'mix',
  'farinha de', 'suco', 'sumo', 'polpa', 'pele', 'peles',
]

/**
 * Processing words the 2022 taxonomy snapshot lacks: "hardened" (added to the upstream taxonomy later,
 * beside "hydrogenated"), German "gehärtet", the Italian "tritato" (chopped), the refined, fractionated and
 * hydrogenated forms of fats in the label languages, and the adverbs before them ("partially", "teilweise").
 */
export const PROCESSING_WORD_SUPPLEMENT: readonly string[] = [
  'hardened', 'partially hardened', 'fully hardened', 'gehärtet', 'gehärtete', 'gehärteten', 'gehärteter', 'gehartet', 'geharteten',
  'teilweise gehärtet', 'teilgehärtet', 'teilgehärtete', 'teilgehärteten', 'teilgehärteter', 'teilgehärtetes', 'tritato', 'tritata', 'tritati', 'tritate',
  'refined', 'raffiné', 'raffinée', 'raffinés', 'raffinées', 'refinado', 'refinada', 'refinados', 'refinadas', 'raffinato', 'raffinata',
  'raffinati', 'raffinate', 'raffiniert', 'raffinierte', 'raffinierten', 'raffinierter', 'raffiniertes',
  'fractionated', 'fractionné', 'fractionnée', 'fractionnés', 'fractionnées', 'fraccionado', 'fraccionada', 'fraccionados', 'fraccionadas',
  'fracionado', 'fracionada', 'fracionados', 'fracionadas', 'frazionato', 'frazionata', 'frazionati', 'frazionate', 'fraktioniert',
  'fraktionierte', 'fraktionierten', 'fraktionierter', 'fraktioniertes',
  'hydrogéné', 'hydrogénés', 'hydrogénées', 'hidrogenada', 'hidrogenados', 'hidrogenadas',
  'partially', 'fully', 'partiellement', 'totalement', 'parcialmente', 'totalmente', 'parzialmente', 'teilweise',
  // Partial hydrogenation written into a CJK name (部分水素添加油脂, 部分氢化植物油, 부분경화유): taken off to find the fat itself.
  '部分水素添加', '部分氢化', '部分氫化', '부분경화',
]

/** Label-taxonomy names that are too short or too common to be taken out of a name ("FLO", "eco"). */
export const LABEL_WORD_EXCLUSIONS: readonly string[] = ['flo', 'flo international', 'eco', 'öko', 'organique', 'équitable']

/** Label words printed on ingredient lists that the taxonomy extract lacks: the Japanese and Chinese organic and non-GMO claims. */
export const LABEL_WORD_SUPPLEMENT: readonly string[] = ['有機', '非转基因', '非轉基因', '遺伝子組換えでない']

/**
 * @module
 * Hand-kept corrections to the additive class names of Open Food Facts' additives_classes taxonomy
 * (scripts/kb/vocabulary/class-names.ts): forms printed on labels that the taxonomy lacks, and taxonomy
 * synonyms that are ordinary words on a label rather than a class.
 */

/**
 * Label forms missing from the taxonomy: plurals that differ by more than a final "s" (a final "s" is
 * dropped when matching), other spellings and common label wordings.
 */
export const CLASS_NAME_SUPPLEMENT: readonly string[] = [
  'leavening agent', // English
  "correcteurs d'acidité", 'agents levants', // French
  'impulsor', 'impulsores', // Spanish
  'Triebmittel', // German
  'fermento químico', 'fermentos químicos', 'levedante químico', 'levedantes químicos', 'realçador de sabor', // Portuguese
  'umectante', 'antiumectante',
]

/** CJK class names missing from the taxonomy (it has few Japanese, Korean or simplified Chinese names), with their English class. */
export const CJK_CLASS_NAME_SUPPLEMENT: Readonly<Record<string, string>> = {
  乳化剂: 'Emulsifier', 유화제: 'Emulsifier',
  安定剤: 'Stabiliser', 稳定剂: 'Stabiliser', 안정제: 'Stabiliser',
  増粘多糖類: 'Thickener', 增稠剂: 'Thickener', 증점제: 'Thickener',
  保存料: 'Preservative', 防腐剂: 'Preservative', 보존료: 'Preservative',
  抗氧化剂: 'Antioxidant', 산화방지제: 'Antioxidant',
  着色料: 'Colour', 着色剂: 'Colour', 착색료: 'Colour',
  ph調整剤: 'Acidity regulator', 酸度调节剂: 'Acidity regulator', 산도조절제: 'Acidity regulator',
  膨張剤: 'Raising agent', 膨脹剤: 'Raising agent', 膨松剂: 'Raising agent', 팽창제: 'Raising agent',
  甜味剂: 'Sweetener', 감미료: 'Sweetener',
  調味料: 'Flavour enhancer', 增味剂: 'Flavour enhancer', 향미증진제: 'Flavour enhancer',
  食品添加剂: 'Food additive',
}

/**
 * Taxonomy synonyms that name something else on a label: "base (…)" and "support" are parts of a
 * product, "tampon" and "buffer" and "alkali" are rarely a printed class and often a word of a name.
 */
export const CLASS_NAME_EXCLUSIONS: readonly string[] = [
  'base', 'alkali', 'alcali', 'álcali', 'buffer', 'tampon', 'support', 'tartness', 'provides tartness', 'controls acidity',
  'prevent caking', 'prevents caking',
]

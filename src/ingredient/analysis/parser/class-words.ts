/**
 * @module
 * Additive class names printed before an ingredient ("emulsifier: E471", "acidity regulator (citric
 * acid)"). They say what an ingredient does, not what it is, so the parser moves them aside and the
 * resolver looks up the ingredient they introduce.
 */
import { normalizedName } from '../../knowledge/normalized-name'
import { reading } from '../../work-meter'

// Singular and plural forms in the nine label languages, normalised (lower case, no diacritics).
const CLASS_WORDS: readonly string[] = [
  // English
  'emulsifier', 'emulsifiers', 'emulsifying agent', 'stabiliser', 'stabilisers', 'stabilizer', 'stabilizers', 'thickener',
  'thickeners', 'thickening agent', 'gelling agent', 'preservative', 'preservatives', 'antioxidant', 'antioxidants', 'colour',
  'colours', 'color', 'colors', 'colouring', 'colorant', 'acid', 'acids', 'acidity regulator', 'acidity regulators', 'acidifier',
  'raising agent', 'raising agents', 'leavening agent', 'leavening', 'sweetener', 'sweeteners', 'flavour enhancer',
  'flavor enhancer', 'humectant', 'humectants', 'anti-caking agent', 'firming agent', 'glazing agent', 'flour treatment agent',
  'sequestrant', 'bulking agent', 'carrier', 'propellant', 'foaming agent', 'modified starch',
  // French
  'emulsifiant', 'emulsifiants', 'stabilisant', 'stabilisants', 'epaississant', 'epaississants', 'gelifiant', 'gelifiants',
  'conservateur', 'conservateurs', 'antioxydant', 'antioxydants', 'colorant', 'colorants', 'acidifiant', 'acidifiants',
  "correcteur d'acidite", "correcteurs d'acidite", 'poudre a lever', 'poudres a lever', 'agent levant', 'agents levants',
  'edulcorant', 'edulcorants', 'exhausteur de gout', 'humectant', 'antiagglomerant', 'agent de charge', 'agent d\'enrobage',
  // Spanish
  'emulgente', 'emulgentes', 'emulsionante', 'emulsionantes', 'estabilizante', 'estabilizantes', 'espesante', 'espesantes',
  'gelificante', 'conservador', 'conservante', 'conservantes', 'antioxidante', 'antioxidantes', 'colorante', 'colorantes',
  'acidulante', 'corrector de acidez', 'correctores de acidez', 'regulador de acidez', 'gasificante', 'gasificantes',
  'impulsor', 'impulsores', 'edulcorante', 'edulcorantes', 'potenciador del sabor', 'humectante', 'antiaglomerante',
  // German
  'emulgator', 'emulgatoren', 'stabilisator', 'stabilisatoren', 'verdickungsmittel', 'geliermittel', 'konservierungsstoff',
  'konservierungsstoffe', 'antioxidationsmittel', 'farbstoff', 'farbstoffe', 'saeuerungsmittel', 'sauerungsmittel',
  'saureregulator', 'saeureregulator', 'saureregulatoren', 'backtriebmittel', 'triebmittel', 'sussungsmittel',
  'suessungsmittel', 'geschmacksverstarker', 'feuchthaltemittel', 'trennmittel', 'uberzugsmittel', 'mehlbehandlungsmittel',
  // Italian
  'emulsionante', 'emulsionanti', 'stabilizzante', 'stabilizzanti', 'addensante', 'addensanti', 'gelificante', 'gelificanti',
  'conservante', 'conservanti', 'antiossidante', 'antiossidanti', 'colorante', 'coloranti', 'acidificante', 'correttore di acidita',
  'correttori di acidita', 'regolatore di acidita', 'agente lievitante', 'agenti lievitanti', 'dolcificante', 'dolcificanti',
  'esaltatore di sapidita', 'umidificante', 'antiagglomerante',
  // Portuguese
  'emulsionante', 'emulsionantes', 'emulsificante', 'emulsificantes', 'estabilizador', 'estabilizadores', 'espessante',
  'espessantes', 'gelificante', 'conservante', 'conservantes', 'antioxidante', 'antioxidantes', 'corante', 'corantes', 'acidulante',
  'regulador de acidez', 'reguladores de acidez', 'fermento quimico', 'levedante', 'levedantes', 'levedante quimico', 'levedantes quimicos', 'fermentos quimicos', 'edulcorante', 'edulcorantes',
  'intensificador de sabor', 'realcador de sabor', 'umectante', 'antiumectante',
  // Japanese, Korean, Chinese
  '乳化剤', '安定剤', '増粘剤', '増粘多糖類', '保存料', '酸化防止剤', '着色料', '酸味料', 'ph調整剤', '膨張剤', '膨脹剤', '甘味料', '調味料',
  '유화제', '안정제', '증점제', '보존료', '산화방지제', '착색료', '산도조절제', '팽창제', '감미료', '향미증진제',
  '乳化剂', '稳定剂', '增稠剂', '防腐剂', '抗氧化剂', '着色剂', '色素', '酸度调节剂', '膨松剂', '甜味剂', '增味剂', '食品添加剂',
]

// Longer texts are no class word, and are not normalised (a long text costs in proportion to its length).
const LONGEST_CLASS_WORD = 40
const CLASS_SET = new Set(CLASS_WORDS.map((word) => normalizedName(word)))

/**
 * Whether `text` is an additive class name rather than an ingredient.
 *
 * @example
 * isClassWord('Emulgator') // true
 * isClassWord("correcteur d'acidité") // true
 * isClassWord('soy lecithin') // false
 */
export function isClassWord(text: string): boolean {
  reading(text)
  if (text.length > LONGEST_CLASS_WORD) return false
  const key = normalizedName(text).replace(/[:：]$/u, '').trim()
  return CLASS_SET.has(key) || CLASS_SET.has(key.replace(/ ?\(?s\)?$/u, ''))
}

// The class words of the CJK labels in English, for the purpose text ("乳化剤" -> "Emulsifier"). The Latin
// ones are recognised by the purpose wording's own patterns.
const CJK_CLASS_IN_ENGLISH: Readonly<Record<string, string>> = {
  乳化剤: 'Emulsifier', 乳化剂: 'Emulsifier', 유화제: 'Emulsifier',
  安定剤: 'Stabiliser', 稳定剂: 'Stabiliser', 안정제: 'Stabiliser',
  増粘剤: 'Thickener', 増粘多糖類: 'Thickener', 增稠剂: 'Thickener', 증점제: 'Thickener',
  保存料: 'Preservative', 防腐剂: 'Preservative', 보존료: 'Preservative',
  酸化防止剤: 'Antioxidant', 抗氧化剂: 'Antioxidant', 산화방지제: 'Antioxidant',
  着色料: 'Colour', 着色剂: 'Colour', 色素: 'Colour', 착색료: 'Colour',
  酸味料: 'Acidity regulator', ph調整剤: 'Acidity regulator', 酸度调节剂: 'Acidity regulator', 산도조절제: 'Acidity regulator',
  膨張剤: 'Raising agent', 膨脹剤: 'Raising agent', 膨松剂: 'Raising agent', 팽창제: 'Raising agent',
  甘味料: 'Sweetener', 甜味剂: 'Sweetener', 감미료: 'Sweetener',
  調味料: 'Flavour enhancer', 增味剂: 'Flavour enhancer', 향미증진제: 'Flavour enhancer',
}

/**
 * The English name of a CJK class word, if it is one.
 *
 * @example
 * cjkClassInEnglish('乳化剤') // 'Emulsifier'
 * cjkClassInEnglish('emulsifier') // undefined
 */
export function cjkClassInEnglish(text: string): string | undefined {
  if (text.length > LONGEST_CLASS_WORD) return undefined
  return CJK_CLASS_IN_ENGLISH[normalizedName(text).replace(/[:：]$/u, '').trim()]
}

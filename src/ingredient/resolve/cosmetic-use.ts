/**
 * @module
 * Whether a cosmetic stays on the skin or is rinsed off: the request's `use`, else the product's name in any of
 * the nine languages (shampoo, gel douche, Duschgel, 洗顔, シャンプー, 洗发水, 샴푸 are rinsed off; lotion,
 * crème, eau de toilette stay on), else leave-on, the stricter case, which the summary says.
 */
import type { ProductUse } from '../knowledge/index.ts'
import type { ReportedKind } from './product-kind.ts'

/** The uses a request may name (`use`). */
export const COSMETIC_USES = ['leave_on', 'rinse_off'] as const
export type CosmeticUse = (typeof COSMETIC_USES)[number]

/** The cosmetic use applied to a label, and how it was told. */
export interface UseReading {
  use: CosmeticUse
  told: 'request' | 'product_name' | 'default'
}

// Words of a product that stays on, checked first: a "leave-in conditioner" is no conditioner that is rinsed.
const LEAVE_ON = [
  'leave-in', 'leave in', 'sans rinçage', 'ohne ausspülen', 'sin aclarado', 'senza risciacquo', 'sem enxágue', 'sem enxaguar',
  '洗い流さない', '免洗', '노워시',
]

// Words of rinse-off products, Latin-script words matched whole.
const RINSE_OFF_WORDS = [
  // English
  'shampoo', 'conditioner', 'shower gel', 'shower cream', 'shower oil', 'body wash', 'face wash', 'facial wash', 'hand wash', 'soap',
  'cleansing foam', 'foaming cleanser', 'bath foam', 'bubble bath', 'shaving foam', 'shaving gel', 'hair mask', 'rinse', 'mouthwash', 'scrub',
  // French
  'shampooing', 'shampoing', 'après-shampooing', 'après-shampoing', 'gel douche', 'crème douche', 'huile lavante', 'savon', 'gel lavant',
  'mousse nettoyante', 'bain moussant', 'masque capillaire', 'gommage', 'bain de bouche',
  // German
  'duschgel', 'duschcreme', 'duschöl', 'haarspülung', 'spülung', 'seife', 'waschgel', 'waschlotion', 'reinigungsschaum', 'schaumbad',
  'haarkur', 'mundspülung',
  // Spanish
  'champú', 'acondicionador', 'gel de ducha', 'gel de baño', 'jabón', 'espuma limpiadora', 'gel limpiador', 'enjuague bucal',
  // Italian
  'balsamo per capelli', 'bagnoschiuma', 'docciaschiuma', 'sapone', 'detergente viso', 'gel detergente', 'maschera per capelli', 'collutorio',
  // Portuguese
  'xampu', 'champô', 'condicionador', 'gel de banho', 'sabonete', 'espuma de limpeza', 'enxaguante bucal',
]

// CJK product words, matched inside the name.
const RINSE_OFF_CJK = [
  // Japanese
  'シャンプー', 'コンディショナー', 'リンス', 'ボディソープ', 'ボディウォッシュ', '洗顔', '石鹸', '石けん', 'せっけん', 'ソープ', 'クレンジングフォーム',
  // Chinese
  '洗发水', '洗髮水', '洗发露', '洗髮露', '护发素', '護髮素', '沐浴露', '沐浴乳', '洗面奶', '洁面', '潔面', '肥皂', '香皂', '洗手液', '漱口水',
  // Korean
  '샴푸', '린스', '컨디셔너', '바디워시', '샤워젤', '클렌징폼', '폼클렌징', '폼 클렌징', '비누', '세안', '핸드워시', '가글',
]

// Words of products that stay on, so a name that says one is told, not defaulted.
const LEAVE_ON_WORDS = [
  'lotion', 'cream', 'crème', 'creme', 'serum', 'sérum', 'moisturiser', 'moisturizer', 'balm', 'baume', 'eau de toilette', 'eau de parfum',
  'perfume', 'parfum', 'deodorant', 'déodorant', 'sunscreen', 'sun cream', 'lipstick', 'rouge à lèvres', 'mascara', 'foundation', 'fond de teint',
  'make-up', 'toner', 'tonique', 'gesichtswasser', 'crema', 'leche corporal', 'latte corpo', 'loção', 'hidratante', 'idratante',
  '化粧水', '乳液', '美容液', 'クリーム', '面霜', '乳霜', '精华', '爽肤水', '크림', '로션', '에센스', '토너', '세럼',
]

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// A word stands alone when no letter touches it ("soap" is not in "soapwort", "savon" is in "savon de Marseille").
const whole = (words: readonly string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'u')
const LEAVE_ON_PATTERN = new RegExp(LEAVE_ON.map(escape).join('|'), 'u')
const RINSE_OFF_PATTERN = whole(RINSE_OFF_WORDS)
const RINSE_OFF_CJK_PATTERN = new RegExp(RINSE_OFF_CJK.map(escape).join('|'), 'u')
const LEAVE_ON_WORD_PATTERN = whole(LEAVE_ON_WORDS)

/**
 * The cosmetic use of a label: the request's, else the product name's, else leave-on.
 *
 * @example
 * cosmeticUse(undefined, 'Gel douche surgras').use // 'rinse_off'
 * cosmeticUse(undefined, 'Body lotion') // { use: 'leave_on', told: 'product_name' }
 * cosmeticUse(undefined, undefined) // { use: 'leave_on', told: 'default' }
 */
export function cosmeticUse(requested: CosmeticUse | undefined, productName: string | undefined): UseReading {
  if (requested !== undefined) return { use: requested, told: 'request' }
  const name = (productName ?? '').toLowerCase()
  if (name === '') return { use: 'leave_on', told: 'default' }
  if (LEAVE_ON_PATTERN.test(name)) return { use: 'leave_on', told: 'product_name' }
  if (RINSE_OFF_PATTERN.test(name) || RINSE_OFF_CJK_PATTERN.test(name)) return { use: 'rinse_off', told: 'product_name' }
  if (LEAVE_ON_WORD_PATTERN.test(name)) return { use: 'leave_on', told: 'product_name' }
  return { use: 'leave_on', told: 'default' }
}

/**
 * The uses a label is judged for: food; the cosmetic use; or both for a list that tells neither.
 *
 * @example
 * usesOf('ambiguous', { use: 'leave_on', told: 'default' }) // ['food', 'leave_on']
 */
export function usesOf(kind: ReportedKind, reading: UseReading): ProductUse[] {
  if (kind === 'food') return ['food']
  if (kind === 'cosmetic') return [reading.use]
  return ['food', reading.use]
}

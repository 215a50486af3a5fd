/**
 * @module
 * Words of processing written into a Chinese, Japanese or Korean name, with no space to find them by: the
 * processing taxonomy's CJK names (粉, 粉末, 가루, パウダー, …), and the common ones its 2022 snapshot lacks,
 * kept here by hand (skimmed, whole, powder, roasted, dried, concentrated, frozen).
 */
import { processingWords } from '../knowledge/index.ts'

/** A word written in kana, CJK ideographs or Hangul only. */
export const CJK_ONLY = /^[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+$/u

// Processing words the taxonomy has no Chinese, Japanese or Korean name for.
const SUPPLEMENT = [
  '脱脂', '탈지', '全脂', '분말', '烤', '炒', '焙煎', 'ロースト', '볶은', '구운', '乾燥', '干', '건조', '冻干', 'フリーズドライ',
  '浓缩', '濃縮', '농축', '冷冻', '冷凍', '냉동',
]

let affixes: readonly string[] | undefined

/**
 * The CJK processing words, longest first (so 粉末 is taken before 粉).
 *
 * @example
 * cjkProcessingWords().includes('粉') // true
 */
export function cjkProcessingWords(): readonly string[] {
  affixes ??= [...new Set([...processingWords.split('\n').filter((w) => CJK_ONLY.test(w)), ...SUPPLEMENT])]
    .sort((a, b) => b.length - a.length)
  return affixes
}

/**
 * @module
 * The label language, decided from evidence in the text first and the model's claim second: the
 * script cannot lie about Korean or Japanese, while a Latin label needs the model or its header.
 */
import type { LabelLanguage } from '../label-text/index.ts'

const NAMES: Readonly<Record<string, string>> = {
  english: 'en', french: 'fr', français: 'fr', spanish: 'es', español: 'es', german: 'de', deutsch: 'de',
  italian: 'it', italiano: 'it', portuguese: 'pt', português: 'pt', japanese: 'ja', korean: 'ko', chinese: 'zh',
}

const HANGUL = /[\uac00-\ud7af\u1100-\u11ff]/u
const KANA = /[\u3040-\u30ff]/u
const HAN = /[\u3400-\u9fff]/u

/** The model's language answer as an ISO 639-1 code, or null when it is not one. */
function claimedCode(claim: string): string | null {
  const value = claim.trim().toLowerCase()
  const named = NAMES[value]
  if (named) return named
  const code = /^([a-z]{2})(?:[-_][a-z0-9]+)?$/.exec(value)?.[1]
  return code ?? null
}

/**
 * Decides the label language from the transcribed text, the model's answer and the header found.
 *
 * @example
 * labelLanguage('원재료명: 설탕, 밀가루', 'en', 'ko') // 'ko' (the script wins over a wrong claim)
 * labelLanguage('Ingredientes: açúcar, leite', 'pt', 'es') // 'pt' (the header is shared; the model decides)
 */
export function labelLanguage(original: string, claim: string, headerLanguage: LabelLanguage | null): string | null {
  const claimed = claimedCode(claim)
  if (HANGUL.test(original)) return 'ko'
  if (KANA.test(original)) return 'ja'
  if (HAN.test(original)) return claimed === 'ja' ? 'ja' : 'zh'
  if (claimed !== null && !['ja', 'ko', 'zh'].includes(claimed)) return claimed
  return headerLanguage !== null && !['ja', 'ko', 'zh'].includes(headerLanguage) ? headerLanguage : null
}

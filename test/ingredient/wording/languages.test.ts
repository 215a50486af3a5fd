// The answer's language files (src/ingredient/wording/languages/<language>/): every template in all nine languages
// with the same slots and the same numbers, no English left in another language, and every sentence of the knowledge
// base's most frequent entries sayable in each language (a translation of the hand-written ones, a template for
// those built from facts), so no answer falls back for them.
import { describe, expect, it } from 'vitest'
import { parseLabel } from '../../../src/ingredient/analysis/index.ts'
import { getKnowledgeBase } from '../../../src/ingredient/knowledge/data.ts'
import { loadEmbeddedKnowledge, loadTemplatedSentences, type KnowledgeEntry } from '../../../src/ingredient/knowledge/index.ts'
import { LANGUAGES, type Language } from '../../../src/ingredient/profile.ts'
import { resolveIngredient, type ResolvedIngredient } from '../../../src/ingredient/resolve/index.ts'
import { loadWords } from '../../../src/ingredient/wording/index.ts'
import deEntries from '../../../src/ingredient/wording/languages/de/entries.json'
import de from '../../../src/ingredient/wording/languages/de/templates.json'
import en from '../../../src/ingredient/wording/languages/en/templates.json'
import esEntries from '../../../src/ingredient/wording/languages/es/entries.json'
import es from '../../../src/ingredient/wording/languages/es/templates.json'
import frEntries from '../../../src/ingredient/wording/languages/fr/entries.json'
import fr from '../../../src/ingredient/wording/languages/fr/templates.json'
import itEntries from '../../../src/ingredient/wording/languages/it/entries.json'
import it_ from '../../../src/ingredient/wording/languages/it/templates.json'
import jaEntries from '../../../src/ingredient/wording/languages/ja/entries.json'
import ja from '../../../src/ingredient/wording/languages/ja/templates.json'
import koEntries from '../../../src/ingredient/wording/languages/ko/entries.json'
import ko from '../../../src/ingredient/wording/languages/ko/templates.json'
import ptEntries from '../../../src/ingredient/wording/languages/pt/entries.json'
import pt from '../../../src/ingredient/wording/languages/pt/templates.json'
import zhEntries from '../../../src/ingredient/wording/languages/zh/entries.json'
import zh from '../../../src/ingredient/wording/languages/zh/templates.json'
import { LABELS } from '../eval/labels/index.ts'
import { OFF_CASES } from '../eval/off/cases.ts'
import { englishWords } from '../support/english-words.ts'

type Other = Exclude<Language, 'en'>
const TEMPLATES: Record<Other, unknown> = { fr, de, es, it: it_, pt, ja, zh, ko }
const ENTRIES: Record<Other, Record<string, string>> = {
  fr: frEntries, de: deEntries, es: esEntries, it: itEntries, pt: ptEntries, ja: jaEntries, zh: zhEntries, ko: koEntries,
}
const OTHERS = LANGUAGES.filter((l): l is Other => l !== 'en')

/** Every template as `section.key` → text. */
function flat(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (typeof inner === 'string') out[`${prefix}${key}`] = inner
    else flat(inner, `${prefix}${key}.`, out)
  }
  return out
}

const slotsOf = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort()
// Digit groups: "0.001 %" and "0,001 %" say the same number; "1169/2011" must stay as it is.
const numbersOf = (text: string): string[] => [...(text.match(/\d+/g) ?? [])].sort()
// Every number of the English is in the translation; a translation may add one ("7 August" is "8月7日", "per kg" "1 kg あたり").
function keepsNumbers(english: string, said: string): string[] {
  const left = numbersOf(said)
  return numbersOf(english).filter((n) => {
    const at = left.indexOf(n)
    if (at >= 0) left.splice(at, 1)
    return at < 0
  })
}
const ENGLISH = englishWords()

const english = flat(en)

describe('answer languages: the templates', () => {
  it.each(OTHERS)('%s has every English template, with the same slots and numbers, and no English left', (language) => {
    const other = flat(TEMPLATES[language])
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort())
    for (const [key, text] of Object.entries(english)) {
      const said = other[key] ?? ''
      if (text.trim() !== '') expect(said, `${language} ${key}`).not.toBe('')
      expect(slotsOf(said), `${language} ${key}: ${said}`).toEqual(slotsOf(text))
      expect(keepsNumbers(text, said), `${language} ${key}: ${said}`).toEqual([])
      expect(said.replace(/\{\w+\}/g, ''), `${language} ${key}`).not.toMatch(ENGLISH)
    }
  })

  it.each(OTHERS)('%s translates hand-written sentences with their numbers and legal references, and no English', (language) => {
    for (const [source, said] of Object.entries(ENTRIES[language])) {
      expect(said, source).not.toBe('')
      expect(keepsNumbers(source, said), `${language}: ${said}`).toEqual([])
      expect(said, `${language}: ${said}`).not.toMatch(ENGLISH)
    }
  })

  it('cites a regulation in each language\'s official form, with its number unchanged', async () => {
    const reference = 'Regulation (EC) No 1333/2008, Annex II (Union list, Regulation (EU) No 1129/2011)'
    expect((await loadWords('en')).legal(reference)).toBe(reference)
    expect((await loadWords('fr')).legal(reference)).toBe('règlement (CE) n° 1333/2008, annexe II, règlement (UE) n° 1129/2011')
    expect((await loadWords('de')).legal('Regulation (EU) 2019/649 amending Annex III to Regulation (EC) No 1925/2006')).toBe('Verordnung (EU) 2019/649, Anhang III, Verordnung (EG) Nr. 1925/2006')
    for (const language of OTHERS) {
      const said = (await loadWords(language)).legal('Regulation (EC) No 1223/2009, Annex III/190, Regulation (EC) 2013/344')
      expect(keepsNumbers('1223/2009 III/190 2013/344', said), `${language}: ${said}`).toEqual([])
    }
  })
})

// The entries met most often: those the labels of Open Food Facts' own test cases and of the evaluation set resolve to.
async function frequentEntries(count: number): Promise<KnowledgeEntry[]> {
  const knowledge = await loadEmbeddedKnowledge()
  const seen = new Map<KnowledgeEntry, number>()
  const visit = (node: ResolvedIngredient) => {
    for (const entry of [node.entry, node.aliasEntry]) if (entry) seen.set(entry, (seen.get(entry) ?? 0) + 1)
    for (const sub of node.subIngredients) visit(sub)
  }
  for (const { text } of [...OFF_CASES, ...LABELS]) for (const parsed of parseLabel(text, knowledge).ingredients) visit(resolveIngredient(parsed, knowledge))
  return [...seen].sort((a, b) => b[1] - a[1]).slice(0, count).map(([entry]) => entry)
}

const sentencesOf = (entry: KnowledgeEntry) => [...entry.concerns, ...(entry.byUse?.food?.concerns ?? []), ...(entry.byUse?.cosmetics?.concerns ?? []), ...(entry.alternatives ?? [])]

describe('answer languages: the knowledge base\'s own sentences', () => {
  it('says every sentence of the 500 most frequent entries in every language, without falling back', async () => {
    const entries = await frequentEntries(500)
    expect(entries.length).toBeGreaterThanOrEqual(500)
    for (const language of OTHERS) {
      const words = await loadWords(language)
      const unsaid = entries.flatMap(sentencesOf).filter((sentence) => words.entrySentence(sentence) === undefined)
      expect([...new Set(unsaid)], language).toEqual([])
    }
  })

  it('keeps no translation of a sentence the knowledge base no longer has, nor of one a template says', async () => {
    const templated = await loadTemplatedSentences()
    const handWritten = new Set(getKnowledgeBase().entries.flatMap(sentencesOf).filter((s) => !templated.has(s)))
    for (const language of OTHERS) {
      const stale = Object.keys(ENTRIES[language]).filter((source) => !handWritten.has(source))
      expect(stale, language).toEqual([])
    }
  })
})

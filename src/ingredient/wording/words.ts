/**
 * @module
 * The words of one language: the templates of languages/<language>/templates.json, the translations of the knowledge
 * base's hand-written sentences (languages/<language>/entries.json), and what the knowledge base's sentences built
 * from facts say as templates. English is imported with the worker; another language is imported on its first
 * answer, so an isolate that only answers in English loads none of them.
 */
import { type AllergenFamily, type DisplayNames, type KnowledgeEntry, loadDisplayNames, loadOnce, loadTemplatedSentences, type TemplatedSentence } from '../knowledge/index.ts'
import type { Language } from '../profile.ts'
import english from './languages/en/templates.json'

/** Every template and word of one language; each language file has exactly these keys (test/ingredient/wording/languages.test.ts). */
export type Templates = typeof english

// A template split at its slots: literal text at even places, slot names at odd ones ('a{x}b' -> ['a', 'x', 'b']).
const SLOT = /\{(\w+)\}/
// Templates come from the language files only, so this holds a few thousand at most; filled on every request.
const compiled = new Map<string, readonly string[]>()

/**
 * Fills a template's `{slots}`; a slot without a value stays as it is.
 *
 * @example
 * fill('{name} can clog pores.', { name: 'Coconut Oil' }) // 'Coconut Oil can clog pores.'
 */
export function fill(template: string, slots: Readonly<Record<string, string | number>>): string {
  let parts = compiled.get(template)
  if (parts === undefined) {
    parts = template.split(SLOT)
    compiled.set(template, parts)
  }
  let out = parts[0] ?? ''
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] ?? ''
    const value = slots[name]
    out += (value === undefined ? `{${name}}` : String(value)) + (parts[i + 1] ?? '')
  }
  return out
}

// The identifiers of a legal reference written in English: a regulation, a directive, an annex and its entry.
const LEGAL_PART = /Regulation \((EC|EU|EEC)\) (No )?(\d+\/\d+)|Directive (\d+\/\d+\/(?:EC|EEC|EU))|Annex(?:es)? ([IVX]+)(?:\/(\w+(?: [a-z]\b)?))?(?:, entry (\w+))?|entry (\w+)/g

/** The words of one language, and the sentences made with them. */
export class Words {
  readonly language: Language
  readonly t: Templates
  /** Hand-written sentences of the knowledge base, by their English text. */
  private readonly texts: Readonly<Record<string, string>>
  private readonly sentences: ReadonlyMap<string, TemplatedSentence>
  private readonly names: DisplayNames
  // References rendered so far: a few thousand distinct ones at most (the knowledge base's laws), said on every request.
  private readonly rendered = new Map<string, string>()

  constructor(
    language: Language, t: Templates, texts: Readonly<Record<string, string>>, sentences: ReadonlyMap<string, TemplatedSentence>, names: DisplayNames = {},
  ) {
    this.language = language
    this.t = t
    this.texts = texts
    this.sentences = sentences
    this.names = names
  }

  /**
   * The entry's common name in this language from the taxonomies, when they have one (none for English: the entry's
   * own name is English).
   *
   * @example
   * french.displayName(lecithins) // 'Lécithines'
   */
  displayName(entry: KnowledgeEntry | undefined): string | undefined {
    return entry === undefined ? undefined : this.names[entry.id]?.[this.language]
  }

  /**
   * A sentence of a knowledge entry (a concern, an alternative) in this language: its translation, or the template
   * its facts were written with; undefined when neither exists (the caller then says what it can from the facts).
   *
   * @example
   * french.entrySentence('Listed by the SCCS as a fragrance contact allergen (SCCS/1459/11).') // 'Répertorié par le CSSC …'
   */
  entrySentence(sentence: string): string | undefined {
    if (this.language === 'en') return sentence
    const own = this.texts[sentence]
    if (own !== undefined) return own
    if (sentence === english.notes.unspecifiedClass) return this.t.notes.unspecifiedClass
    const templated = this.sentences.get(sentence)
    if (templated === undefined) return undefined
    const [key, slots] = templated
    const template = (this.t.knowledge as Readonly<Record<string, string>>)[key]
    if (template === undefined) return undefined
    const { law, source } = slots
    return fill(template, {
      ...slots,
      ...(law !== undefined ? { law: this.legal(law) } : {}),
      ...(source !== undefined ? { source: this.t.words.allergenSources[source as Exclude<AllergenFamily, 'fragrance'>] ?? source } : {}),
    })
  }

  /**
   * A legal reference written in English, in the form the EU gives it in this language: the regulations, directives,
   * annexes and entries it names, with their numbers as they are. English references are returned unchanged.
   *
   * @example
   * french.legal('Regulation (EC) No 1333/2008, Annex II (Union list)') // 'règlement (CE) n° 1333/2008, annexe II'
   */
  legal(reference: string): string {
    if (this.language === 'en') return reference
    const known = this.rendered.get(reference)
    if (known !== undefined) return known
    const said = this.render(reference)
    this.rendered.set(reference, said)
    return said
  }

  private render(reference: string): string {
    const { law } = this.t
    const parts = new Set<string>()
    for (const m of reference.matchAll(LEGAL_PART)) {
      const [, kind, numbered, number, directive, annex, annexEntry, entryAfter, entry] = m
      if (number !== undefined) parts.add(fill(numbered ? law.regulation : law.regulationNumbered, { kind: law[kind as 'EC' | 'EU' | 'EEC'], number }))
      else if (directive !== undefined) parts.add(fill(law.directive, { number: directive }))
      else if (annex !== undefined) {
        const which = annexEntry ?? entryAfter
        parts.add(which === undefined ? fill(law.annex, { annex }) : fill(law.annexEntry, { annex, entry: which }))
      } else if (entry !== undefined) parts.add(fill(law.entry, { entry }))
    }
    return [...parts].join(this.t.lists.separator)
  }

  /** Text in this language's quotation marks. */
  quote(text: string): string {
    return fill(this.t.lists.quoted, { text })
  }

  /** "A", "A and B", "A, B and C". */
  and(names: readonly string[]): string {
    if (names.length <= 1) return names.join('')
    return fill(this.t.lists.pair, { first: names.slice(0, -1).join(this.t.lists.separator), last: names[names.length - 1] ?? '' })
  }

  /** The first `max` names, and how many more. */
  list(names: readonly string[], max = 5): string {
    const shown = names.slice(0, max).join(this.t.lists.separator)
    return names.length > max ? fill(this.t.lists.more, { shown, count: names.length - max }) : shown
  }

  /** "1 ingredient", "15 ingredients". */
  ingredients(count: number): string {
    return fill(count === 1 ? this.t.summary.ingredientsOne : this.t.summary.ingredientsOther, { count })
  }

  /**
   * A word or phrase in lower case where it continues a sentence; German nouns keep their capital.
   *
   * @example
   * french.inSentence('Absent de la liste') // 'absent de la liste'
   */
  inSentence(text: string, whole = false): string {
    if (this.language === 'de') return text
    return whole ? text.toLowerCase() : `${text.charAt(0).toLowerCase()}${text.slice(1)}`
  }

  /** The allergen family's name as used in a sentence. */
  family(family: AllergenFamily): string {
    return this.t.words.families[family]
  }
}

/** English, loaded with the worker. */
export const ENGLISH_WORDS = new Words('en', english, {}, new Map())

type LanguageFiles = readonly [{ default: unknown }, { default: unknown }]

// Each language's two files, imported on its first answer (the bundler keeps them out of start-up).
const FILES: Readonly<Record<Exclude<Language, 'en'>, () => Promise<LanguageFiles>>> = {
  fr: () => Promise.all([import('./languages/fr/templates.json'), import('./languages/fr/entries.json')]),
  de: () => Promise.all([import('./languages/de/templates.json'), import('./languages/de/entries.json')]),
  es: () => Promise.all([import('./languages/es/templates.json'), import('./languages/es/entries.json')]),
  it: () => Promise.all([import('./languages/it/templates.json'), import('./languages/it/entries.json')]),
  pt: () => Promise.all([import('./languages/pt/templates.json'), import('./languages/pt/entries.json')]),
  ja: () => Promise.all([import('./languages/ja/templates.json'), import('./languages/ja/entries.json')]),
  zh: () => Promise.all([import('./languages/zh/templates.json'), import('./languages/zh/entries.json')]),
  ko: () => Promise.all([import('./languages/ko/templates.json'), import('./languages/ko/entries.json')]),
}

// Each language's words, loaded once per isolate on its first answer.
const LOADERS = Object.fromEntries(
  (Object.keys(FILES) as Exclude<Language, 'en'>[]).map((language) => [
    language,
    loadOnce(() =>
      Promise.all([FILES[language](), loadTemplatedSentences(), loadDisplayNames()]).then(
        ([[templates, entries], sentences, names]) => new Words(language, templates.default as Templates, entries.default as Record<string, string>, sentences, names),
      ),
    ),
  ]),
) as Readonly<Record<Exclude<Language, 'en'>, () => Promise<Words>>>

/**
 * The words of a language, loaded once per isolate.
 *
 * @example
 * const words = await loadWords('fr')
 * words.t.summary.avoid // 'À éviter : {list}.'
 */
export function loadWords(language: Language = 'en'): Promise<Words> {
  return language === 'en' ? Promise.resolve(ENGLISH_WORDS) : LOADERS[language]()
}

/**
 * @module
 * Parses the output a document shows after a command (`# {"decision":"ALLOW",…,"latency_ms":…}`) into a
 * pattern. Written by hand: the shown outputs are JSON with gaps (`…`, `...`, `…16 cells…`, `"key":…`, a
 * bare `"key"` for "this field is there"), which no JSON, JSON5 or JSONPath parser accepts.
 */

/** What a shown output says about the real one. */
export type Pattern =
  | { kind: 'any' }
  | { kind: 'literal'; value: number | boolean | null }
  | { kind: 'string'; text: string }
  | { kind: 'object'; members: { key: string; value: Pattern | undefined }[] }
  | { kind: 'array'; items: Pattern[]; open: boolean }

/** The shown text ended before the value did: the caller adds the next comment line and tries again. */
export class IncompletePattern extends Error {}

/** The shown text is not a value at all. */
export class InvalidPattern extends Error {}

const ELLIPSIS = /^(?:…|\.\.\.)/

/**
 * Parses one value from the start of `text`; what follows it (a remark such as "locally (no model)") is
 * returned as `rest`.
 *
 * @example
 * parsePattern('{"status":"healthy",…} locally') // { pattern: {kind:'object',…}, rest: ' locally' }
 */
export function parsePattern(text: string): { pattern: Pattern; rest: string } {
  const parser = new Parser(text)
  const pattern = parser.value()
  return { pattern, rest: text.slice(parser.at) }
}

class Parser {
  at = 0
  private readonly text: string
  constructor(text: string) {
    this.text = text
  }

  value(): Pattern {
    this.space()
    const c = this.text[this.at]
    if (c === undefined) throw new IncompletePattern('the value is cut short')
    if (c === '{') return this.object()
    if (c === '[') return this.array()
    if (c === '"') return { kind: 'string', text: this.string() }
    if (this.gap()) return { kind: 'any' }
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(this.text.slice(this.at))
    if (literal) {
      this.at += literal[0].length
      return { kind: 'literal', value: JSON.parse(literal[0]) as number | boolean | null }
    }
    throw new InvalidPattern(`unexpected "${this.text.slice(this.at, this.at + 20)}"`)
  }

  private object(): Pattern {
    this.at++
    const members: { key: string; value: Pattern | undefined }[] = []
    for (;;) {
      this.space()
      if (this.eat('}')) return { kind: 'object', members }
      if (!this.gap()) {
        if (this.text[this.at] !== '"') this.fail('a key')
        const key = this.string()
        this.space()
        members.push({ key, value: this.eat(':') ? this.value() : undefined })
      }
      this.space()
      if (this.eat(',')) continue
      if (this.eat('}')) return { kind: 'object', members }
      this.fail('"," or "}"')
    }
  }

  private array(): Pattern {
    this.at++
    const items: Pattern[] = []
    let open = false
    for (;;) {
      this.space()
      if (this.eat(']')) return { kind: 'array', items, open }
      if (this.gap()) open = true
      else items.push(this.value())
      this.space()
      if (this.eat(',')) continue
      if (this.eat(']')) return { kind: 'array', items, open }
      this.fail('"," or "]"')
    }
  }

  // A gap is `…` or `...`, with any words up to the next delimiter: `…16 cells…`.
  private gap(): boolean {
    if (!ELLIPSIS.test(this.text.slice(this.at))) return false
    while (this.at < this.text.length && !',}]'.includes(this.text[this.at] as string)) this.at++
    if (this.at >= this.text.length) throw new IncompletePattern('the value is cut short')
    return true
  }

  private string(): string {
    const match = /^"(?:[^"\\]|\\.)*"/.exec(this.text.slice(this.at))
    if (!match) throw new IncompletePattern('a string is cut short')
    this.at += match[0].length
    return JSON.parse(match[0]) as string
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++
  }

  private eat(c: string): boolean {
    if (this.text[this.at] !== c) return false
    this.at++
    return true
  }

  private fail(wanted: string): never {
    if (this.at >= this.text.length) throw new IncompletePattern('the value is cut short')
    throw new InvalidPattern(`expected ${wanted} at "${this.text.slice(this.at, this.at + 20)}"`)
  }
}

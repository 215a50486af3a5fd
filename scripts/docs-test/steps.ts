/**
 * @module
 * Cuts a shell example into steps: one complete command each, with the output the document shows after it.
 * Bash itself (`bash -n`) says where a command ends, so quoted multi-line bodies and `\` continuations
 * need no shell grammar of our own. A shown output is a comment that starts with a JSON value or an HTTP
 * status, on the lines after the command or after it on its last line:
 *
 *     curl -s localhost:8788/health     # {"status":"healthy",…}
 *     curl -s localhost:8788/nowhere
 *     # 404 {"error":"not_found",…}
 *
 * Every other comment is prose and is ignored.
 */
import { spawnSync } from 'node:child_process'
import { IncompletePattern, parsePattern, type Pattern } from './pattern.ts'

/** What a step must answer: its HTTP status (2xx when not shown) and the value it shows, if any. */
export interface Expected {
  status: number | undefined
  pattern: Pattern | undefined
  text: string
}

export interface Step {
  /** Line in the document where the command starts. */
  line: number
  command: string
  expected: Expected | undefined
}

const OUTPUT = /^#\s*(?:(\d{3})(?=\s|$))?\s*(.*)$/
const STARTS_A_VALUE = /^["{[]/

/**
 * @example
 * shellSteps('curl -s localhost:8788/health   # {"status":"healthy",…}', 10)
 * // [{ line: 10, command: 'curl -s localhost:8788/health', expected: { status: undefined, pattern: {…}, text: '{"status":"healthy",…}' } }]
 */
export function shellSteps(code: string, firstLine: number): Step[] {
  const lines = code.split('\n')
  const steps: Step[] = []
  let pending: string[] = []
  let pendingLine = 0
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    const trimmed = line.trim()
    if (pending.length === 0) {
      if (trimmed === '') continue
      if (trimmed.startsWith('#')) {
        const last = steps.at(-1)
        const output = last && !last.expected ? readOutput(lines, i) : undefined
        if (output && last) {
          last.expected = output.expected
          i = output.lastLine
        }
        continue
      }
      pendingLine = firstLine + i
    }
    // A comment on the command's last line may be its shown output.
    const inline = splitInlineOutput([...pending, line].join('\n'))
    if (inline) {
      const output = readOutput([inline.comment, ...lines.slice(i + 1)], 0)
      if (output) {
        steps.push({ line: pendingLine, command: inline.command, expected: output.expected })
        pending = []
        i += output.lastLine
        continue
      }
    }
    pending.push(line)
    if (isComplete(pending.join('\n'))) {
      steps.push({ line: pendingLine, command: pending.join('\n'), expected: undefined })
      pending = []
    }
  }
  if (pending.length > 0) steps.push({ line: pendingLine, command: pending.join('\n'), expected: undefined })
  return steps
}

// Reads a shown output starting at lines[from], adding comment lines until the value is whole.
function readOutput(lines: string[], from: number): { expected: Expected; lastLine: number } | undefined {
  const first = OUTPUT.exec((lines[from] ?? '').trim())
  if (!first) return undefined
  const status = first[1] === undefined ? undefined : Number(first[1])
  let text = first[2] ?? ''
  if (!STARTS_A_VALUE.test(text)) return status === undefined ? undefined : { expected: { status, pattern: undefined, text }, lastLine: from }
  for (let last = from; ; ) {
    try {
      return { expected: { status, pattern: parsePattern(text).pattern, text }, lastLine: last }
    } catch (error) {
      const next = lines[last + 1]?.trim()
      if (!(error instanceof IncompletePattern) || !next?.startsWith('#')) return undefined
      last++
      text += ' ' + next.replace(/^#\s*/, '')
    }
  }
}

// `cmd   # {"a":1}`: the command before the ` # ` must be complete on its own.
function splitInlineOutput(text: string): { command: string; comment: string } | undefined {
  for (const match of text.matchAll(/\s#\s*(?:\d{3}\s+)?["{[]|\s#\s*\d{3}\s*$/g)) {
    const command = text.slice(0, match.index)
    if (command.trim() !== '' && isComplete(command)) return { command: command.trimEnd(), comment: text.slice(match.index).trim() }
  }
  return undefined
}

/** Whether bash reads `text` as whole commands (no open quote, bracket, heredoc or trailing `\` or `|`). */
export function isComplete(text: string): boolean {
  if (/(?:\\|\||&&)\s*$/.test(text)) return false
  return spawnSync('bash', ['-n'], { input: text, stdio: ['pipe', 'ignore', 'ignore'] }).status === 0
}

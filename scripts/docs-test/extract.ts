/**
 * @module
 * Finds the shell examples of a Markdown document (fenced blocks marked `sh`, `bash` or `shell`) with
 * `marked`'s lexer, and the `<!-- docs-test: skip (reason) -->` comment that may stand before one.
 */
import { Lexer, type Token } from 'marked'

/** One shell example, where it starts in its document, and why it is skipped, if it is. */
export interface ShellBlock {
  line: number
  code: string
  skip: string | undefined
}

const SHELL = new Set(['sh', 'bash', 'shell'])
const SKIP = /<!--\s*docs-test:\s*skip\b\s*(?:\((.*?)\))?\s*-->/

/**
 * @example
 * extractShellBlocks('<!-- docs-test: skip (needs a Cloudflare account) -->\n```sh\nnpx wrangler login\n```\n')
 * // [{ line: 2, code: 'npx wrangler login', skip: 'needs a Cloudflare account' }]
 */
export function extractShellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = []
  let pendingSkip: string | undefined
  let searchFrom = 0
  const visit = (tokens: Token[]): void => {
    for (const token of tokens) {
      const at = locate(markdown, token, searchFrom)
      if (token.type === 'code') {
        if (at >= 0) searchFrom = at + token.raw.length
        const lang = (token.lang ?? '').split(/\s/)[0] ?? ''
        if (SHELL.has(lang)) blocks.push({ line: lineOf(markdown, at) + 1, code: token.text, skip: pendingSkip })
        pendingSkip = undefined
        continue
      }
      const skip = token.type === 'html' ? SKIP.exec(token.raw) : null
      if (skip) {
        pendingSkip = skip[1] ?? 'no reason given'
        if (at >= 0) searchFrom = at + token.raw.length
        continue
      }
      if (token.type !== 'space') pendingSkip = undefined
      const children = 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : 'items' in token && Array.isArray(token.items) ? token.items : undefined
      if (children) visit(children as Token[])
    }
  }
  visit(new Lexer().lex(markdown))
  return blocks
}

// A block inside a list is indented in the source, so its raw text is looked up by its first line.
function locate(markdown: string, token: Token, from: number): number {
  const at = markdown.indexOf(token.raw, from)
  if (at >= 0 || token.type !== 'code') return at
  const first = markdown.indexOf(token.text.split('\n')[0] ?? '', from)
  return first < 0 ? first : markdown.lastIndexOf('\n', first - 1) - 1
}

// 1-based line of a character offset (the fence's own line; the code starts on the next).
function lineOf(text: string, offset: number): number {
  return offset < 0 ? 0 : text.slice(0, offset).split('\n').length
}

/**
 * @module
 * A message at the top of a page after an action (role=status, read out by screen readers), a warning about
 * what is shown, or an error.
 */
import type { Child } from 'hono/jsx'

const ICONS = { ok: '✓ ', warning: '⚠ ', error: '✕ ' } as const

export function Notice({ tone, children }: { tone: keyof typeof ICONS; children?: Child }) {
  return (
    <div class={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span aria-hidden="true">{ICONS[tone]}</span>
      {children}
    </div>
  )
}

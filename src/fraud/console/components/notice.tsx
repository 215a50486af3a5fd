/**
 * @module
 * A message at the top of a page after an action (role=status, read out by screen readers), or an error.
 */
import type { Child } from 'hono/jsx'

export function Notice({ tone, children }: { tone: 'ok' | 'error'; children?: Child }) {
  return (
    <div class={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span aria-hidden="true">{tone === 'ok' ? '✓ ' : '✕ '}</span>
      {children}
    </div>
  )
}

/**
 * @module
 * The shadow report: which policy is in shadow, the forms that set and clear it, and live × shadow decisions
 * over a chosen window.
 */
import type { ShadowReport } from '../../operator/shadow/report.ts'
import type { ShadowPolicy } from '../../operator/shadow/store.ts'
import { Time } from './time.tsx'
import { DecisionMatrix } from './decision-matrix.tsx'
import { TenantField } from './tenant-field.tsx'
import { consolePath } from '../paths.ts'

export const SHADOW_WINDOWS = { '1h': 3600, '24h': 86_400, '7d': 7 * 86_400 } as const
export type ShadowWindow = keyof typeof SHADOW_WINDOWS

/** Put the staged policy (when valid) or a stored version in shadow; clear it. POST forms, like the API's. */
function ShadowForms({ tenant, shadow, versions, stagedValid }: { tenant: string; shadow: ShadowPolicy | null; versions: string[]; stagedValid: boolean }) {
  const targets = [...(stagedValid ? [{ value: 'staged', label: 'the staged policy' }] : []), ...versions.map((v) => ({ value: `version:${v}`, label: v }))]
  return (
    <div class="actions">
      <form class="filters" method="post" action={consolePath(tenant, '/console/policies/shadow')}>
        <div class="field">
          <label for="shadow-target">Policy to shadow</label>
          <select id="shadow-target" name="target">
            {targets.map((t) => (
              <option value={t.value} selected={shadow !== null && t.value === `version:${shadow.policy.version}`}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">{shadow ? 'Replace the shadow' : 'Put in shadow'}</button>
      </form>
      {shadow && (
        <form method="post" action={consolePath(tenant, '/console/policies/shadow/clear')}>
          <button type="submit" class="secondary">
            Clear the shadow
          </button>
        </form>
      )}
    </div>
  )
}

export interface ShadowSectionProps {
  tenant: string
  shadow: ShadowPolicy | null
  report: ShadowReport | null
  window: ShadowWindow
  versions: string[]
  stagedValid: boolean
  error?: string
}

export function ShadowSection({ tenant, shadow, report, window, versions, stagedValid, error }: ShadowSectionProps) {
  const cell = (live: string, s: string) => report?.confusion.find((c) => c.live === live && c.shadow === s)?.count ?? 0
  return (
    <section id="shadow" aria-labelledby="h-shadow">
      <h2 id="h-shadow">Shadow report</h2>
      {shadow ? (
        <p>
          <code>{shadow.policy.version}</code> ({shadow.source === 'staged' ? 'the staged policy' : 'a stored version'}) scores live decisions in shadow since{' '}
          <Time iso={shadow.since} />. Its decisions are stored, never answered.
        </p>
      ) : (
        <p class="empty">No policy is in shadow. Put the staged policy or a stored version in shadow to see how it would decide live traffic before you reload it.</p>
      )}
      {error && <p class="notice notice-error" role="alert">{error}</p>}
      <ShadowForms tenant={tenant} shadow={shadow} versions={versions} stagedValid={stagedValid} />
      <form class="filters" method="get" action="/console/policies#shadow">
        <TenantField tenant={tenant} />
        <div class="field">
          <label for="shadow-window">Window</label>
          <select id="shadow-window" name="shadow_window">
            {Object.keys(SHADOW_WINDOWS).map((w) => (
              <option value={w} selected={w === window}>
                last {w}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" class="secondary">
          Show
        </button>
      </form>
      {report && (
        <>
          <p>
            {report.decisions} decisions in the last {window}; the policies agree on{' '}
            <strong>{report.agreement === null ? '—' : `${(report.agreement * 100).toFixed(1)} %`}</strong>.
            {report.truncated && ' Only the newest rows were counted.'}
          </p>
          <div class="table-wrap">
            <DecisionMatrix caption="Live decision (rows) × shadow decision (columns)" corner="Live ↓ / Shadow →" cell={cell} />
          </div>
        </>
      )}
    </section>
  )
}

/**
 * @module
 * The policy versions: the active one with its thresholds, the staged one (or why it is invalid), and the
 * earlier ones, each with a diff against the active one and a roll-back behind a confirmation page.
 */
import type { PolicyOverview } from '../../policy/versions'
import { Time } from './time'
import { TableHead } from './table-head'
import { Field } from './fields'
import { Section } from './section'
import { consolePath } from '../paths'

export function PolicyVersions({ tenant, overview }: { tenant: string; overview: PolicyOverview }) {
  const confirmHref = (action: 'reload' | 'rollback', version?: string) => consolePath(tenant, '/console/policies/confirm', { action, version })
  const diffHref = (from: string, to: string) => consolePath(tenant, '/console/policies', { from, to }, 'diff')
  const { active, staged, versions } = overview
  const activeVersion = active.policy.version
  return (
    <>
      <div class="grid">
        <Section id="active" title="Active policy" card>
          <dl class="fields">
            <Field term="Version"><code>{activeVersion}</code> <span class="badge decision-allow">✓ active</span></Field>
            <Field term="Since">{active.loaded_at ? <Time iso={active.loaded_at} /> : '—'}</Field>
            <Field term="Source">{active.source === 'kv' ? 'loaded by an operator' : 'bundled default'}</Field>
            <Field term="Thresholds">friction {active.policy.thresholds.friction}, review {active.policy.thresholds.review}, block {active.policy.thresholds.block}</Field>
            <Field term="Rules">{active.policy.rules.length}</Field>
          </dl>
        </Section>
        <Section id="staged" title="Staged policy" card>
          {staged === null && (
            <p class="muted">
              Nothing is staged. Stage a policy with <code>npm run policy:stage -- path/to/policy.json</code>, then backtest it below before you reload.
            </p>
          )}
          {staged?.ok === true && (
            <>
              <p>
                <code>{staged.policy.version}</code> is staged and valid.
              </p>
              <p class="actions">
                <a class="button-link secondary" href={diffHref(activeVersion, 'staged')}>
                  Diff with active
                </a>
                <a class="button-link" href={confirmHref('reload')}>
                  Reload: make it active…
                </a>
              </p>
            </>
          )}
          {staged?.ok === false && (
            <>
              <p>
                <span class="badge decision-block">✕ invalid</span> The staged document would be refused by a reload:
              </p>
              <ul>
                {staged.problems.slice(0, 10).map((p) => (
                  <li>
                    <code>{p.path}</code>: {p.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>
      </div>
      <Section id="versions" title="All versions">
        <div class="table-wrap">
          <table>
            <TableHead columns={['Version', 'State', 'Actions']} />
            <tbody>
              {versions.map((version) => (
                <tr>
                  <td>
                    <code>{version}</code>
                  </td>
                  <td>{version === activeVersion ? <span class="badge decision-allow">✓ active</span> : <span class="muted">earlier</span>}</td>
                  <td>
                    {version === activeVersion ? (
                      <span class="muted">—</span>
                    ) : (
                      <span class="actions">
                        <a href={diffHref(version, activeVersion)}>Diff with active</a>
                        <a href={confirmHref('rollback', version)}>Roll back to it…</a>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  )
}

/**
 * @module
 * The policy versions: the active one with its thresholds, the staged one (or why it is invalid) with the forms
 * that stage and unstage a document (as PUT and DELETE /policy/staged do), and every version with when and by whom
 * it was activated, each with a diff against the active one and a roll-back behind a confirmation page.
 */
import type { PolicyOverview, VersionEntry } from '../../policy/versions.ts'
import { Notice } from './notice.tsx'
import { Time } from './time.tsx'
import { TableHead } from './table-head.tsx'
import { Field } from './fields.tsx'
import { Section } from './section.tsx'
import { consolePath } from '../paths.ts'

/** A textarea to paste a policy into, posted to the stage. */
function StageForm({ tenant }: { tenant: string }) {
  return (
    <form method="post" action={consolePath(tenant, '/console/policies/stage', {}, 'staged')}>
      <div class="field">
        <label for="stage-policy">Stage a policy (JSON)</label>
        <textarea id="stage-policy" name="policy" class="code" rows={6} required aria-describedby="stage-help"></textarea>
        <p id="stage-help" class="help">
          Validated as a reload validates it; a version already used for other content, or a copy of the active policy, is refused.
        </p>
      </div>
      <button type="submit" class="secondary">
        Stage
      </button>
    </form>
  )
}

export interface PolicyVersionsProps {
  tenant: string
  overview: PolicyOverview
  /** Each version's hash, activation time and principal (GET /policy/versions); by version string. */
  entries?: VersionEntry[]
  stageError?: string
}

export function PolicyVersions({ tenant, overview, entries = [], stageError }: PolicyVersionsProps) {
  const entryOf = new Map(entries.map((e) => [e.version, e]))
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
          {stageError && <Notice tone="error">{stageError}</Notice>}
          {staged === null && (
            <p class="muted">
              Nothing is staged. Stage a policy below (or with <code>npm run policy:stage -- path/to/policy.json</code>, or <code>PUT /policy/staged</code>), then backtest it before you reload.
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
          {staged !== null && (
            <form method="post" action={consolePath(tenant, '/console/policies/unstage', {}, 'staged')}>
              <button type="submit" class="secondary">
                Remove the stage
              </button>
            </form>
          )}
          <StageForm tenant={tenant} />
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
            <TableHead columns={['Version', 'State', 'Activated', 'By', 'Actions']} />
            <tbody>
              {versions.map((version) => (
                <tr>
                  <td>
                    <code>{version}</code>
                  </td>
                  <td>{version === activeVersion ? <span class="badge decision-allow">✓ active</span> : <span class="muted">earlier</span>}</td>
                  <td>{entryOf.get(version)?.activated_at ? <Time iso={entryOf.get(version)!.activated_at!} /> : <span class="muted">—</span>}</td>
                  <td>{entryOf.get(version)?.activated_by ?? <span class="muted">not recorded</span>}</td>
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

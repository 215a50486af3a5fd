/**
 * @module
 * The confirmation step before a reload or a roll-back: what will change, and one button that does it.
 */
import { Layout, type Viewer } from '../components/layout.tsx'
import { consolePath } from '../paths.ts'
import { DiffTable } from '../components/policy-diff.tsx'
import type { PolicyChange } from '../../policy/diff.ts'

export interface ConfirmPageProps {
  viewer: Viewer
  action: 'reload' | 'rollback'
  activeVersion: string
  targetVersion: string
  changes: PolicyChange[]
}

export function ConfirmPage({ viewer, action, activeVersion, targetVersion, changes }: ConfirmPageProps) {
  const verb = action === 'reload' ? 'Reload' : 'Roll back'
  return (
    <Layout title={`${verb}: confirm`} section="policies" viewer={viewer}>
      <div class="card confirm">
        <p>
          {action === 'reload' ? 'Make the staged policy' : 'Make the earlier version'} <code>{targetVersion}</code> active in place of <code>{activeVersion}</code>?
          Every decision from now on uses it; <code>{activeVersion}</code> stays in the history for a roll-back.
        </p>
        <DiffTable from={activeVersion} to={targetVersion} changes={changes} />
        <form method="post" action={consolePath(viewer.tenant, `/console/policies/${action}`)} class="actions">
          {action === 'rollback' && <input type="hidden" name="version" value={targetVersion} />}
          <button type="submit" class="danger">
            <span aria-hidden="true">⚠ </span>
            {verb} to {targetVersion}
          </button>
          <a class="button-link secondary" href={consolePath(viewer.tenant, '/console/policies')}>
            Cancel
          </a>
        </form>
      </div>
    </Layout>
  )
}

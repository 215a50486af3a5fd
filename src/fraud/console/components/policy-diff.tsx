/**
 * @module
 * A diff of two policy versions as a table of changed settings (a GET form chooses the two versions).
 */
import type { PolicyChange } from '../../policy/diff.ts'
import { TableHead } from './table-head.tsx'
import { SelectField } from './fields.tsx'
import { TenantField } from './tenant-field.tsx'

const KIND_TEXT: Record<PolicyChange['kind'], string> = { added: '+ added', removed: '− removed', changed: '~ changed' }

export function DiffTable({ from, to, changes }: { from: string; to: string; changes: PolicyChange[] }) {
  if (changes.length === 0) {
    return (
      <p class="empty">
        <code>{from}</code> and <code>{to}</code> have the same settings.
      </p>
    )
  }
  return (
    <div class="table-wrap">
      <table class="diff">
        <caption>
          From <code>{from}</code> to <code>{to}</code>: {changes.length} change{changes.length === 1 ? '' : 's'}
        </caption>
        <TableHead columns={['Setting', 'Change', 'Before', 'After']} />
        <tbody>
          {changes.map((change) => (
            <tr>
              <td>
                <code>{change.path}</code>
              </td>
              <td class={`change-${change.kind}`}>{KIND_TEXT[change.kind]}</td>
              <td>{change.before === undefined ? <span class="muted">—</span> : <code class="before">{change.before}</code>}</td>
              <td>{change.after === undefined ? <span class="muted">—</span> : <code class="after">{change.after}</code>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function DiffForm({ tenant, versions, stagedValid, from, to }: { tenant: string; versions: string[]; stagedValid: boolean; from?: string; to?: string }) {
  // "staged" only when something valid is staged: a choice that can only fail is no choice.
  const choices = stagedValid ? ['staged', ...versions] : versions
  return (
    <form class="filters" method="get" action="/console/policies#diff">
      <TenantField tenant={tenant} />
      <SelectField id="diff-from" name="from" label="From" options={choices} selected={from} />
      <SelectField id="diff-to" name="to" label="To" options={choices} selected={to} />
      <button type="submit">Show diff</button>
    </form>
  )
}

/**
 * @module
 * The live lists page: the tenant's block and allow items and snoozes with a button to remove each, forms to add
 * an item or a snooze, and the latest changes with their authors. The same services as /lists and /rules/…/snoozes.
 */
import { LIVE_LIST_FIELDS, LIVE_LISTS } from '../../model/live-list.ts'
import type { AuditEntry } from '../../operator/lists/audit.ts'
import type { ListItem } from '../../operator/lists/items.ts'
import type { RuleSnooze } from '../../operator/lists/snoozes.ts'
import { SelectField } from '../components/fields.tsx'
import { Layout, type Viewer } from '../components/layout.tsx'
import { Notice } from '../components/notice.tsx'
import { Section } from '../components/section.tsx'
import { TableHead } from '../components/table-head.tsx'
import { Time } from '../components/time.tsx'
import { consolePath } from '../paths.ts'

export interface ListsPageProps {
  viewer: Viewer
  items: ListItem[]
  snoozes: RuleSnooze[]
  audit: AuditEntry[]
  ruleIds: string[]
  notice?: string
  error?: string
}

/** What is listed: an ip_range shows its CIDR; every other value is kept only as a keyed hash. */
const valueText = (cidr: string | null) => cidr ?? <span class="muted">hashed</span>

function Expiry({ iso, active }: { iso: string | null; active: boolean }) {
  if (iso === null) return <span class="muted">never</span>
  return active ? <Time iso={iso} /> : <span class="muted">expired <Time iso={iso} /></span>
}

function RemoveButton({ action, hidden, label }: { action: string; hidden: Record<string, string>; label: string }) {
  return (
    <form method="post" action={action} class="actions">
      {Object.entries(hidden).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <input type="text" name="reason" maxlength={500} placeholder="reason (optional)" aria-label={`Reason: ${label}`} />
      <button type="submit" class="danger" aria-label={label}>
        Remove
      </button>
    </form>
  )
}

function ItemsTable({ tenant, items }: { tenant: string; items: ListItem[] }) {
  if (items.length === 0) return <p class="empty">No live list item.</p>
  return (
    <div class="table-wrap">
      <table class="live-items">
        <caption class="visually-hidden">Live list items, oldest first</caption>
        <TableHead columns={['List', 'Field', 'Value', 'Expires', 'Reason', 'Added by', '']} />
        <tbody>
          {items.map((item) => (
            <tr data-item-id={item.id}>
              <td data-label="List">{item.list}</td>
              <td data-label="Field">{item.field}</td>
              <td data-label="Value">{valueText(item.cidr)}</td>
              <td data-label="Expires">
                <Expiry iso={item.expires_at} active={item.active} />
              </td>
              <td data-label="Reason">{item.reason}</td>
              <td data-label="Added by">{item.created_by}</td>
              <td>
                <RemoveButton action={consolePath(tenant, `/console/lists/items/${item.id}/delete`)} hidden={{ list: item.list }} label={`Remove ${item.id}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function SnoozesTable({ tenant, snoozes }: { tenant: string; snoozes: RuleSnooze[] }) {
  if (snoozes.length === 0) return <p class="empty">No snooze.</p>
  return (
    <div class="table-wrap">
      <table class="snoozes">
        <caption class="visually-hidden">Snoozes, oldest first</caption>
        <TableHead columns={['Rule', 'Field', 'Value', 'Until', 'Reason', 'Added by', '']} />
        <tbody>
          {snoozes.map((snooze) => (
            <tr data-snooze-id={snooze.id}>
              <td data-label="Rule">
                <code>{snooze.rule_id}</code>
              </td>
              <td data-label="Field">{snooze.field}</td>
              <td data-label="Value">{valueText(snooze.cidr)}</td>
              <td data-label="Until">
                <Expiry iso={snooze.expires_at} active={snooze.active} />
              </td>
              <td data-label="Reason">{snooze.reason}</td>
              <td data-label="Added by">{snooze.created_by}</td>
              <td>
                <RemoveButton action={consolePath(tenant, `/console/lists/snoozes/${snooze.id}/delete`)} hidden={{ rule_id: snooze.rule_id }} label={`Remove ${snooze.id}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ValueFields({ prefix, expiryRequired }: { prefix: string; expiryRequired: boolean }) {
  return (
    <>
      <SelectField id={`${prefix}-field`} name="field" label="Field" options={LIVE_LIST_FIELDS} />
      <div class="field">
        <label for={`${prefix}-value`}>Value</label>
        <input id={`${prefix}-value`} name="value" type="text" required maxlength={256} autocomplete="off" />
      </div>
      <div class="field">
        <label for={`${prefix}-expires`}>{expiryRequired ? 'Until (UTC)' : 'Expires (UTC, empty: never)'}</label>
        <input id={`${prefix}-expires`} name="expires_at" type="datetime-local" required={expiryRequired} />
      </div>
      <div class="field">
        <label for={`${prefix}-reason`}>Reason</label>
        <input id={`${prefix}-reason`} name="reason" type="text" required maxlength={500} />
      </div>
    </>
  )
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p class="empty">No change yet.</p>
  return (
    <div class="table-wrap">
      <table class="list-audit">
        <caption class="visually-hidden">Latest changes, newest first</caption>
        <TableHead columns={['When', 'Who', 'Change', 'Of', 'Field', 'Reason']} />
        <tbody>
          {entries.map((entry) => (
            <tr>
              <td data-label="When">
                <Time iso={entry.at} />
              </td>
              <td data-label="Who">{entry.actor}</td>
              <td data-label="Change">{entry.action}</td>
              <td data-label="Of">
                {entry.list ?? <code>{entry.rule_id}</code>} <span class="muted">{entry.subject_id}</span>
              </td>
              <td data-label="Field">
                {entry.field}
                {entry.cidr ? ` ${entry.cidr}` : ''}
              </td>
              <td data-label="Reason">{entry.reason ?? <span class="muted">none given</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function ListsPage({ viewer, items, snoozes, audit, ruleIds, notice, error }: ListsPageProps) {
  const { tenant } = viewer
  return (
    <Layout title="Live lists" section="lists" viewer={viewer}>
      <p class="lede">
        Cards, subscribers, phones, devices, IMEIs, addresses and ranges blocked or allowed now, and rules snoozed for one of them. A change acts on
        the next decision, without a policy reload; values are kept as keyed hashes, so only ranges show.
      </p>
      {notice && <Notice tone="ok">{notice}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <Section id="items" title="Block and allow lists">
        <ItemsTable tenant={tenant} items={items} />
        <form method="post" action={consolePath(tenant, '/console/lists/items')} class="card filters" aria-label="Add a list item">
          <SelectField id="item-list" name="list" label="List" options={LIVE_LISTS} selected="block" />
          <ValueFields prefix="item" expiryRequired={false} />
          <button type="submit">Add</button>
        </form>
      </Section>
      <Section id="snoozes" title="Snoozes">
        <SnoozesTable tenant={tenant} snoozes={snoozes} />
        <form method="post" action={consolePath(tenant, '/console/lists/snoozes')} class="card filters" aria-label="Snooze a rule">
          <SelectField id="snooze-rule" name="rule_id" label="Rule" options={ruleIds} />
          <ValueFields prefix="snooze" expiryRequired={true} />
          <button type="submit">Snooze</button>
        </form>
      </Section>
      <Section id="audit" title="Latest changes">
        <AuditTable entries={audit} />
      </Section>
    </Layout>
  )
}

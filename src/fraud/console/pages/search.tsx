/**
 * @module
 * The search page: find a tenant's decisions by transaction, subscriber, phone, card or device (a GET form, so
 * it works without JavaScript); each result links to its decision page. The same service as GET /decisions.
 */
import type { SearchableIdentifier } from '../../evidence/hashing.ts'
import { SEARCHABLE_IDENTIFIERS } from '../../evidence/hashing.ts'
import type { SearchPage as Found } from '../../operator/search/find-decisions.ts'
import { DecisionBadge } from '../components/decision-badge.tsx'
import { Layout, type Viewer } from '../components/layout.tsx'
import { Notice } from '../components/notice.tsx'
import { SignalCodes } from '../components/signals.tsx'
import { TableHead } from '../components/table-head.tsx'
import { TenantField } from '../components/tenant-field.tsx'
import { Time } from '../components/time.tsx'
import { consolePath } from '../paths.ts'
import { OlderPageLink } from '../components/older-page-link.tsx'

const FIELD_LABEL: Record<SearchableIdentifier, string> = {
  transaction_id: 'Transaction id',
  user_id: 'Subscriber (user_id)',
  phone_number: 'Phone number',
  card_token: 'Card token',
  device_fingerprint: 'Device fingerprint',
}

export interface SearchPageProps {
  viewer: Viewer
  field: SearchableIdentifier
  value: string
  found: Found | null
  error?: string
}

function SearchForm({ tenant, field, value }: { tenant: string; field: SearchableIdentifier; value: string }) {
  return (
    <form class="filters" method="get" action="/console/search" role="search" aria-label="Find decisions">
      <TenantField tenant={tenant} />
      <div class="field">
        <label for="field">Find by</label>
        <select id="field" name="field">
          {SEARCHABLE_IDENTIFIERS.map((f) => (
            <option value={f} selected={f === field}>
              {FIELD_LABEL[f]}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="value">Value</label>
        <input id="value" name="value" type="search" value={value} required maxlength={255} autocomplete="off" />
      </div>
      <button type="submit">Search</button>
    </form>
  )
}

function Results({ tenant, field, value, found }: { tenant: string; field: SearchableIdentifier; value: string; found: Found }) {
  const next = found.next_cursor === null ? null : consolePath(tenant, '/console/search', { field, value, cursor: found.next_cursor })
  return (
    <>
      {found.decisions.length === 0 ? (
        <div class="empty">
          <p>
            <strong>No decision found.</strong>
          </p>
        </div>
      ) : (
        <div class="table-wrap">
          <table class="search-results">
            <caption class="visually-hidden">Decisions found, newest first</caption>
            <TableHead columns={['Decision', 'Transaction', 'Time', 'Top signals']} />
            <tbody>
              {found.decisions.map((d) => (
                <tr data-evidence-id={d.evidence_id}>
                  <td data-label="Decision">{d.decision ? <DecisionBadge decision={d.decision} /> : <span class="muted">record gone</span>}</td>
                  <td data-label="Transaction">
                    <a href={consolePath(tenant, `/console/decisions/${d.evidence_id}`)}>{d.transaction_id}</a>
                  </td>
                  <td data-label="Time">
                    <Time iso={d.created_at} />
                  </td>
                  <td data-label="Top signals">
                    <SignalCodes signals={d.top_signals} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <OlderPageLink href={next} label="Older decisions" />
      <p class="muted small">
        {found.retention.note}
      </p>
    </>
  )
}

export function SearchPage({ viewer, field, value, found, error }: SearchPageProps) {
  return (
    <Layout title="Find decisions" section="search" viewer={viewer}>
      <p class="lede">Find the decision a customer calls about by its transaction, subscriber, phone, card or device.</p>
      <SearchForm tenant={viewer.tenant} field={field} value={value} />
      {error && <Notice tone="error">{error}</Notice>}
      {found && <Results tenant={viewer.tenant} field={field} value={value} found={found} />}
    </Layout>
  )
}

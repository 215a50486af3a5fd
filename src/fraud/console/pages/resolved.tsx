/**
 * @module
 * The resolved reviews page: newest first, filterable by resolution and by analyst (a GET form), each linked to
 * its decision page. The same store as GET /reviews?status=resolved.
 */
import { RESOLUTIONS, type Resolution } from '../../db/schema.ts'
import type { ReviewItem } from '../../operator/reviews/store.ts'
import { SelectField } from '../components/fields.tsx'
import { Layout, type Viewer } from '../components/layout.tsx'
import { SignalCodes } from '../components/signals.tsx'
import { TableHead } from '../components/table-head.tsx'
import { TenantField } from '../components/tenant-field.tsx'
import { Time } from '../components/time.tsx'
import { consolePath } from '../paths.ts'
import { OlderPageLink } from '../components/older-page-link.tsx'

export interface ResolvedFilter {
  resolution?: Resolution
  analyst?: string
}

export interface ResolvedPageProps {
  viewer: Viewer
  items: ReviewItem[]
  nextCursor: string | null
  filter: ResolvedFilter
}

const RESOLUTION_TEXT: Record<Resolution, string> = { approve: '✓ approved', decline: '✕ declined' }

function Filters({ tenant, filter }: { tenant: string; filter: ResolvedFilter }) {
  return (
    <form class="filters" method="get" action="/console/resolved" role="search" aria-label="Filter resolved reviews">
      <TenantField tenant={tenant} />
      <SelectField id="resolution" label="Resolution" any="Any" options={RESOLUTIONS} selected={filter.resolution} />
      <div class="field">
        <label for="analyst">Analyst</label>
        <input id="analyst" name="analyst" type="text" value={filter.analyst ?? ''} maxlength={128} autocomplete="off" />
      </div>
      <button type="submit">Filter</button>
      {(filter.resolution || filter.analyst) && (
        <a class="button-link secondary" href={consolePath(tenant, '/console/resolved')}>
          Clear filters
        </a>
      )}
    </form>
  )
}

export function ResolvedPage({ viewer, items, nextCursor, filter }: ResolvedPageProps) {
  const { tenant } = viewer
  const next = nextCursor === null ? null : consolePath(tenant, '/console/resolved', { resolution: filter.resolution, analyst: filter.analyst, after: nextCursor })
  return (
    <Layout title="Resolved reviews" section="resolved" viewer={viewer}>
      <p class="lede">Reviews already worked, newest first, with who resolved them and how.</p>
      <Filters tenant={tenant} filter={filter} />
      {items.length === 0 ? (
        <div class="empty">
          <p>
            <strong>{filter.resolution || filter.analyst ? 'No resolved review matches these filters.' : 'No review has been resolved yet.'}</strong>
          </p>
        </div>
      ) : (
        <div class="table-wrap">
          <table class="resolved">
            <caption class="visually-hidden">Resolved reviews, newest first</caption>
            <TableHead columns={['Review', 'Resolution', 'Analyst', 'Resolved', 'Top signals']} />
            <tbody>
              {items.map((r) => (
                <tr data-evidence-id={r.evidence_id}>
                  <td data-label="Review">
                    <a href={consolePath(tenant, `/console/decisions/${r.evidence_id}`)}>{r.transaction_id}</a>
                  </td>
                  <td data-label="Resolution">
                    {r.resolution ? <span class={`badge ${r.resolution === 'decline' ? 'outcome-bad' : 'outcome-good'}`}>{RESOLUTION_TEXT[r.resolution]}</span> : '—'}
                  </td>
                  <td data-label="Analyst">{r.resolved_by ?? <span class="muted">not recorded</span>}</td>
                  <td data-label="Resolved">{r.resolved_at ? <Time iso={r.resolved_at} /> : '—'}</td>
                  <td data-label="Top signals">
                    <SignalCodes signals={r.top_signals} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <OlderPageLink href={next} label="Older reviews" />
    </Layout>
  )
}

/**
 * @module
 * The review queue page: open reviews, oldest first, filterable by event type and by signal (a GET form,
 * so it works without JavaScript), with an empty state that says what to do.
 */
import { EVENT_SUBTYPES } from '../../model/request.ts'
import type { ReviewItem } from '../../operator/reviews/store.ts'
import { Layout, type Viewer } from '../components/layout.tsx'
import { Money } from '../components/money.tsx'
import { Notice } from '../components/notice.tsx'
import { SignalCodes } from '../components/signals.tsx'
import { ageText, Time } from '../components/time.tsx'
import type { QueueFilter } from '../../operator/reviews/queue.ts'
import { TableHead } from '../components/table-head.tsx'
import { SelectField } from '../components/fields.tsx'
import { TenantField } from '../components/tenant-field.tsx'
import { consolePath } from '../paths.ts'

export interface QueuePageProps {
  viewer: Viewer
  items: ReviewItem[]
  nextCursor: string | null
  filter: QueueFilter
  signalCodes: string[]
  resolved?: { evidenceId: string; resolution: string }
}

function nextHref(tenant: string, filter: QueueFilter, cursor: string): string {
  return consolePath(tenant, '/console', { event_type: filter.eventType || undefined, signal: filter.signal || undefined, after: cursor })
}

function Filters({ tenant, filter, signalCodes }: { tenant: string; filter: QueueFilter; signalCodes: string[] }) {
  const codes = filter.signal && !signalCodes.includes(filter.signal) ? [filter.signal, ...signalCodes] : signalCodes
  return (
    <form class="filters" method="get" action="/console" role="search" aria-label="Filter the queue">
      <TenantField tenant={tenant} />
      <SelectField id="event_type" label="Event type" any="Any" options={EVENT_SUBTYPES} selected={filter.eventType} />
      <SelectField id="signal" label="Signal" any="Any" options={codes} selected={filter.signal} />
      <button type="submit">Filter</button>
      {(filter.eventType || filter.signal) && (
        <a class="button-link secondary" href={consolePath(tenant, '/console')}>
          Clear filters
        </a>
      )}
    </form>
  )
}

function EmptyQueue({ tenant, filtered }: { tenant: string; filtered: boolean }) {
  if (filtered) {
    return (
      <div class="empty">
        <p>
          <strong>No open review matches these filters.</strong>
        </p>
        <p>
          <a href={consolePath(tenant, '/console')}>Clear the filters</a> to see the whole queue.
        </p>
      </div>
    )
  }
  return (
    <div class="empty">
      <p>
        <strong>The queue is empty: every REVIEW decision has been worked.</strong>
      </p>
      <p>
        New reviews appear here a few seconds after <code>POST /decide</code> answers REVIEW. Meanwhile, check how the policy does on the{' '}
        <a href={consolePath(tenant, '/console/overview')}>overview</a>, or try a stricter one with a{' '}
        <a href={consolePath(tenant, '/console/policies', {}, 'backtest')}>backtest</a>.
      </p>
    </div>
  )
}

export function QueuePage({ viewer, items, nextCursor, filter, signalCodes, resolved }: QueuePageProps) {
  const { tenant } = viewer
  return (
    <Layout title="Review queue" section="queue" viewer={viewer}>
      {resolved && (
        <Notice tone="ok">
          Review <a href={consolePath(tenant, `/console/decisions/${resolved.evidenceId}`)}>{resolved.evidenceId}</a> {resolved.resolution === 'approve' ? 'approved' : 'declined'}; its outcome is
          recorded.
        </Notice>
      )}
      <p class="lede">Open reviews, oldest first. Open one to see its evidence and approve or decline it.</p>
      <Filters tenant={tenant} filter={filter} signalCodes={signalCodes} />
      {items.length === 0 ? (
        <EmptyQueue tenant={tenant} filtered={Boolean(filter.eventType || filter.signal || filter.after)} />
      ) : (
        <div class="table-wrap">
          <table class="queue">
            <caption class="visually-hidden">Open reviews, oldest first</caption>
            <TableHead columns={['Review', { num: 'Amount' }, 'Event', 'Subscriber', 'Top signals', 'Age']} />
            <tbody>
              {items.map((r) => (
                <tr data-evidence-id={r.evidence_id}>
                  <td data-label="Review">
                    <a href={consolePath(tenant, `/console/decisions/${r.evidence_id}`)}>{r.transaction_id}</a>
                    <br />
                    <span class="muted small">
                      risk {r.scores.overall_risk.toFixed(2)} · since <Time iso={r.opened_at} />
                    </span>
                  </td>
                  <td data-label="Amount" class="num">
                    <Money cents={r.amount_cents} currency={r.currency} />
                  </td>
                  <td data-label="Event">{r.event_subtype ?? <span class="muted">not given</span>}</td>
                  <td data-label="Subscriber">{r.user_id ?? <span class="muted">hidden</span>}</td>
                  <td data-label="Top signals">
                    <SignalCodes signals={r.top_signals} />
                  </td>
                  <td data-label="Age">{ageText(r.age_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor !== null && (
        <p>
          <a class="button-link secondary" href={nextHref(tenant, filter, nextCursor)}>
            Next page
          </a>
        </p>
      )}
    </Layout>
  )
}

/**
 * @module
 * The webhooks page: each endpoint of the tenant (URL, events, who registered it; never its secret) and its
 * latest deliveries with every attempt's answer. Registering, rotating and retrying are API calls
 * (docs/fraud.md, "Webhooks").
 */
import type { AttemptRow, DeliveryRow, EndpointRow } from '../../webhooks/store.ts'
import { subscribedEvents } from '../../webhooks/store.ts'
import { Layout, type Viewer } from '../components/layout.tsx'
import { TableHead } from '../components/table-head.tsx'
import { Time } from '../components/time.tsx'

export interface EndpointWithDeliveries {
  endpoint: EndpointRow
  deliveries: { delivery: DeliveryRow; attempts: AttemptRow[] }[]
}

const iso = (ms: number) => new Date(ms).toISOString()

const STATUS_CLASS: Record<DeliveryRow['status'], string> = { pending: 'badge', delivered: 'badge outcome-good', failed: 'badge outcome-bad' }

/** One attempt in a few characters: its status, or why there was none. */
function AttemptText({ attempt }: { attempt: AttemptRow }) {
  return <span title={attempt.error ?? undefined}>{attempt.statusCode ?? attempt.error ?? 'no answer'}</span>
}

function Deliveries({ deliveries }: { deliveries: EndpointWithDeliveries['deliveries'] }) {
  if (deliveries.length === 0) return <p class="muted">No delivery yet.</p>
  return (
    <div class="table-wrap">
      <table class="deliveries">
        <caption class="visually-hidden">Latest deliveries, newest first</caption>
        <TableHead columns={['Delivery', 'Event', 'Status', 'Attempts', 'Created']} />
        <tbody>
          {deliveries.map(({ delivery, attempts }) => (
            <tr data-delivery-id={delivery.id}>
              <td data-label="Delivery">
                <code>{delivery.id}</code>
              </td>
              <td data-label="Event">{delivery.eventType}</td>
              <td data-label="Status">
                <span class={STATUS_CLASS[delivery.status]}>{delivery.status}</span>
              </td>
              <td data-label="Attempts">
                {attempts.length === 0
                  ? '—'
                  : attempts.map((attempt, i) => (
                      <>
                        {i > 0 && ', '}
                        <AttemptText attempt={attempt} />
                      </>
                    ))}
              </td>
              <td data-label="Created">
                <Time iso={iso(delivery.createdAt)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function WebhooksPage({ viewer, endpoints }: { viewer: Viewer; endpoints: EndpointWithDeliveries[] }) {
  return (
    <Layout title="Webhooks" section="webhooks" viewer={viewer}>
      <p class="lede">Where this tenant's events are sent, signed, and how the latest deliveries went.</p>
      {endpoints.length === 0 ? (
        <div class="empty">
          <p>
            <strong>No webhook endpoint is registered.</strong> Register one with <code>POST /webhooks</code>.
          </p>
        </div>
      ) : (
        endpoints.map(({ endpoint, deliveries }) => (
          <section class="card" aria-labelledby={`endpoint-${endpoint.id}`} data-endpoint-id={endpoint.id}>
            <h2 id={`endpoint-${endpoint.id}`}>
              <code>{endpoint.url}</code>
            </h2>
            <dl class="fields">
              <dt>Events</dt>
              <dd>{subscribedEvents(endpoint).join(', ')}</dd>
              {endpoint.description && (
                <>
                  <dt>Description</dt>
                  <dd>{endpoint.description}</dd>
                </>
              )}
              <dt>Registered</dt>
              <dd>
                <Time iso={iso(endpoint.createdAt)} /> by {endpoint.createdBy}
              </dd>
              <dt>Secret rotated</dt>
              <dd>{endpoint.secretRotatedAt === null ? 'never' : <Time iso={iso(endpoint.secretRotatedAt)} />}</dd>
            </dl>
            <Deliveries deliveries={deliveries} />
          </section>
        ))
      )}
    </Layout>
  )
}

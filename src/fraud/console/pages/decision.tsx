/**
 * @module
 * One decision's evidence for an analyst: the request, scores as bars, every signal, the history counts it
 * was decided on, the policy, the shadow decision and outcome when there are, and the Approve / Decline form
 * while its review is open.
 */
import type { EvidenceRecord } from '../../evidence/record.ts'
import type { StoredOutcome } from '../../operator/outcomes/store.ts'
import type { ReviewItem } from '../../operator/reviews/store.ts'
import type { Decision } from '../../model/policy.ts'
import { DecisionBadge, OutcomeBadge } from '../components/decision-badge.tsx'
import { Layout, type Viewer } from '../components/layout.tsx'
import { consolePath } from '../paths.ts'
import { Money } from '../components/money.tsx'
import { Notice } from '../components/notice.tsx'
import { ScoreBars } from '../components/score-bars.tsx'
import { SignalTable } from '../components/signals.tsx'
import { Time } from '../components/time.tsx'
import { Field } from '../components/fields.tsx'
import { Section } from '../components/section.tsx'

export interface DecisionPageProps {
  viewer: Viewer
  record: EvidenceRecord
  review: ReviewItem | null
  outcome: StoredOutcome | null
  shadow: { policy_version: string; decision: Decision } | null
  error?: string
}

function display(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return String(value)
}

function RequestFields({ record }: { record: EvidenceRecord }) {
  const { amount_cents, currency, ...rest } = record.request
  return (
    <dl class="fields">
      <Field term="Amount"><Money cents={amount_cents} currency={currency} /></Field>
      {Object.entries(rest).map(([key, value]) => (
        <Field term={key}>{typeof value === 'object' && value !== null ? <code>{JSON.stringify(value)}</code> : display(value)}</Field>
      ))}
    </dl>
  )
}

/** Features as terms: the yes/no flags apart from the counts and ages, which read as numbers. */
function FeatureFields({ record, flags }: { record: EvidenceRecord; flags: boolean }) {
  const entries = Object.entries(record.features).filter(([, value]) => (typeof value === 'boolean') === flags)
  if (entries.length === 0) return <p class="empty">None.</p>
  return (
    <dl class="fields compact">
      {entries.map(([key, value]) => (
        <Field term={key}>{display(value)}</Field>
      ))}
    </dl>
  )
}

function ResolveForm({ tenant, review }: { tenant: string; review: ReviewItem }) {
  return (
    <form class="resolve" method="post" action={consolePath(tenant, `/console/decisions/${review.evidence_id}/resolve`)}>
      <div class="field">
        <label for="note">Note (optional)</label>
        <textarea id="note" name="note" rows={3} maxlength={1000} aria-describedby="note-help"></textarea>
        <p id="note-help" class="help">
          Saved with the outcome. Approve records <em>legitimate</em>; Decline records <em>fraud confirmed</em>.
        </p>
      </div>
      <div class="actions">
        <button type="submit" name="resolution" value="approve" class="approve">
          <span aria-hidden="true">✓ </span>Approve
        </button>
        <button type="submit" name="resolution" value="decline" class="decline">
          <span aria-hidden="true">✕ </span>Decline
        </button>
      </div>
    </form>
  )
}

function ReviewState({ tenant, review }: { tenant: string; review: ReviewItem | null }) {
  if (!review) return <p class="muted">This decision has no review (only REVIEW decisions open one).</p>
  if (review.status === 'open') return <ResolveForm tenant={tenant} review={review} />
  return (
    <dl class="fields">
      <Field term="Resolution">{review.resolution === 'approve' ? 'Approved' : 'Declined'}</Field>
      <Field term="By">{review.resolved_by ?? '—'}</Field>
      <Field term="At">{review.resolved_at ? <Time iso={review.resolved_at} /> : '—'}</Field>
      <Field term="Note">{review.note ?? '—'}</Field>
    </dl>
  )
}

export function DecisionPage({ viewer, record, review, outcome, shadow, error }: DecisionPageProps) {
  return (
    <Layout title={`Decision ${record.transaction_id}`} section="queue" viewer={viewer}>
      {error && <Notice tone="error">{error}</Notice>}
      {record.degraded && (
        <Notice tone="warning">
          Decided without its history ({record.degraded.cause === 'timeout' ? `D1 did not answer within ${record.degraded.budget_ms} ms` : 'D1 failed'}): the
          history counts below are those of a subscriber never seen, and the decision was raised to at least {record.degraded.floor}.
        </Notice>
      )}
      <p class="lede">
        <DecisionBadge decision={record.decision} /> by policy <code>{record.policy_version}</code> at <Time iso={record.created_at} />, in{' '}
        {record.latency_ms.toFixed(1)} ms. Evidence <code>{record.evidence_id}</code>.
      </p>
      <div class="grid">
        <Section id="review" title="Review" card>
          <ReviewState tenant={viewer.tenant} review={review} />
        </Section>
        <Section id="outcome" title="Outcome and shadow" card>
          <dl class="fields">
            <div>
              <dt>Outcome</dt>
              <dd data-testid="outcome">
                {outcome ? (
                  <>
                    <OutcomeBadge outcome={outcome.outcome} /> <span class="muted small">({outcome.source ?? 'api'}{outcome.resolved_by ? `, ${outcome.resolved_by}` : ''})</span>
                  </>
                ) : (
                  <span class="muted">none recorded</span>
                )}
              </dd>
            </div>
            <Field term="Shadow decision">
              {shadow ? (
                <>
                  <DecisionBadge decision={shadow.decision} /> by <code>{shadow.policy_version}</code>
                </>
              ) : (
                <span class="muted">no shadow policy was set</span>
              )}
            </Field>
          </dl>
        </Section>
        <Section id="scores" title="Scores" card>
          <ScoreBars scores={record.scores} />
        </Section>
      </div>
      <Section id="signals" title="Signals">
        <SignalTable signals={record.signals} />
      </Section>
      <div class="grid two">
        <Section id="request" title="Request" card>
          <RequestFields record={record} />
        </Section>
        <div class="stack">
          <Section id="flags" title="Flags decided on" card>
            <FeatureFields record={record} flags={true} />
          </Section>
          <Section id="history" title="History counts decided on" card>
            <FeatureFields record={record} flags={false} />
          </Section>
        </div>
      </div>
    </Layout>
  )
}

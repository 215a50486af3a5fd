/**
 * @module
 * The overview: the queue's size and age, decisions by decision and by outcome over the last hour and day
 * (as bars with their numbers), and latency percentiles.
 */
import { type RecentWindow, latencyQuantile } from '../../metrics/recent.ts'
import { OUTCOMES, type OutcomeKind } from '../../db/schema.ts'
import { DECISIONS } from '../../model/policy.ts'
import { DecisionBadge, OutcomeBadge, outcomeTone } from '../components/decision-badge.tsx'
import { Layout, type Viewer } from '../components/layout.tsx'
import { consolePath } from '../paths.ts'
import { ageText } from '../components/time.tsx'
import type { Overview } from '../../operator/overview.ts'
import { Field } from '../components/fields.tsx'
import { Section } from '../components/section.tsx'

/** tone: the decision (allow, friction, review, block) or the outcome (good, bad) whose colour the bar takes. */
function Bars({ rows, total, label }: { rows: { key: string; badge: unknown; count: number; tone: string }[]; total: number; label: string }) {
  return (
    <div>
      {rows.map((row) => (
        <div class="bar-row">
          <span>{row.badge}</span>
          <meter class={`bar bar-${row.tone}`} min={0} max={Math.max(1, total)} value={row.count} aria-label={`${label}: ${row.key}`}>
            {row.count}
          </meter>
          <span class="num">{row.count}</span>
        </div>
      ))}
    </div>
  )
}

const ms = (seconds: number | null) => (seconds === null ? '—' : `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 1)} ms`)

function WindowCard({ title, window, outcomes }: { title: string; window: RecentWindow; outcomes: Record<OutcomeKind, number> }) {
  const total = DECISIONS.reduce((sum, d) => sum + window.decisions[d], 0)
  const labelled = OUTCOMES.reduce((sum, o) => sum + outcomes[o], 0)
  return (
    <section class="card" aria-labelledby={`h-${title}`}>
      <h2 id={`h-${title}`}>Last {title}</h2>
      <p>
        <span class="stat">{total}</span> decisions
      </p>
      {total === 0 ? (
        <p class="empty">No decision in the last {title}. Traffic appears here as checkout backends call POST /decide.</p>
      ) : (
        <>
          <h3>By decision</h3>
          <Bars label="Decisions" total={total} rows={DECISIONS.map((d) => ({ key: d, badge: <DecisionBadge decision={d} />, count: window.decisions[d], tone: d.toLowerCase() }))} />
          <h3>Latency</h3>
          <dl class="fields">
            {[0.5, 0.95, 0.99].map((q) => (
              <Field term={`p${Math.round(q * 100)}`}>{ms(latencyQuantile(window.latency, q))}</Field>
            ))}
          </dl>
        </>
      )}
      <h3>By outcome</h3>
      {labelled === 0 ? (
        <p class="muted">No outcome recorded yet for these decisions. Resolve reviews, or post outcomes to POST /transactions/&#123;id&#125;/outcome.</p>
      ) : (
        <Bars label="Outcomes" total={total} rows={OUTCOMES.map((o) => ({ key: o, badge: <OutcomeBadge outcome={o} />, count: outcomes[o], tone: outcomeTone(o) }))} />
      )}
    </section>
  )
}

export function OverviewPage({ viewer, overview }: { viewer: Viewer; overview: Overview }) {
  const { queue, recent, outcomes } = overview
  return (
    <Layout title="Overview" section="overview" viewer={viewer}>
      <p class="lede">From the same figures as /metrics. Latency percentiles are estimated from the histogram's buckets.</p>
      <div class="grid">
        <Section id="queue" title="Review queue" card>
          <p>
            <span class="stat">{queue.open}</span> open
          </p>
          <p>{queue.oldestAgeSeconds === null ? 'Nothing is waiting.' : `The oldest has waited ${ageText(queue.oldestAgeSeconds)}.`}</p>
          <p>
            <a href={consolePath(viewer.tenant, '/console')}>Work the queue</a>
          </p>
        </Section>
        <WindowCard title="hour" window={recent.hour} outcomes={outcomes.hour} />
        <WindowCard title="day" window={recent.day} outcomes={outcomes.day} />
      </div>
    </Layout>
  )
}

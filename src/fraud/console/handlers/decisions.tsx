/**
 * @module
 * GET /console/decisions/{evidence_id}: one decision's evidence; POST …/resolve: Approve or Decline its
 * review with a note, recorded with the signed-in analyst, then back to the queue.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { limitBody } from '../../../lib/body-limit.ts'
import { isEvidenceId } from '../../evidence/ids.ts'
import { findEvidence } from '../../evidence/lookup.ts'
import { RESOLUTIONS } from '../../db/schema.ts'
import { outcomeOfEvidence } from '../../operator/outcomes/store.ts'
import { submitResolution } from '../../operator/reviews/resolve.ts'
import { getReview, reviewItem } from '../../operator/reviews/store.ts'
import { shadowDecisionOf } from '../../operator/shadow/score.ts'
import type { ConsoleApp } from '../env.ts'
import { DecisionPage } from '../pages/decision.tsx'
import { ProblemPage } from '../pages/problem.tsx'
import { tenantDatabase } from '../../db/tenant-databases.ts'
import { consolePath } from '../paths.ts'
import { viewerOf } from '../viewer.ts'
import { announce } from '../../webhooks/publish.ts'
import { outcomeRecordedEvent, reviewResolvedEvent } from '../../webhooks/events.ts'

const ResolveForm = z.object({
  resolution: z.enum(RESOLUTIONS),
  note: z
    .string()
    .max(1000)
    .optional()
    .transform((note) => (note === undefined || note.trim() === '' ? null : note.trim())),
})

async function renderDecision(c: Context<ConsoleApp>, evidenceId: string, error?: { status: 404 | 409; message: string }) {
  const record = isEvidenceId(evidenceId) ? await findEvidence(c.env, evidenceId, c.get('tenant')) : null
  // Another tenant's decision is as absent as one that never existed (findEvidence).
  if (!record) return c.html(<ProblemPage problem="not_found" detail={`No decision ${evidenceId.slice(0, 64)}.`} viewer={viewerOf(c)} />, 404)
  const d1 = tenantDatabase(c.env, c.get('tenant'))
  const [review, outcome, shadow] = await Promise.all([
    getReview(d1, c.get('tenant'), evidenceId),
    outcomeOfEvidence(d1, c.get('tenant'), evidenceId),
    record.shadow ?? shadowDecisionOf(d1, evidenceId),
  ])
  return c.html(
    <DecisionPage
      viewer={viewerOf(c)}
      record={record}
      review={review ? reviewItem(review, Date.now()) : null}
      outcome={outcome}
      shadow={shadow ?? null}
      error={error?.message}
    />,
    error?.status ?? 200,
  )
}

export const decisionRoutes = new Hono<ConsoleApp>()

decisionRoutes.get('/decisions/:id', (c) => renderDecision(c, c.req.param('id')))

decisionRoutes.post('/decisions/:id/resolve', limitBody(16 * 1024), async (c) => {
  const evidenceId = c.req.param('id')
  if (!isEvidenceId(evidenceId)) return c.html(<ProblemPage problem="not_found" viewer={viewerOf(c)} />, 404)
  const form = ResolveForm.safeParse(await c.req.parseBody())
  if (!form.success) return c.html(<ProblemPage problem="bad_request" detail="Choose Approve or Decline; a note has at most 1000 characters." viewer={viewerOf(c)} />, 400)
  const result = await submitResolution(tenantDatabase(c.env, c.get('tenant')), c.get('tenant'), evidenceId, { resolution: form.data.resolution, note: form.data.note, resolvedBy: c.get('analyst') })
  if (!result.ok && result.reason === 'not_found') return renderDecision(c, evidenceId, { status: 404, message: 'This decision has no review to resolve.' })
  if (!result.ok) {
    const done = result.resolution === 'approve' ? 'approved' : 'declined'
    return renderDecision(c, evidenceId, { status: 409, message: `This review was already ${done}; its outcome stands. Record a later outcome through the API if it changed.` })
  }
  announce(c, c.get('tenant'), [reviewResolvedEvent(result.review), outcomeRecordedEvent(result.outcome)])
  return c.redirect(consolePath(c.get('tenant'), '/console', { resolved: evidenceId, resolution: form.data.resolution }), 303)
})

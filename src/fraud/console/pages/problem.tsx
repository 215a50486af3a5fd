/**
 * @module
 * The console's error pages: refused access, not found, a refused form, a failure. They say what to do and
 * never why a token failed or what broke inside (the request id lets an operator find the log line).
 */
import { Layout, type Viewer } from '../components/layout.tsx'
import { DEFAULT_TENANT } from '../../model/tenant.ts'
import { consolePath } from '../paths.ts'

export type Problem = 'unauthenticated' | 'forbidden' | 'tenant_forbidden' | 'csrf' | 'not_found' | 'bad_request' | 'unsupported' | 'rate_limited' | 'failed'

const TEXT: Record<Problem, { title: string; body: string }> = {
  unauthenticated: { title: 'Sign-in required', body: 'The console is reached through Cloudflare Access. Open it from your Access application list and sign in.' },
  forbidden: { title: 'Access denied', body: 'Your sign-in could not be verified. Sign in again through Cloudflare Access; if it keeps happening, ask an administrator.' },
  tenant_forbidden: { title: 'Access denied', body: 'You are signed in, but this tenant is not granted to you. Ask an administrator to grant it (CONSOLE_TENANT_GRANTS).' },
  csrf: { title: 'Form refused', body: 'This form was not sent from the console itself. Reload the page and send it again.' },
  not_found: { title: 'Not found', body: 'Nothing here. Go back to the review queue.' },
  bad_request: { title: 'Form not accepted', body: 'Something in the form was not valid. Go back, correct it and send it again.' },
  unsupported: { title: 'Form not accepted', body: 'Console forms are sent as HTML forms. Reload the page and send it again.' },
  rate_limited: { title: 'Too many requests', body: 'Wait a minute, then reload the page.' },
  failed: { title: 'Something went wrong', body: 'The request failed. Try again in a moment; if it persists, give an operator the request id below.' },
}

/** `viewer` when the request got that far: its links then keep the tenant. */
export function ProblemPage({ problem, requestId, detail, viewer }: { problem: Problem; requestId?: string; detail?: string; viewer?: Viewer }) {
  const text = TEXT[problem]
  return (
    <Layout title={text.title} section="none" viewer={viewer}>
      <div class="empty">
        <p>{text.body}</p>
        {detail && <p>{detail}</p>}
        {requestId && (
          <p class="muted small">
            Request id: <code>{requestId}</code>
          </p>
        )}
        <p>
          <a href={consolePath(viewer?.tenant ?? DEFAULT_TENANT, '/console')}>Review queue</a>
        </p>
      </div>
    </Layout>
  )
}

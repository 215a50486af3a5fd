/**
 * @module
 * What every console page needs to know of its request: who is signed in, the tenant shown, and the tenants the
 * switcher offers.
 */
import type { Context } from 'hono'
import type { Viewer } from './components/layout.tsx'
import type { ConsoleApp } from './env.ts'

/**
 * @example
 * c.html(<QueuePage viewer={viewerOf(c)} … />)
 */
export function viewerOf(c: Context<ConsoleApp>): Viewer {
  return { analyst: c.get('analyst'), tenant: c.get('tenant'), tenants: c.get('tenants') }
}

/**
 * @module
 * The benchmark's control worker: every request calls a brand-new Durable Object (a random name) that does
 * nothing, so its throughput is what creating one Durable Object per request costs under Miniflare.
 * Plain JavaScript: Miniflare serves it as it is, with no build.
 */
/* global crypto, Response */
import { DurableObject } from 'cloudflare:workers'

export class FreshDO extends DurableObject {
  /** Answers at once: the cost measured is the object's creation and one call. */
  ping() {
    return 'pong'
  }
}

export default {
  async fetch(request, env) {
    const answer = await env.FRESH.getByName(crypto.randomUUID()).ping()
    return Response.json({ answer })
  },
}

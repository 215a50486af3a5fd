/**
 * @module
 * A titled section of a page, labelled by its heading for screen readers; `card` draws it as a card.
 */
import type { Child } from 'hono/jsx'

/**
 * @example
 * <Section id="review" title="Review" card>…</Section> // <section aria-labelledby="h-review" class="card"><h2 id="h-review">Review</h2>…
 */
export function Section(props: { id: string; title: Child; card?: boolean; children?: Child }) {
  return (
    <section aria-labelledby={`h-${props.id}`} class={props.card ? 'card' : undefined}>
      <h2 id={`h-${props.id}`}>{props.title}</h2>
      {props.children}
    </section>
  )
}

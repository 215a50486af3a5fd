/** @module The link to a list's next (older) page, when there is one. */
export function OlderPageLink({ href, label }: { href: string | null | undefined; label: string }) {
  if (!href) return null
  return (
    <p>
      <a class="button-link secondary" href={href}>
        {label}
      </a>
    </p>
  )
}

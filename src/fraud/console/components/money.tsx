/**
 * @module
 * An amount as money ("1,200.00 EUR"), with the minor units for a screen reader's title.
 */
import { formatMoney } from '../../engine/money.ts'

export function Money({ cents, currency }: { cents: number; currency: string }) {
  return <span class="money">{formatMoney(cents, currency)}</span>
}

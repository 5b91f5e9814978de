import { Trans } from '@lingui/react/macro'
import { formatMoney } from '~/platform/numbers'
import type { Price } from './schema'

/** A course's price as a buyer reads it: free, discounted (the old price struck through) or plain. */
export function PriceTag({ price }: { price: Price }) {
	if (price.amount === 0)
		return (
			<span className="font-semibold">
				<Trans>Free</Trans>
			</span>
		)
	if (price.discounted != null) {
		return (
			<span className="flex items-baseline gap-2">
				<span className="font-semibold">{formatMoney(price.discounted, price.currency)}</span>
				<s className="text-sm text-slate-600">
					<span className="sr-only">
						<Trans>was</Trans>{' '}
					</span>
					{formatMoney(price.amount, price.currency)}
				</s>
			</span>
		)
	}
	return <span className="font-semibold">{formatMoney(price.amount, price.currency)}</span>
}

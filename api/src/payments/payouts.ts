import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { toPayoutAccount } from './present.ts'
import {
	findPayoutAccount,
	savePayoutAccount,
	setPayoutStatus,
	type PayoutOwner,
} from './repository.ts'
import type { PaymentGateway } from './stripe.ts'

// A teacher's or an organization's payouts (moved from payments/routes.ts, decision 060).

/** Who the signed-in payee is paid out as. */
export const payeeOf = (account: Account): PayoutOwner => ({
	type: account.role === 'organization' ? 'organization' : 'user',
	id: account.id,
})

export async function payoutAccountOf(db: Db, gateway: PaymentGateway, owner: PayoutOwner) {
	const account = await findPayoutAccount(db, owner.type, owner.id)
	return { account: toPayoutAccount(account, gateway.provider) }
}

/** Start (or continue) setting up payouts: the account with the provider, and where to go next. */
export async function startOnboarding(
	db: Db,
	gateway: PaymentGateway,
	owner: PayoutOwner,
	{ returnUrl, refreshUrl }: { returnUrl: string; refreshUrl: string },
) {
	let account = await findPayoutAccount(db, owner.type, owner.id)
	if (!account || account.provider !== gateway.provider) {
		const accountRef = await gateway.newPayoutAccount(owner)
		account = await savePayoutAccount(db, owner, gateway.provider, accountRef)
	}
	const url = await gateway.onboardingUrl(account.account_ref, returnUrl, refreshUrl)
	return { url, account: toPayoutAccount(account, gateway.provider) }
}

/** Back from the payout form: whether setup is complete. */
export async function completeOnboarding(db: Db, gateway: PaymentGateway, owner: PayoutOwner) {
	const account = await findPayoutAccount(db, owner.type, owner.id)
	if (!account) throw new ApiError(409, 'Start payment setup first')
	const complete = await gateway.isPayoutReady(account)
	const updated = await setPayoutStatus(db, owner, complete ? 'complete' : 'pending')
	return { account: toPayoutAccount(updated, gateway.provider) }
}

import { Trans, useLingui } from '@lingui/react/macro'
import { Form, useLocation } from 'react-router'

/**
 * On every dashboard page until the account's email is verified (decision 023: nothing else is
 * held back). Resend is a plain form: it works without JavaScript and comes back to this page.
 */
export function VerifyEmailBanner({ email }: { email: string | null }) {
	const { t } = useLingui()
	const location = useLocation()
	if (!email) return null
	return (
		<section
			aria-label={t`Email verification`}
			className="mb-6 flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
		>
			<p>
				<Trans>
					Please confirm your email address: we sent a link to{' '}
					<strong className="break-all">{email}</strong>.
				</Trans>
			</p>
			<Form method="post" action="/account/resend-verification">
				<input type="hidden" name="returnTo" value={location.pathname + location.search} />
				<button
					type="submit"
					className="rounded-md border border-amber-700 bg-white px-3 py-1.5 font-semibold text-amber-950 hover:bg-amber-100 focus:outline-2 focus:outline-amber-800"
				>
					<Trans>Resend</Trans>
				</button>
			</Form>
		</section>
	)
}

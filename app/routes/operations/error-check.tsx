import { Trans } from '@lingui/react/macro'
import { t } from '@lingui/core/macro'
import { data, Form, useSearchParams } from 'react-router'
import type { Route } from './+types/error-check'
import { env } from '~/platform/env.server'
import { requireUser } from '~/platform/request.server'
import { buttonClass } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'

// An operator's check that error reporting works end to end, as Sentry's setup guide suggests:
// after setting SENTRY_DSN, sign in and make one error in each place the app reports from. The
// page exists only while ERROR_CHECK=1 is set (404 otherwise, for everyone).

/* eslint-disable lingui/no-unlocalized-strings -- the errors' texts are for the error monitor */
export class ErrorCheck extends Error {
	constructor(where: string) {
		super(`Error reporting check: an error thrown on purpose in ${where}`)
		this.name = 'ErrorCheck'
	}
}

/* eslint-enable lingui/no-unlocalized-strings */

function requireEnabled() {
	if (!env.errorCheck) throw data(null, { status: 404 })
}

export function loader({ context, request }: Route.LoaderArgs) {
	requireEnabled()
	requireUser(context, request)
	if (new URL(request.url).searchParams.get('in') === 'loader')
		throw new ErrorCheck('a server loader') // eslint-disable-line lingui/no-unlocalized-strings
	return { reporting: env.sentryDsn !== '' }
}

export function action({ context, request }: Route.ActionArgs) {
	requireEnabled()
	requireUser(context, request)
	throw new ErrorCheck('a server action') // eslint-disable-line lingui/no-unlocalized-strings
}

export function meta() {
	return [{ title: t`Error reporting check | TutorHub` }]
}

/** Throws while rendering, in the browser only (after hydration), once asked to. */
function BrowserRenderError() {
	const hydrated = useHydrated()
	const [searchParams] = useSearchParams()
	if (hydrated && searchParams.get('in') === 'browser') throw new ErrorCheck('a browser render') // eslint-disable-line lingui/no-unlocalized-strings
	return null
}

export default function ErrorCheckPage({ loaderData }: Route.ComponentProps) {
	return (
		<main id="main" className="mx-auto flex max-w-xl flex-col gap-4 p-6">
			<h1 className="text-2xl font-bold">
				<Trans>Error reporting check</Trans>
			</h1>
			<p className="text-slate-700">
				{loaderData.reporting ? (
					<Trans>
						Each link or button below makes one error on purpose. Each should arrive in Sentry once.
					</Trans>
				) : (
					<Trans>SENTRY_DSN is not set: errors are logged here but not reported.</Trans>
				)}
			</p>
			<ul className="flex flex-col gap-2">
				<li>
					<a className="underline" href="?in=loader">
						<Trans>An error in a server loader</Trans>
					</a>
				</li>
				<li>
					<a className="underline" href="?in=browser">
						<Trans>An error while rendering in the browser (needs JavaScript)</Trans>
					</a>
				</li>
			</ul>
			<Form method="post">
				<button type="submit" className={buttonClass()}>
					<Trans>An error in a server action</Trans>
				</button>
			</Form>
			<BrowserRenderError />
		</main>
	)
}

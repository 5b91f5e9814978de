import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { Form } from 'react-router'
import { Button, buttonClass } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'
import type { CalendarFeedLinks } from './calendar-feed.server'

/**
 * The user's private calendar feed: the address to copy into a calendar app, a webcal link that
 * opens the app's subscribe dialog, and a plain form that resets the address. Copying by button
 * needs JavaScript; without it the address is selectable text in a read-only field.
 */
export function CalendarFeed({ links }: { links: CalendarFeedLinks | null }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	return (
		<section
			aria-labelledby="calendar-feed-heading"
			className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
		>
			<h2 id="calendar-feed-heading" className="text-lg font-semibold">
				<Trans>Calendar feed</Trans>
			</h2>
			{links ? (
				<>
					<p className="text-sm text-slate-700">
						<Trans>
							Subscribe to your sessions in Google Calendar, Outlook or Apple Calendar: changes and
							cancellations show up there by themselves. Anyone with this address can see your
							sessions, so keep it private.
						</Trans>
					</p>
					<div className="flex flex-col gap-1">
						<label htmlFor="calendar-feed-url" className="text-sm font-medium">
							<Trans>Calendar address</Trans>
						</label>
						<div className="flex flex-wrap gap-2">
							<input
								id="calendar-feed-url"
								readOnly
								value={links.url}
								onFocus={(event) => event.currentTarget.select()}
								className="min-w-0 grow basis-64 rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
							/>
							{hydrated ? (
								<Button
									type="button"
									variant="secondary"
									onClick={() => {
										navigator.clipboard.writeText(links.url).then(
											() => setCopied(true),
											() => setCopied(false),
										)
									}}
								>
									<Trans>Copy address</Trans>
								</Button>
							) : null}
						</div>
						<p role="status" className="text-sm text-slate-700">
							{copied ? <Trans>Address copied</Trans> : null}
						</p>
					</div>
					<div className="flex flex-wrap items-center gap-3">
						<a href={links.webcal} className={buttonClass('secondary')}>
							<Trans>Subscribe in your calendar app</Trans>
						</a>
						<Form method="post">
							<input type="hidden" name="intent" value="reset-calendar" />
							<Button variant="secondary">
								<Trans>Reset link</Trans>
							</Button>
						</Form>
					</div>
					<p className="text-xs text-slate-600">
						<Trans>Reset link makes a new address; the old one stops working at once.</Trans>
					</p>
					<p className="text-xs text-slate-600">
						<Trans>
							The feed holds your next 500 sessions and up to 500 of the last 90 days; see your
							schedule here for the rest.
						</Trans>
					</p>
				</>
			) : (
				<p className="text-slate-700">
					<Trans>Your calendar address could not be loaded.</Trans>
				</p>
			)}
		</section>
	)
}

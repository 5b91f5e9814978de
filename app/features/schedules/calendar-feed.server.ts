import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { env } from '~/platform/env.server'
import { download } from '~/platform/file-response.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import type { Upstream } from '~/platform/upstream.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { getCalendarFeed, openCalendarFeed, resetCalendarFeed } from './api.server'

export type CalendarFeedLinks = { url: string; webcal: string }

/**
 * The addresses of the user's calendar feed on this site: the https one to paste into a calendar
 * app, and the webcal one that opens the app's "subscribe" dialog.
 */
export async function loadCalendarFeed(api: Upstream, request: Request) {
	const feed = await settle(getCalendarFeed(api))
	if (!feed.ok) return null
	// Behind a proxy the request may say http://internal-host; PUBLIC_URL names the real origin.
	const url = new URL(`/calendar/${feed.value.token}.ics`, env.publicUrl || request.url)
	return {
		url: url.href,
		webcal: url.href.replace(/^https?:/, 'webcal:'),
	} satisfies CalendarFeedLinks
}

/** The sessions and schedule pages' "Reset link": a new address, back to the page with a toast. */
export async function resetCalendarLink(
	api: Upstream,
	context: Readonly<RouterContextProvider>,
	back: string,
) {
	try {
		await resetCalendarFeed(api)
		sendToast(context, successToast(t`Calendar link reset`))
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		sendToast(context, error.toast)
	}
	return redirect(`${back}#calendar-feed-heading`)
}

/**
 * The feed itself, read without a session (the token is the secret). An answer that is not a
 * calendar is the upstream's failure (502); apps poll, so they must ask again each time.
 */
export function openCalendarFeedFile(
	context: Readonly<RouterContextProvider>,
	request: Request,
	token: string,
) {
	return download(
		async () => {
			// A calendar app's If-None-Match or If-Modified-Since goes on: an unchanged feed is a 304.
			const answer = await openCalendarFeed(upstream(context, request), token, request.headers)
			if (answer.status === 304) return answer
			if (!answer.headers.get('content-type')?.startsWith('text/calendar')) {
				await answer.body?.cancel()
				throw data('Failed to fetch calendar', { status: 502 })
			}
			return answer
		},
		// eslint-disable-next-line lingui/no-unlocalized-strings -- a header
		{ cache: 'private, no-cache' },
	)
}

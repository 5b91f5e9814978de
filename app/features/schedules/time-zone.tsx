import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { Form, useRevalidator } from 'react-router'
import { Button } from '~/ui/button'
import { isTimeZone, timeZoneNames } from './time-zones'

/**
 * On the first visit with JavaScript, stores the browser's zone in the `tz` cookie and reloads
 * the data so that times read in the viewer's zone. A zone already chosen is left alone.
 */
export function TimeZoneSync({ zone, known }: { zone: string; known: boolean }) {
	const revalidator = useRevalidator()
	useEffect(() => {
		if (known) return
		const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
		if (!browserZone) return
		// eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie
		document.cookie = `tz=${encodeURIComponent(browserZone)}; Path=/; Max-Age=31536000; SameSite=Lax`
		if (browserZone !== zone) void revalidator.revalidate()
		// Once per page visit: the cookie is set from then on.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [known])
	return null
}

/** Which zone times are shown in, and a form to choose another (works without JavaScript). */
export function TimeZonePicker({ zone }: { zone: string }) {
	return (
		<details className="text-sm text-slate-700">
			<summary className="cursor-pointer">
				<Trans>
					Times are shown in <span className="font-semibold">{zone}</span>. Change time zone
				</Trans>
			</summary>
			<Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
				<input type="hidden" name="intent" value="timezone" />
				<div className="flex min-w-0 flex-col gap-1">
					<label htmlFor="viewer-time-zone" className="font-medium text-slate-800">
						<Trans>Show times in</Trans>
					</label>
					<select
						key={zone}
						id="viewer-time-zone"
						name="timeZone"
						defaultValue={zone}
						className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
					>
						{timeZoneNames(zone).map((name) => (
							<option key={name} value={name}>
								{name}
							</option>
						))}
					</select>
				</div>
				<Button variant="secondary">
					<Trans>Save time zone</Trans>
				</Button>
			</Form>
		</details>
	)
}

/**
 * The zone to show times in when the server cannot be asked (offline, in a client loader): the
 * viewer's `tz` cookie as the server reads it, else the browser's own zone.
 */
export function browserTimeZone(): string {
	const pair = document.cookie.split('; ').find((cookie) => cookie.startsWith('tz='))
	try {
		const zone = pair ? decodeURIComponent(pair.slice(3)) : ''
		if (zone && isTimeZone(zone)) return zone
	} catch {
		// A malformed cookie: the browser's zone below.
	}
	return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { areaUser } from '~/platform/area-guard.server'

/**
 * What every page of a signed-in area (student, teacher, organization) shows around itself: the
 * user's name, their time zone (every page reads and shows times in it, from the `tz` cookie),
 * and, until the email is verified, the banner that asks for it (decision 023). The layout's
 * `areaGuard` middleware has let the user in (decision 045).
 */
export function loadArea(context: Readonly<RouterContextProvider>, request: Request) {
	const user = areaUser(context)
	return {
		userName: user.name,
		timeZone: viewerTimeZone(request),
		unverifiedEmail: user.emailVerified === false ? user.email : null,
	}
}

export type AreaData = ReturnType<typeof loadArea>

import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { requireRole } from '~/platform/request.server'
import type { Role } from '~/platform/roles'

/**
 * What every page of a signed-in area (student, teacher, organization) shows around itself: the
 * user's name, their time zone (every page reads and shows times in it, from the `tz` cookie),
 * and, until the email is verified, the banner that asks for it (decision 023).
 */
export function loadArea(context: Readonly<RouterContextProvider>, request: Request, role: Role) {
	const user = requireRole(context, request, role)
	return {
		userName: user.name,
		timeZone: viewerTimeZone(request),
		unverifiedEmail: user.emailVerified === false ? user.email : null,
	}
}

export type AreaData = ReturnType<typeof loadArea>

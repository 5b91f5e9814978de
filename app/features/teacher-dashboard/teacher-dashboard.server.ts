import type { RouterContextProvider } from 'react-router'
import { getReminders } from '~/features/reminders/api.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import type { SessionUser } from '~/platform/session.server'
import { getTeacherProfile, getTeacherStudents } from '~/features/users/api.server'

type Context = Readonly<RouterContextProvider>

export async function loadTeacherDashboard(context: Context, request: Request, user: SessionUser) {
	const api = upstream(context, request)
	const [profile, students, reminders] = await Promise.all([
		settle(getTeacherProfile(api, user.id)),
		settle(getTeacherStudents(api)),
		settle(getReminders(api)),
	])
	return {
		name: user.name,
		profile,
		students,
		reminders: reminders.ok ? reminders.value : [],
		zone: viewerTimeZone(request).zone,
	}
}

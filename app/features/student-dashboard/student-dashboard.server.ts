import { msg } from '@lingui/core/macro'
import { i18n } from '~/platform/i18n'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { getAnnouncements } from '~/features/announcements/api.server'
import { answerInvitation, getReceivedInvitations } from '~/features/organizations/api.server'
import { invitationAnswerSchema } from '~/features/organizations/schema'
import { getQuizHistory } from '~/features/quizzes/api.server'
import { getSchedules } from '~/features/schedules/api.server'
import { dayOf, nextUpcomingSchedule, todaysSchedules } from '~/features/schedules/calendar'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { dateInZone } from '~/features/schedules/time-zones'
import { getReminders } from '~/features/reminders/api.server'
import { getTasks } from '~/features/tasks/api.server'
import { countsAsSubmitted } from '~/features/tasks/status'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { getStudentProfile } from '~/features/users/api.server'

type Context = Readonly<RouterContextProvider>

const iso = (instant: number) => new Date(instant).toISOString()
const SHOWN = 3

/**
 * The student's home: what comes next (a session, the tasks due soonest), what is new (unread
 * announcements), recent results, and the account. Each part that fails says so in place and leaves the others; the
 * account's failure brings the one error toast (one toast per page, not one per part).
 */
export async function loadStudentDashboard(context: Context, request: Request, user: SessionUser) {
	const api = upstream(context, request)
	const { zone } = viewerTimeZone(request)
	const now = Date.now()
	const day = dayOf(dateInZone(now, zone), zone)
	const [profile, invitations, todayList, upcoming, tasks, announcements, results, reminders] =
		await Promise.all([
			settle(getStudentProfile(api, user.id)),
			settle(getReceivedInvitations(api)),
			// Today's sessions still to end, soonest first: the next one whatever today holds.
			settle(getSchedules(api, { from: iso(day.start), status: 'Scheduled', limit: 10 })),
			settle(getSchedules(api, { from: iso(day.end), limit: 10 })),
			// What is still to do, soonest due first: due from this minute on (one address a minute,
			// so the cache serves repeats), not handed in. The last minute's are dropped below.
			settle(getTasks(api, { dueFrom: iso(now - (now % 60_000)), unsubmitted: true, limit: 10 })),
			settle(getAnnouncements(api, 1, SHOWN, { unread: true })),
			settle(getQuizHistory(api, { limit: SHOWN })),
			settle(getReminders(api)),
		])
	const next =
		todayList.ok && upcoming.ok
			? nextUpcomingSchedule(
					[...todaysSchedules(todayList.value.schedules, now, zone), ...upcoming.value.schedules],
					now,
				)
			: undefined
	return {
		name: user.name,
		zone,
		now,
		profile,
		invitations: invitations.ok ? invitations.value.invitations : [],
		invitationsAwaitingVerification: invitations.ok ? invitations.value.waitingForVerification : 0,
		next,
		due: tasks.ok
			? {
					ok: true as const,
					tasks: tasks.value.tasks
						.filter(
							(task) =>
								!countsAsSubmitted(task.submissionStatus) && Date.parse(task.dueDate) >= now,
						)
						.slice(0, SHOWN),
				}
			: tasks,
		unread: announcements.ok
			? {
					ok: true as const,
					count: announcements.value.unread ?? 0,
					latest: announcements.value.announcements.slice(0, SHOWN),
				}
			: announcements,
		results: results.ok ? { ok: true as const, history: results.value.history } : results,
		// A failure here is only one section less: the tasks and sessions above say the same.
		reminders: reminders.ok ? reminders.value : [],
	}
}

const answered = {
	accept: msg`Invitation accepted`,
	decline: msg`Invitation declined`,
	leave: msg`You left the organization`,
}

/** The dashboard's invitation forms: accept, decline, or leave the organization (one schema over `intent`). */
export async function answerInvitationAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: invitationAnswerSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await answerInvitation(upstream(context, request), submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(i18n._(answered[submission.value.intent])))
	return redirect('/studentdashboard')
}

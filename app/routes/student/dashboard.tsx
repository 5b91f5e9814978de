import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/dashboard'
import { getAnnouncements } from '~/features/announcements/api.server'
import { answerInvitation, getReceivedInvitations } from '~/features/organizations/api.server'
import { invitationAnswerSchema } from '~/features/organizations/schema'
import { LeaveOrganization, StudentInvitations } from '~/features/organizations/student-invitations'
import { getSchedules } from '~/features/schedules/api.server'
import { dayOf, nextUpcomingSchedule, todaysSchedules } from '~/features/schedules/calendar'
import { NextSession } from '~/features/schedules/schedule-views'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { dateInZone } from '~/features/schedules/time-zones'
import { getTasks } from '~/features/tasks/api.server'
import { DateTime, StatusBadge } from '~/features/tasks/components'
import { countsAsSubmitted } from '~/features/tasks/status'
import { getTestHistory } from '~/features/quizzes/api.server'
import { getStudentProfile } from '~/features/users/api.server'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { LoadError } from '~/ui/load-error'

const iso = (instant: number) => new Date(instant).toISOString()
const SHOWN = 3

/**
 * The student's home: what comes next (a session, the tasks due soonest), what is new (unread
 * announcements), recent results, and the account. The session calls are the sessions page's own,
 * so the cache serves both. Each part that fails says so in place and leaves the others; the
 * account's failure brings the one error toast (one toast per page, not one per part).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	const api = upstream(context, request)
	const { zone } = viewerTimeZone(request)
	const now = Date.now()
	const day = dayOf(dateInZone(now, zone), zone)
	const [profile, invitations, todayList, upcoming, tasks, announcements, results] =
		await Promise.all([
			settle(getStudentProfile(api, user.id)),
			settle(getReceivedInvitations(api)),
			settle(getSchedules(api, { from: iso(day.start), to: iso(day.end), limit: 100 })),
			settle(getSchedules(api, { from: iso(day.end), limit: 10 })),
			// A student's tasks come due soonest first.
			settle(getTasks(api, { limit: 50 })),
			settle(getAnnouncements(api, 1, 10)),
			settle(getTestHistory(api, { limit: SHOWN })),
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
					latest: announcements.value.announcements
						.filter((item) => item.read === false)
						.slice(0, SHOWN),
				}
			: announcements,
		results: results.ok ? { ok: true as const, history: results.value.history } : results,
	}
}

const answered = {
	accept: 'Invitation accepted',
	decline: 'Invitation declined',
	leave: 'You left the organization',
}

export async function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'student')
	const submission = parseWithZod(await readForm(request), { schema: invitationAnswerSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await answerInvitation(upstream(context, request), submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(answered[submission.value.intent]))
	return redirect('/studentdashboard')
}

// Built once: toLocaleDateString with options builds a new formatter on every call (~1 ms each).
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

export function meta() {
	return [{ title: 'Student dashboard | TutorHub' }]
}

export default function StudentDashboard({ loaderData }: Route.ComponentProps) {
	const { name, zone, now, profile, invitations, next, due, unread, results } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Welcome, {name}</h1>
			<StudentInvitations invitations={invitations} />
			{next !== undefined ? (
				<NextSession schedule={next} zone={zone} now={now} />
			) : (
				<p className="text-slate-700">Your sessions could not be loaded.</p>
			)}
			<div className="grid gap-6 md:grid-cols-3">
				<Summary
					id="due-heading"
					title="Tasks due"
					more={{ to: '/studentdashboard/tasks', label: 'All tasks' }}
				>
					{!due.ok ? (
						<p className="text-slate-700">Your tasks could not be loaded.</p>
					) : due.tasks.length ? (
						<ul className="flex flex-col gap-3">
							{due.tasks.map((task) => (
								<li key={task.id} className="flex flex-col gap-1">
									<Link
										to={`/studentdashboard/task-details?taskId=${task.id}`}
										className="font-semibold text-indigo-800 underline"
									>
										{task.title}
									</Link>
									<span className="text-sm text-slate-700">
										Due <DateTime iso={task.dueDate} timeZone={zone} />
									</span>
									{task.submissionStatus ? <StatusBadge status={task.submissionStatus} /> : null}
								</li>
							))}
						</ul>
					) : (
						<p className="text-slate-700">Nothing due. You are up to date.</p>
					)}
				</Summary>
				<Summary
					id="unread-heading"
					title="Announcements"
					more={{ to: '/studentdashboard/announcements', label: 'All announcements' }}
				>
					{!unread.ok ? (
						<p className="text-slate-700">Announcements could not be loaded.</p>
					) : unread.count ? (
						<>
							<p className="text-sm text-slate-700">
								{unread.count === 1
									? '1 unread announcement'
									: `${unread.count} unread announcements`}
							</p>
							<ul className="flex flex-col gap-2">
								{unread.latest.map((item) => (
									<li key={item.id}>
										<Link
											to={`/studentdashboard/announcements/${item.id}`}
											className="font-semibold text-indigo-800 underline"
										>
											{item.title}
										</Link>
									</li>
								))}
							</ul>
						</>
					) : (
						<p className="text-slate-700">No unread announcements.</p>
					)}
				</Summary>
				<Summary
					id="results-heading"
					title="Recent results"
					more={{ to: '/studentdashboard/test-results', label: 'All results' }}
				>
					{!results.ok ? (
						<p className="text-slate-700">Your results could not be loaded.</p>
					) : results.history.length ? (
						<ul className="flex flex-col gap-2">
							{results.history.map((entry) => (
								<li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2">
									<Link
										to={`/studentdashboard/test-summary/${entry.id}`}
										className="font-semibold text-indigo-800 underline"
									>
										{entry.templateTitle}
									</Link>
									<span className="text-sm">{Math.round(entry.percentage)}%</span>
								</li>
							))}
						</ul>
					) : (
						<p className="text-slate-700">No test results yet.</p>
					)}
				</Summary>
			</div>
			{profile.ok ? (
				<section
					aria-labelledby="profile-heading"
					className="rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="profile-heading" className="text-lg font-semibold">
						Your account
					</h2>
					<dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
						<dt className="font-medium text-slate-600">Email</dt>
						<dd>{profile.value.email}</dd>
						<dt className="font-medium text-slate-600">Grade level</dt>
						<dd>{profile.value.gradeLevel ?? 'Not set'}</dd>
						<dt className="font-medium text-slate-600">Member since</dt>
						<dd>
							{profile.value.createdAt ? longDate.format(new Date(profile.value.createdAt)) : '—'}
						</dd>
					</dl>
					{profile.value.organization_id ? (
						<div className="mt-4">
							<LeaveOrganization />
						</div>
					) : null}
				</section>
			) : (
				<LoadError error={profile.error} />
			)}
		</div>
	)
}

function Summary({
	id,
	title,
	more,
	children,
}: {
	id: string
	title: string
	more: { to: string; label: string }
	children: ReactNode
}) {
	return (
		<section
			aria-labelledby={id}
			className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
		>
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			{children}
			<Link to={more.to} className="mt-auto text-sm font-medium text-indigo-800 underline">
				{more.label}
			</Link>
		</section>
	)
}

import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { formatPercent } from '~/platform/numbers'
import type { ReactNode } from 'react'
import { Link } from '~/ui/link'
import { LeaveOrganization, StudentInvitations } from '~/features/organizations/student-invitations'
import { Reminders } from '~/features/reminders/reminders'
import { NextSession } from '~/features/schedules/schedule-views'
import { DateTime, StatusBadge } from '~/features/tasks/components'
import { LoadError } from '~/ui/load-error'
import { Detail, DetailList, Panel } from '~/ui/panel'
import { formatCalendarDate } from '~/platform/dates'
import { TextLink } from '~/ui/text-link'
import type { loadStudentDashboard } from './student-dashboard.server'

/** The student's home: invitations, the next session, tasks due, unread news, results, the account. */
export function StudentDashboardPage({
	name,
	zone,
	now,
	profile,
	invitations,
	invitationsAwaitingVerification,
	next,
	due,
	unread,
	results,
	reminders,
}: Awaited<ReturnType<typeof loadStudentDashboard>>) {
	const { t } = useLingui()
	const unreadCount = unread.ok ? unread.count : 0
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Welcome, {name}</Trans>
			</h1>
			<StudentInvitations
				invitations={invitations}
				awaitingVerification={invitationsAwaitingVerification}
			/>
			<Reminders reminders={reminders} zone={zone} />
			{next !== undefined ? (
				<NextSession schedule={next} zone={zone} now={now} />
			) : (
				<p className="text-slate-700">
					<Trans>Your sessions could not be loaded.</Trans>
				</p>
			)}
			<div className="grid gap-6 md:grid-cols-3">
				<Summary
					id="due-heading"
					title={t`Tasks due`}
					more={{ to: '/studentdashboard/tasks', label: t`All tasks` }}
				>
					{!due.ok ? (
						<p className="text-slate-700">
							<Trans>Your tasks could not be loaded.</Trans>
						</p>
					) : due.tasks.length ? (
						<ul className="flex flex-col gap-3">
							{due.tasks.map((task) => (
								<li key={task.id} className="flex flex-col gap-1">
									<TextLink to={`/studentdashboard/task-details?taskId=${task.id}`}>
										{task.title}
									</TextLink>
									<span className="text-sm text-slate-700">
										<Trans>
											Due <DateTime iso={task.dueDate} timeZone={zone} />
										</Trans>
									</span>
									{task.submissionStatus ? <StatusBadge status={task.submissionStatus} /> : null}
								</li>
							))}
						</ul>
					) : (
						<p className="text-slate-700">
							<Trans>Nothing due. You are up to date.</Trans>
						</p>
					)}
				</Summary>
				<Summary
					id="unread-heading"
					title={t`Announcements`}
					more={{ to: '/studentdashboard/announcements', label: t`All announcements` }}
				>
					{!unread.ok ? (
						<p className="text-slate-700">
							<Trans>Announcements could not be loaded.</Trans>
						</p>
					) : unread.count ? (
						<>
							<p className="text-sm text-slate-700">
								<Plural
									value={unreadCount}
									one="# unread announcement"
									other="# unread announcements"
								/>
							</p>
							<ul className="flex flex-col gap-2">
								{unread.latest.map((item) => (
									<li key={item.id}>
										<TextLink to={`/studentdashboard/announcements/${item.id}`}>
											{item.title}
										</TextLink>
									</li>
								))}
							</ul>
						</>
					) : (
						<p className="text-slate-700">
							<Trans>No unread announcements.</Trans>
						</p>
					)}
				</Summary>
				<Summary
					id="results-heading"
					title={t`Recent results`}
					more={{ to: '/studentdashboard/test-results', label: t`All results` }}
				>
					{!results.ok ? (
						<p className="text-slate-700">
							<Trans>Your results could not be loaded.</Trans>
						</p>
					) : results.history.length ? (
						<ul className="flex flex-col gap-2">
							{results.history.map((entry) => (
								<li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2">
									<TextLink to={`/studentdashboard/test-summary/${entry.id}`}>
										{entry.templateTitle}
									</TextLink>
									<span className="text-sm">{formatPercent(Math.round(entry.percentage))}</span>
								</li>
							))}
						</ul>
					) : (
						<p className="text-slate-700">
							<Trans>No test results yet.</Trans>
						</p>
					)}
				</Summary>
			</div>
			{profile.ok ? (
				<Panel id="profile-heading" title={t`Your account`}>
					<DetailList>
						<Detail term={t`Email`}>{profile.value.email}</Detail>
						<Detail term={t`Grade level`}>{profile.value.gradeLevel ?? t`Not set`}</Detail>
						<Detail term={t`Member since`}>
							{profile.value.createdAt
								? formatCalendarDate(profile.value.createdAt, zone, 'long')
								: '—'}
						</Detail>
					</DetailList>
					{profile.value.organization_id ? (
						<div className="mt-4">
							<LeaveOrganization />
						</div>
					) : null}
				</Panel>
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

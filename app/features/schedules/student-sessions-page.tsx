import { Trans, useLingui } from '@lingui/react/macro'
import type { SubmissionResult } from '@conform-to/react'
import { Form, useSearchParams } from 'react-router'
import { Button } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { nextUpcomingSchedule, weekAddress } from './calendar'
import { CalendarFeed } from './calendar-feed'
import {
	NextSession,
	ScheduleStats,
	SessionList,
	TodaysSessions,
	WeekOfSessions,
} from './schedule-views'
import type { loadStudentSessionsPage } from './student-sessions.server'
import { TimeZonePicker } from './time-zone'
import { FormErrors, formErrorsOf } from '~/ui/field'

/** The student's sessions: stats, the next session, today, the week, upcoming, past, the feed. */
export function StudentSessionsPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadStudentSessionsPage>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { zone, now, today, week, weekList, todayList, upcoming, past, remaining } = loaderData
	const [searchParams] = useSearchParams()
	const failure = [weekList, todayList, remaining, upcoming, past].find((result) => !result.ok)
	const weekHref = (date: string | null) =>
		weekAddress('/studentdashboard/sessions', searchParams, date, ['weekPage'])
	const { t } = useLingui()
	const next = remaining.ok ? nextUpcomingSchedule(remaining.value.schedules, now) : null

	return (
		<div className="flex flex-col gap-8">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold">
						<Trans>My sessions</Trans>
					</h1>
					<TimeZonePicker zone={zone} />
				</div>
				<Form method="post">
					<input type="hidden" name="intent" value="refresh" />
					<Button variant="secondary">
						<Trans>Refresh</Trans>
					</Button>
				</Form>
			</div>
			<FormErrors id="sessions-errors" errors={formErrorsOf(actionData)} />
			{failure && !failure.ok ? <LoadError error={failure.error} /> : null}

			<ScheduleStats today={today} week={week} todayList={todayList} weekList={weekList} />

			{remaining.ok ? <NextSession schedule={next} zone={zone} now={now} /> : null}

			<section aria-labelledby="today-heading" className="flex flex-col gap-3">
				<h2 id="today-heading" className="text-lg font-semibold">
					<Trans>Today</Trans>
				</h2>
				{todayList.ok ? (
					<TodaysSessions list={todayList.value} zone={zone} now={now} showAttendance />
				) : (
					<p className="text-slate-700">
						<Trans>Today’s sessions could not be loaded.</Trans>
					</p>
				)}
			</section>

			<WeekOfSessions page={loaderData} weekHref={weekHref} />

			<section aria-labelledby="upcoming-heading" className="flex flex-col gap-3">
				<h2 id="upcoming-heading" className="text-lg font-semibold">
					<Trans>Upcoming</Trans>
				</h2>
				{upcoming.ok ? (
					<SessionList
						label={t`Upcoming sessions`}
						schedules={upcoming.value.schedules}
						zone={zone}
						now={now}
						empty={t`No upcoming sessions.`}
					/>
				) : (
					<p className="text-slate-700">
						<Trans>Upcoming sessions could not be loaded.</Trans>
					</p>
				)}
			</section>

			<section aria-labelledby="past-heading" className="flex flex-col gap-3">
				<h2 id="past-heading" className="text-lg font-semibold">
					<Trans>Recent sessions</Trans>
				</h2>
				{past.ok ? (
					<SessionList
						label={t`Recent sessions`}
						schedules={past.value.schedules}
						zone={zone}
						now={now}
						empty={t`No past sessions yet.`}
						showAttendance
					/>
				) : (
					<p className="text-slate-700">
						<Trans>Recent sessions could not be loaded.</Trans>
					</p>
				)}
			</section>

			<CalendarFeed links={loaderData.calendarFeed} />
		</div>
	)
}

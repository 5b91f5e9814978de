import { Trans, useLingui } from '@lingui/react/macro'
import type { SubmissionResult } from '@conform-to/react'
import { Form, useSearchParams } from 'react-router'
import { Link } from '~/ui/link'
import { Button, buttonClass } from '~/ui/button'
import { FormErrors, formErrorsOf } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { TextLink } from '~/ui/text-link'
import { nextUpcomingSchedule, weekAddress } from './calendar'
import { CalendarFeed } from './calendar-feed'
import {
	NextSession,
	ScheduleActions,
	ScheduleStats,
	ScheduleTable,
	TodaysSessions,
	WeekOfSessions,
} from './schedule-views'
import type { loadTeacherSchedulePage } from './teacher-schedule.server'
import { TimeZonePicker } from './time-zone'

/** The teacher's schedule: counts, the next session, today, the week, every session and the feed. */
export function TeacherSchedulePage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadTeacherSchedulePage>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { zone, now, today, week, weekList, todayList, upcoming, list, page, status } = loaderData
	const [searchParams] = useSearchParams()
	const failure = [weekList, todayList, upcoming, list].find((result) => !result.ok)
	// A refused cancel or delete: the API's reason (or a tampered form's) above the lists.
	// Another week starts the list of every session and the week at their first pages again.
	const weekHref = (date: string | null) =>
		weekAddress('/teachersdashboard/schedule', searchParams, date, ['page', 'weekPage'])
	const pageHref = (target: number) => {
		const params = new URLSearchParams(searchParams)
		params.set('page', String(target))
		return `?${params.toString()}`
	}
	const { t } = useLingui()
	const totalPages = list.ok ? Math.max(1, Math.ceil(list.value.pagination.total / 10)) : 1

	return (
		<div className="flex flex-col gap-8">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold">
						<Trans>Schedule</Trans>
					</h1>
					<TimeZonePicker zone={zone} />
				</div>
				<div className="flex flex-wrap gap-3">
					<Form method="post">
						<input type="hidden" name="intent" value="refresh" />
						<Button variant="secondary">
							<Trans>Refresh</Trans>
						</Button>
					</Form>
					<Link to="/teachersdashboard/schedule/new" className={buttonClass()}>
						<Trans>New session</Trans>
					</Link>
				</div>
			</div>

			<FormErrors id="schedule-errors" errors={formErrorsOf(actionData)} />
			{failure && !failure.ok ? <LoadError error={failure.error} /> : null}

			<ScheduleStats today={today} week={week} todayList={todayList} weekList={weekList} />

			{upcoming.ok ? (
				<NextSession
					schedule={nextUpcomingSchedule(upcoming.value.schedules, now)}
					zone={zone}
					now={now}
				/>
			) : null}

			<section aria-labelledby="today-heading" className="flex flex-col gap-3">
				<h2 id="today-heading" className="text-lg font-semibold">
					<Trans>Today’s sessions</Trans>
				</h2>
				{todayList.ok ? (
					<TodaysSessions
						list={todayList.value}
						zone={zone}
						now={now}
						actions={(schedule) => <ScheduleActions schedule={schedule} zone={zone} now={now} />}
					/>
				) : (
					<p className="text-slate-700">
						<Trans>Today’s sessions could not be loaded.</Trans>
					</p>
				)}
			</section>

			<WeekOfSessions
				page={loaderData}
				weekHref={weekHref}
				addHref={(date) => `/teachersdashboard/schedule/new?date=${date}`}
			/>

			<section aria-labelledby="all-heading" className="flex flex-col gap-3">
				<div className="flex flex-wrap items-end justify-between gap-3">
					<h2 id="all-heading" className="text-lg font-semibold">
						<Trans>All sessions</Trans>
					</h2>
					<Form method="get" className="flex min-w-0 items-end gap-2">
						{searchParams.get('week') ? (
							<input type="hidden" name="week" value={searchParams.get('week') ?? ''} />
						) : null}
						<div className="flex min-w-0 flex-col gap-1">
							<label htmlFor="status-filter" className="text-sm font-medium">
								<Trans>Status</Trans>
							</label>
							<select
								// Remounted when the filter changes, so the uncontrolled select shows it.
								key={status}
								id="status-filter"
								name="status"
								defaultValue={status}
								className="rounded-md border border-slate-400 bg-white px-3 py-2"
							>
								<option value="">{t`All`}</option>
								<option value="Scheduled">{t`Scheduled`}</option>
								<option value="Completed">{t`Completed`}</option>
								<option value="Cancelled">{t`Cancelled`}</option>
							</select>
						</div>
						<Button variant="secondary">
							<Trans>Filter</Trans>
						</Button>
					</Form>
				</div>
				{list.ok ? (
					<>
						<ScheduleTable
							schedules={list.value.schedules}
							total={list.value.pagination.total}
							zone={zone}
							now={now}
						/>
						{totalPages > 1 ? (
							<nav aria-label={t`Pages`} className="flex items-center gap-4 text-sm">
								{page > 1 ? (
									<TextLink to={pageHref(page - 1)}>
										<Trans>Previous page</Trans>
									</TextLink>
								) : null}
								<span>
									<Trans>
										Page {page} of {totalPages}
									</Trans>
								</span>
								{page < totalPages ? (
									<TextLink to={pageHref(page + 1)}>
										<Trans>Next page</Trans>
									</TextLink>
								) : null}
							</nav>
						) : null}
					</>
				) : (
					<p className="text-slate-700">
						<Trans>The session list could not be loaded.</Trans>
					</p>
				)}
			</section>

			<CalendarFeed links={loaderData.calendarFeed} />
		</div>
	)
}

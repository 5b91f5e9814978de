import type { FieldMetadata } from '@conform-to/react'
import { msg, t } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { Button } from '~/ui/button'
import { ConformField, ConformSelect, ConformTextArea } from '~/ui/field'
import type { Settled } from '~/platform/settle.server'
import { formatDate, formatDay, formatTime } from '~/platform/dates'
import { Pagination } from '~/ui/pagination'
import { formatNumber } from '~/platform/numbers'
import { Table } from '~/ui/table'
import { sessionsByDay, statusAt, todaysSchedules, type Week } from './calendar'
import { formatDuration, formatHours, formatWeek } from './format'
import type { Schedule } from './schema'
import { addDays, dateInZone, timeZoneNames } from './time-zones'

// Class lists, not words.
/* eslint-disable lingui/no-unlocalized-strings */
const statusStyles: Record<string, string> = {
	Scheduled: 'bg-indigo-100 text-indigo-900',
	Completed: 'bg-emerald-100 text-emerald-900',
	Cancelled: 'bg-red-100 text-red-900',
}
/* eslint-enable lingui/no-unlocalized-strings */

// The statuses' names as people read them; the API's own word where it sends another.
const statusNames: Record<string, MessageDescriptor> = {
	Scheduled: msg`Scheduled`,
	Completed: msg`Completed`,
	Cancelled: msg`Cancelled`,
}

/** A session's or an attendance's status in the page's language. */
const attendanceNames: Record<string, MessageDescriptor> = {
	Present: msg`Present`,
	Absent: msg`Absent`,
	Late: msg`Late`,
	Excused: msg`Excused`,
}

export function useStatusName() {
	const { i18n } = useLingui()
	return (status: string) => {
		const name = statusNames[status] ?? attendanceNames[status]
		return name ? i18n._(name) : status
	}
}

export function StatusBadge({ status }: { status: string }) {
	const statusName = useStatusName()
	return (
		<span
			className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[status] ?? 'bg-slate-100 text-slate-800'}`}
		>
			{statusName(status)}
		</span>
	)
}

const linkClass = 'font-semibold text-indigo-800 underline hover:text-indigo-950'

/** 'Sun, Nov 22, 2026, 3:00 PM – 4:30 PM' in the viewer's zone. */
export function sessionWhen(schedule: Schedule, zone: string) {
	const start = Date.parse(schedule.startsAt)
	// The end instant itself is not part of the session, hence the minute back.
	const nextDay = dateInZone(start, zone) !== dateInZone(Date.parse(schedule.endsAt) - 60_000, zone)
	const date = formatDate(start, zone)
	const from = formatTime(start, zone)
	const to = formatTime(schedule.endsAt, zone)
	return nextDay ? t`${date}, ${from} – ${to} (next day)` : t`${date}, ${from} – ${to}`
}

/** The time as the teacher entered it, when their zone is not the viewer's. */
function EnteredTime({ schedule, zone }: { schedule: Schedule; zone: string }) {
	if (schedule.timeZone === zone) return null
	const time = formatTime(schedule.startsAt, schedule.timeZone)
	const timeZone = schedule.timeZone
	return (
		<span className="block text-xs text-slate-600">
			<Trans>
				Set for {time} {timeZone}
			</Trans>
		</span>
	)
}

const sessionLabel = (schedule: Schedule, zone: string) => {
	const title = schedule.title
	const date = formatDate(schedule.startsAt, zone)
	return t`${title} on ${date}`
}

/** Edit, take attendance, cancel, and delete behind a confirmation; plain forms that need no JavaScript. */
export function ScheduleActions({
	schedule,
	zone,
	now,
}: {
	schedule: Schedule
	zone: string
	now: number
}) {
	const { t } = useLingui()
	const status = statusAt(schedule, now)
	const label = sessionLabel(schedule, zone)
	const title = schedule.title
	return (
		<div className="flex flex-wrap items-start gap-x-3 gap-y-2 text-sm">
			{/* A cancelled session is final: it can be deleted, not edited (the API refuses too). */}
			{status !== 'Cancelled' ? (
				<>
					<Link
						to={`/teachersdashboard/schedule/${schedule.id}/edit`}
						aria-label={t`Edit ${label}`}
						className={linkClass}
					>
						<Trans>Edit</Trans>
					</Link>
					<Link
						to={`/teachersdashboard/schedule/${schedule.id}/attendance`}
						aria-label={t`Attendance for ${label}`}
						className={linkClass}
					>
						<Trans>Attendance</Trans>
					</Link>
				</>
			) : null}
			{status === 'Scheduled' ? (
				// Asks first, like Delete: one click never cancels a session students are expecting.
				<details>
					<summary
						aria-label={t`Cancel session ${label}`}
						className={`cursor-pointer ${linkClass} text-red-800`}
					>
						<Trans>Cancel session</Trans>
					</summary>
					<Form
						method="post"
						className="mt-2 flex max-w-xs flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3"
					>
						<p className="text-red-900">
							<Trans>
								Cancel “{title}”? Its students see it as cancelled, and it cannot be edited
								afterwards.
							</Trans>
						</p>
						<input type="hidden" name="intent" value="cancel" />
						<input type="hidden" name="scheduleId" value={schedule.id} />
						<Button variant="danger" aria-label={t`Yes, cancel ${label}`}>
							<Trans>Yes, cancel session</Trans>
						</Button>
					</Form>
				</details>
			) : null}
			<details>
				<summary
					aria-label={t`Delete ${label}`}
					className={`cursor-pointer ${linkClass} text-red-800`}
				>
					<Trans>Delete</Trans>
				</summary>
				<Form
					method="post"
					className="mt-2 flex max-w-xs flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3"
				>
					<p className="text-red-900">
						<Trans>Delete “{title}” for good? Its attendance is deleted with it.</Trans>
					</p>
					<input type="hidden" name="intent" value="delete" />
					<input type="hidden" name="scheduleId" value={schedule.id} />
					<Button variant="danger" aria-label={t`Yes, delete ${label}`}>
						<Trans>Yes, delete</Trans>
					</Button>
				</Form>
			</details>
		</div>
	)
}

/** A list of sessions as cards: today's, upcoming, past. */
export function SessionList({
	schedules,
	zone,
	now,
	empty,
	label,
	actions,
	showAttendance = false,
}: {
	schedules: Schedule[]
	zone: string
	now: number
	empty: string
	label: string
	actions?: (schedule: Schedule) => ReactNode
	showAttendance?: boolean
}) {
	const { t } = useLingui()
	const statusName = useStatusName()
	if (!schedules.length) return <p className="text-slate-700">{empty}</p>
	return (
		<ul aria-label={label} className="flex flex-col gap-3">
			{schedules.map((schedule) => {
				const status = statusAt(schedule, now)
				const attendance = statusName(schedule.attendanceStatus ?? '')
				const session = sessionLabel(schedule, zone)
				return (
					<li key={schedule.id} className="rounded-lg border border-slate-200 bg-white p-4">
						<div className="flex flex-wrap items-start justify-between gap-2">
							<div>
								<p className={`font-semibold ${status === 'Cancelled' ? 'line-through' : ''}`}>
									{schedule.title}
								</p>
								<p className="text-sm text-slate-700">{schedule.courseTitle}</p>
							</div>
							<StatusBadge status={status} />
						</div>
						<p className="mt-2 text-sm">
							{sessionWhen(schedule, zone)}{' '}
							<span className="text-slate-600">({formatDuration(schedule.duration)})</span>
							<EnteredTime schedule={schedule} zone={zone} />
						</p>
						{schedule.description ? (
							<p className="mt-2 text-sm text-slate-700">{schedule.description}</p>
						) : null}
						{showAttendance && schedule.attendanceStatus ? (
							<p className="mt-2 text-sm">
								<Trans>
									Your attendance: <span className="font-semibold">{attendance}</span>
								</Trans>
							</p>
						) : null}
						{schedule.roomId && status !== 'Cancelled' ? (
							<Link
								to={`/conference/classroom/${schedule.roomId}`}
								aria-label={t`Join the live classroom for ${session}`}
								className={`mt-2 inline-block text-sm ${linkClass}`}
							>
								<Trans>Join the live classroom</Trans>
							</Link>
						) : null}
						{actions ? <div className="mt-3">{actions(schedule)}</div> : null}
					</li>
				)
			})}
		</ul>
	)
}

export function NextSession({
	schedule,
	zone,
	now,
}: {
	schedule: Schedule | null
	zone: string
	now: number
}) {
	return (
		<section
			aria-labelledby="next-session-heading"
			className="rounded-lg border border-indigo-200 bg-indigo-50 p-4"
		>
			<h2
				id="next-session-heading"
				className="text-sm font-semibold uppercase tracking-wide text-indigo-900"
			>
				<Trans>Next session</Trans>
			</h2>
			{schedule ? (
				<>
					<p className="mt-1 text-lg font-semibold">{schedule.title}</p>
					<p className="text-sm text-slate-800">
						{schedule.courseTitle} · {sessionWhen(schedule, zone)}
						{Date.parse(schedule.startsAt) <= now ? (
							<span className="font-semibold">
								{' · '}
								<Trans>In progress</Trans>
							</span>
						) : null}
					</p>
				</>
			) : (
				<p className="mt-1 text-slate-800">
					<Trans>No upcoming sessions.</Trans>
				</p>
			)}
		</section>
	)
}

type Totalled = Settled<{ totals?: { sessions: number; minutes: number } }>

/**
 * The day and week counts and the week's hours from the lists' totals (cancelled sessions left
 * out, spec section 4; hours are the summed minutes divided by 60, section 9), '–' where the call
 * behind it failed, with the week called "this week" when it holds today.
 */
export function ScheduleStats({
	today,
	week,
	todayList,
	weekList,
}: {
	today: string
	week: Week
	todayList: Totalled
	weekList: Totalled
}) {
	const { t } = useLingui()
	const thisWeek = today >= week.startDate && today < week.endDate
	const totals = (list: Totalled) => (list.ok ? (list.value.totals ?? null) : null)
	const [day, days] = [totals(todayList), totals(weekList)]
	const items = [
		{ key: 'today', label: t`Sessions today`, value: day?.sessions },
		{
			key: 'week',
			label: thisWeek ? t`Sessions this week` : t`Sessions in this week`,
			value: days?.sessions,
		},
		{
			key: 'hours',
			label: thisWeek ? t`Hours this week` : t`Hours in this week`,
			value: days ? formatHours(days.minutes / 60) : null,
		},
	]
	return (
		<dl className="grid gap-3 sm:grid-cols-3">
			{items.map((item) => (
				<div key={item.key} className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="text-sm text-slate-700">{item.label}</dt>
					<dd className="mt-1 text-2xl font-bold">
						{typeof item.value === 'number' ? formatNumber(item.value) : (item.value ?? '–')}
					</dd>
				</div>
			))}
		</dl>
	)
}

type ListPage = { total: number; page: number; limit?: number; totalPages?: number }

const pagesOf = ({ total, limit }: ListPage, shown: number) =>
	Math.max(1, Math.ceil(total / Math.max(1, limit ?? shown)))

/** "Sessions 101–200 of 503 in this week" and the links to the list's other pages, when it has some. */
export function PageOfList({
	pagination,
	shown,
	what,
	param,
	label,
}: {
	pagination: ListPage
	shown: number
	/** Which list: today's sessions or the week's. */
	what: 'today' | 'week'
	param: string
	label: string
}) {
	const { total, page, limit = shown } = pagination
	const totalPages = pagesOf(pagination, shown)
	if (totalPages <= 1) return null
	const first = (page - 1) * limit + 1
	return (
		<div className="flex flex-wrap items-center justify-between gap-2 text-sm">
			<p>
				<PageOfListText first={first} last={first + shown - 1} total={total} what={what} />
			</p>
			<Pagination page={page} totalPages={totalPages} label={label} param={param} />
		</div>
	)
}

/** 'Sessions 101–200 of 503 in this week', 'Sessions none of 12 today'. */
function PageOfListText({
	first,
	last,
	total,
	what,
}: {
	first: number
	last: number
	total: number
	what: 'today' | 'week'
}) {
	if (last < first) {
		return what === 'today' ? (
			<Trans>Sessions none of {total} today</Trans>
		) : (
			<Trans>Sessions none of {total} in this week</Trans>
		)
	}
	return what === 'today' ? (
		<Trans>
			Sessions {first}–{last} of {total} today
		</Trans>
	) : (
		<Trans>
			Sessions {first}–{last} of {total} in this week
		</Trans>
	)
}

/**
 * Today's sessions, cancelled ones left out (spec section 4), a page at a time (`?todayPage=`)
 * with the day's true total when there are more than one page.
 */
export function TodaysSessions({
	list,
	zone,
	now,
	actions,
	showAttendance,
}: {
	list: { schedules: Schedule[]; pagination: ListPage }
	zone: string
	now: number
	actions?: (schedule: Schedule) => ReactNode
	showAttendance?: boolean
}) {
	const { t } = useLingui()
	return (
		<>
			<SessionList
				label={t`Today’s sessions`}
				schedules={todaysSchedules(list.schedules, now, zone)}
				zone={zone}
				now={now}
				empty={t`No sessions today.`}
				actions={actions}
				showAttendance={showAttendance}
			/>
			<PageOfList
				pagination={list.pagination}
				shown={list.schedules.length}
				what="today"
				param="todayPage"
				label={t`Pages of today’s sessions`}
			/>
		</>
	)
}

/**
 * Sunday to Saturday, each day with its sessions (cancelled ones struck through). A week of more
 * sessions than one page shows a page of them (`?weekPage=`) with the week's true total; a day
 * before or after the page's sessions says "None on this page" rather than "No sessions".
 */
/**
 * The week's calendar from the schedule page's data (its week, that week's page of sessions, the
 * zone, today and now), with links to the week before, this one (`weekHref(null)`) and the next;
 * or a line saying it could not be loaded.
 */
export function WeekOfSessions({
	page: { week, weekList, zone, today, now },
	weekHref,
	addHref,
}: {
	page: {
		week: Week
		weekList: Settled<{ schedules: Schedule[]; pagination: ListPage }>
		zone: string
		today: string
		now: number
	}
	weekHref: (date: string | null) => string
	addHref?: (date: string) => string
}) {
	if (!weekList.ok) {
		return (
			<p className="text-slate-700">
				<Trans>This week could not be loaded.</Trans>
			</p>
		)
	}
	return (
		<WeekView
			week={week}
			days={sessionsByDay(weekList.value.schedules, week, zone)}
			pagination={weekList.value.pagination}
			zone={zone}
			today={today}
			now={now}
			links={{
				previous: weekHref(addDays(week.startDate, -7)),
				current: weekHref(null),
				next: weekHref(addDays(week.startDate, 7)),
			}}
			addHref={addHref}
		/>
	)
}

function WeekView({
	week,
	days,
	pagination,
	zone,
	today,
	now,
	links,
	addHref,
}: {
	week: Week
	days: { date: string; schedules: Schedule[] }[]
	pagination: ListPage
	zone: string
	today: string
	now: number
	links: { previous: string; current: string; next: string }
	/** The teacher's "Add" link of each day; a student's week has none. */
	addHref?: (date: string) => string
}) {
	const { t } = useLingui()
	const shown = days.reduce((sum, day) => sum + day.schedules.length, 0)
	const busy = days.flatMap((day, index) => (day.schedules.length ? [index] : []))
	const lastPage = pagesOf(pagination, shown)
	// A day outside this page's first and last session's may have sessions on another page.
	const elsewhere = (index: number) =>
		(pagination.page > 1 && index < (busy[0] ?? days.length)) ||
		(pagination.page < lastPage && index > (busy.at(-1) ?? -1))
			? t`None on this page`
			: t`No sessions`
	const weekRange = formatWeek(week.startDate, week.days[6] ?? week.startDate)
	return (
		<section aria-labelledby="week-heading" className="flex flex-col gap-3">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h2 id="week-heading" className="text-lg font-semibold">
					<Trans>Week of {weekRange}</Trans>
				</h2>
				<nav aria-label={t`Weeks`} className="flex gap-3 text-sm">
					<Link to={links.previous} className={linkClass}>
						<Trans>Previous week</Trans>
					</Link>
					<Link to={links.current} className={linkClass}>
						<Trans>This week</Trans>
					</Link>
					<Link to={links.next} className={linkClass}>
						<Trans>Next week</Trans>
					</Link>
				</nav>
			</div>
			<PageOfList
				pagination={pagination}
				shown={shown}
				what="week"
				param="weekPage"
				label={t`Pages of this week`}
			/>
			<ol className="grid gap-2 md:grid-cols-7">
				{days.map(({ date, schedules }, index) => {
					const day = formatDay(date)
					return (
						<li
							key={date}
							aria-label={day}
							className={`flex min-h-28 flex-col gap-2 rounded-lg border bg-white p-2 ${date === today ? 'border-indigo-600' : 'border-slate-200'}`}
						>
							<h3 className="text-sm font-semibold">
								{formatDay(date, 'short')}
								{date === today ? (
									<span className="ms-1 text-indigo-800">
										<Trans>(today)</Trans>
									</span>
								) : null}
							</h3>
							{schedules.length ? (
								<ul className="flex flex-col gap-2">
									{schedules.map((schedule) => {
										const status = statusAt(schedule, now)
										return (
											<li
												key={schedule.id}
												className="rounded border border-slate-200 p-1.5 text-xs"
											>
												<p className="font-semibold">{formatTime(schedule.startsAt, zone)}</p>
												<p className={status === 'Cancelled' ? 'line-through' : ''}>
													{schedule.title}
												</p>
												<p className="text-slate-600">{formatDuration(schedule.duration)}</p>
												<StatusBadge status={status} />
											</li>
										)
									})}
								</ul>
							) : (
								<p className="text-xs text-slate-600">{elsewhere(index)}</p>
							)}
							{addHref ? (
								<Link
									to={addHref(date)}
									aria-label={t`Add a session on ${day}`}
									className={`mt-auto text-xs ${linkClass}`}
								>
									<Trans>Add</Trans>
								</Link>
							) : null}
						</li>
					)
				})}
			</ol>
		</section>
	)
}

export function ScheduleTable({
	schedules,
	total,
	zone,
	now,
}: {
	schedules: Schedule[]
	total: number
	zone: string
	now: number
}) {
	const { t } = useLingui()
	if (!schedules.length) {
		return (
			<p className="text-slate-700">
				<Trans>No sessions match.</Trans>
			</p>
		)
	}
	const count = formatNumber(total)
	return (
		<Table
			label={t`All sessions`}
			caption={<Trans>All sessions ({count})</Trans>}
			headers={[t`When`, t`Session`, t`Duration`, t`Status`, t`Actions`]}
		>
			{schedules.map((schedule) => (
				<tr key={schedule.id} className="border-t border-slate-200 align-top">
					<td className="px-4 py-2">
						{sessionWhen(schedule, zone)}
						<EnteredTime schedule={schedule} zone={zone} />
					</td>
					<td className="px-4 py-2">
						<span className="font-semibold">{schedule.title}</span>
						<span className="block text-slate-600">{schedule.courseTitle}</span>
					</td>
					<td className="px-4 py-2">{formatDuration(schedule.duration)}</td>
					<td className="px-4 py-2">
						<StatusBadge status={statusAt(schedule, now)} />
					</td>
					<td className="px-4 py-2">
						<ScheduleActions schedule={schedule} zone={zone} now={now} />
					</td>
				</tr>
			))}
		</Table>
	)
}

type Fields = Record<
	'courseId' | 'title' | 'description' | 'scheduledDate' | 'startTime' | 'duration' | 'timeZone',
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata, any form
	FieldMetadata<any>
>

/** The create and edit form's fields. */
export function ScheduleFormFields({
	fields,
	courses,
	timeZone,
}: {
	fields: Fields
	courses: { id: string; title: string }[]
	timeZone: string
}) {
	const { t } = useLingui()
	return (
		<>
			<ConformSelect
				label={t`Course`}
				meta={fields.courseId}
				options={[
					{ value: '', label: t`Choose a course…` },
					...courses.map((course) => ({ value: course.id, label: course.title })),
				]}
				required
			/>
			<ConformField label={t`Title`} meta={fields.title} required maxLength={200} />
			<ConformTextArea label={t`Description (optional)`} meta={fields.description} rows={3} />
			<div className="grid gap-4 sm:grid-cols-3">
				<ConformField label={t`Date`} meta={fields.scheduledDate} type="date" required />
				<ConformField label={t`Start time`} meta={fields.startTime} type="time" required />
				<ConformField
					label={t`Duration (minutes)`}
					meta={fields.duration}
					type="number"
					min={5}
					max={720}
					required
				/>
			</div>
			<ConformSelect
				label={t`Time zone`}
				hint={t`The date and start time are in this zone.`}
				meta={fields.timeZone}
				options={timeZoneNames(timeZone).map((zone) => ({ value: zone, label: zone }))}
				required
			/>
		</>
	)
}

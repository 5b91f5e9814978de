import type { FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { Button } from '~/ui/button'
import { ConformField, ConformSelect, ConformTextArea } from '~/ui/field'
import type { Settled } from '~/platform/settle.server'
import { formatDate, formatDay, formatTime } from '~/platform/dates'
import { Pagination } from '~/ui/pagination'
import { Table } from '~/ui/table'
import { sessionsByDay, statusAt, todaysSchedules, type Week } from './calendar'
import { formatDuration, formatHours, formatWeek } from './format'
import type { Schedule } from './schema'
import { addDays, dateInZone, timeZoneNames } from './time-zones'

const statusStyles: Record<string, string> = {
	Scheduled: 'bg-indigo-100 text-indigo-900',
	Completed: 'bg-emerald-100 text-emerald-900',
	Cancelled: 'bg-red-100 text-red-900',
}

export function StatusBadge({ status }: { status: string }) {
	return (
		<span
			className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[status] ?? 'bg-slate-100 text-slate-800'}`}
		>
			{status}
		</span>
	)
}

const linkClass = 'font-semibold text-indigo-800 underline hover:text-indigo-950'

/** 'Sun, Nov 22, 2026, 3:00 PM – 4:30 PM' in the viewer's zone. */
export function sessionWhen(schedule: Schedule, zone: string) {
	const start = Date.parse(schedule.startsAt)
	// The end instant itself is not part of the session, hence the minute back.
	const nextDay = dateInZone(start, zone) !== dateInZone(Date.parse(schedule.endsAt) - 60_000, zone)
	return `${formatDate(start, zone)}, ${formatTime(start, zone)} – ${formatTime(schedule.endsAt, zone)}${nextDay ? ' (next day)' : ''}`
}

/** The time as the teacher entered it, when their zone is not the viewer's. */
function EnteredTime({ schedule, zone }: { schedule: Schedule; zone: string }) {
	if (schedule.timeZone === zone) return null
	return (
		<span className="block text-xs text-slate-600">
			Set for {formatTime(schedule.startsAt, schedule.timeZone)} {schedule.timeZone}
		</span>
	)
}

const sessionLabel = (schedule: Schedule, zone: string) =>
	`${schedule.title} on ${formatDate(schedule.startsAt, zone)}`

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
	const status = statusAt(schedule, now)
	const label = sessionLabel(schedule, zone)
	return (
		<div className="flex flex-wrap items-start gap-x-3 gap-y-2 text-sm">
			{/* A cancelled session is final: it can be deleted, not edited (the API refuses too). */}
			{status !== 'Cancelled' ? (
				<>
					<Link
						to={`/teachersdashboard/schedule/${schedule.id}/edit`}
						aria-label={`Edit ${label}`}
						className={linkClass}
					>
						Edit
					</Link>
					<Link
						to={`/teachersdashboard/schedule/${schedule.id}/attendance`}
						aria-label={`Attendance for ${label}`}
						className={linkClass}
					>
						Attendance
					</Link>
				</>
			) : null}
			{status === 'Scheduled' ? (
				// Asks first, like Delete: one click never cancels a session students are expecting.
				<details>
					<summary
						aria-label={`Cancel session ${label}`}
						className={`cursor-pointer ${linkClass} text-red-800`}
					>
						Cancel session
					</summary>
					<Form
						method="post"
						className="mt-2 flex max-w-xs flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3"
					>
						<p className="text-red-900">
							Cancel “{schedule.title}”? Its students see it as cancelled, and it cannot be edited
							afterwards.
						</p>
						<input type="hidden" name="intent" value="cancel" />
						<input type="hidden" name="scheduleId" value={schedule.id} />
						<Button variant="danger" aria-label={`Yes, cancel ${label}`}>
							Yes, cancel session
						</Button>
					</Form>
				</details>
			) : null}
			<details>
				<summary
					aria-label={`Delete ${label}`}
					className={`cursor-pointer ${linkClass} text-red-800`}
				>
					Delete
				</summary>
				<Form
					method="post"
					className="mt-2 flex max-w-xs flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3"
				>
					<p className="text-red-900">
						Delete “{schedule.title}” for good? Its attendance is deleted with it.
					</p>
					<input type="hidden" name="intent" value="delete" />
					<input type="hidden" name="scheduleId" value={schedule.id} />
					<Button variant="danger" aria-label={`Yes, delete ${label}`}>
						Yes, delete
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
	if (!schedules.length) return <p className="text-slate-700">{empty}</p>
	return (
		<ul aria-label={label} className="flex flex-col gap-3">
			{schedules.map((schedule) => {
				const status = statusAt(schedule, now)
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
								Your attendance: <span className="font-semibold">{schedule.attendanceStatus}</span>
							</p>
						) : null}
						{schedule.roomId && status !== 'Cancelled' ? (
							<Link
								to={`/conference/classroom/${schedule.roomId}`}
								aria-label={`Join the live classroom for ${sessionLabel(schedule, zone)}`}
								className={`mt-2 inline-block text-sm ${linkClass}`}
							>
								Join the live classroom
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
				Next session
			</h2>
			{schedule ? (
				<>
					<p className="mt-1 text-lg font-semibold">{schedule.title}</p>
					<p className="text-sm text-slate-800">
						{schedule.courseTitle} · {sessionWhen(schedule, zone)}
						{Date.parse(schedule.startsAt) <= now ? (
							<span className="font-semibold"> · In progress</span>
						) : null}
					</p>
				</>
			) : (
				<p className="mt-1 text-slate-800">No upcoming sessions.</p>
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
	const weekLabel = today >= week.startDate && today < week.endDate ? 'this week' : 'in this week'
	const totals = (list: Totalled) => (list.ok ? (list.value.totals ?? null) : null)
	const [day, days] = [totals(todayList), totals(weekList)]
	const items = [
		{ label: 'Sessions today', value: day?.sessions },
		{ label: `Sessions ${weekLabel}`, value: days?.sessions },
		{ label: `Hours ${weekLabel}`, value: days ? formatHours(days.minutes / 60) : null },
	]
	return (
		<dl className="grid gap-3 sm:grid-cols-3">
			{items.map((item) => (
				<div key={item.label} className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="text-sm text-slate-700">{item.label}</dt>
					<dd className="mt-1 text-2xl font-bold">{item.value ?? '–'}</dd>
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
	what: string
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
				Sessions {shown ? `${first}–${first + shown - 1}` : 'none'} of {total} {what}
			</p>
			<Pagination page={page} totalPages={totalPages} label={label} param={param} />
		</div>
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
	return (
		<>
			<SessionList
				label="Today’s sessions"
				schedules={todaysSchedules(list.schedules, now, zone)}
				zone={zone}
				now={now}
				empty="No sessions today."
				actions={actions}
				showAttendance={showAttendance}
			/>
			<PageOfList
				pagination={list.pagination}
				shown={list.schedules.length}
				what="today"
				param="todayPage"
				label="Pages of today’s sessions"
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
	if (!weekList.ok) return <p className="text-slate-700">This week could not be loaded.</p>
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
	const shown = days.reduce((sum, day) => sum + day.schedules.length, 0)
	const busy = days.flatMap((day, index) => (day.schedules.length ? [index] : []))
	const lastPage = pagesOf(pagination, shown)
	// A day outside this page's first and last session's may have sessions on another page.
	const elsewhere = (index: number) =>
		(pagination.page > 1 && index < (busy[0] ?? days.length)) ||
		(pagination.page < lastPage && index > (busy.at(-1) ?? -1))
			? 'None on this page'
			: 'No sessions'
	return (
		<section aria-labelledby="week-heading" className="flex flex-col gap-3">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h2 id="week-heading" className="text-lg font-semibold">
					Week of {formatWeek(week.startDate, week.days[6] ?? week.startDate)}
				</h2>
				<nav aria-label="Weeks" className="flex gap-3 text-sm">
					<Link to={links.previous} className={linkClass}>
						Previous week
					</Link>
					<Link to={links.current} className={linkClass}>
						This week
					</Link>
					<Link to={links.next} className={linkClass}>
						Next week
					</Link>
				</nav>
			</div>
			<PageOfList
				pagination={pagination}
				shown={shown}
				what="in this week"
				param="weekPage"
				label="Pages of this week"
			/>
			<ol className="grid gap-2 md:grid-cols-7">
				{days.map(({ date, schedules }, index) => (
					<li
						key={date}
						aria-label={formatDay(date)}
						className={`flex min-h-28 flex-col gap-2 rounded-lg border bg-white p-2 ${date === today ? 'border-indigo-600' : 'border-slate-200'}`}
					>
						<h3 className="text-sm font-semibold">
							{formatDay(date, 'short')}
							{date === today ? <span className="ms-1 text-indigo-800">(today)</span> : null}
						</h3>
						{schedules.length ? (
							<ul className="flex flex-col gap-2">
								{schedules.map((schedule) => {
									const status = statusAt(schedule, now)
									return (
										<li key={schedule.id} className="rounded border border-slate-200 p-1.5 text-xs">
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
								aria-label={`Add a session on ${formatDay(date)}`}
								className={`mt-auto text-xs ${linkClass}`}
							>
								Add
							</Link>
						) : null}
					</li>
				))}
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
	if (!schedules.length) return <p className="text-slate-700">No sessions match.</p>
	return (
		<Table
			label="All sessions"
			caption={<>All sessions ({total})</>}
			headers={['When', 'Session', 'Duration', 'Status', 'Actions']}
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
	return (
		<>
			<ConformSelect
				label="Course"
				meta={fields.courseId}
				options={[
					{ value: '', label: 'Choose a course…' },
					...courses.map((course) => ({ value: course.id, label: course.title })),
				]}
				required
			/>
			<ConformField label="Title" meta={fields.title} required maxLength={200} />
			<ConformTextArea label="Description (optional)" meta={fields.description} rows={3} />
			<div className="grid gap-4 sm:grid-cols-3">
				<ConformField label="Date" meta={fields.scheduledDate} type="date" required />
				<ConformField label="Start time" meta={fields.startTime} type="time" required />
				<ConformField
					label="Duration (minutes)"
					meta={fields.duration}
					type="number"
					min={5}
					max={720}
					required
				/>
			</div>
			<ConformSelect
				label="Time zone"
				hint="The date and start time are in this zone."
				meta={fields.timeZone}
				options={timeZoneNames(timeZone).map((zone) => ({ value: zone, label: zone }))}
				required
			/>
		</>
	)
}

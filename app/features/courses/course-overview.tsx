import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { courseOwnerName } from './course-card'
import { PriceTag } from './price-tag'
import { categoryName, levelName } from './catalogue'
import type { Course } from './schema'
import { formatCalendarDate, formatTime } from '~/platform/dates'

/** "18:00" -> "6:00 PM" in English (spec section 9: 12-hour times), "18:00" in Spanish. */
function timeOfDay(time: string) {
	const [hours = 0, minutes = 0] = time.split(':').map(Number)
	return formatTime(Date.UTC(1970, 0, 1, hours, minutes), 'UTC')
}

// A time slot's day is the API's English weekday; a person reads it in the page's language.
const weekdays: Record<string, MessageDescriptor> = {
	Monday: msg`Monday`,
	Tuesday: msg`Tuesday`,
	Wednesday: msg`Wednesday`,
	Thursday: msg`Thursday`,
	Friday: msg`Friday`,
	Saturday: msg`Saturday`,
	Sunday: msg`Sunday`,
}

/** One weekly time slot: "Monday 6:00 PM to 7:30 PM". */
function TimeSlot({
	day,
	startTime,
	endTime,
}: {
	day: string
	startTime: string
	endTime: string
}) {
	const { t } = useLingui()
	const weekday = weekdays[day] ? t(weekdays[day]) : day
	const start = timeOfDay(startTime)
	const end = timeOfDay(endTime)
	return (
		<Trans>
			{weekday} {start} to {end}
		</Trans>
	)
}

function List({ items }: { items: string[] }) {
	return (
		<ul className="list-inside list-disc space-y-1 text-slate-800">
			{items.map((item) => (
				<li key={item}>{item}</li>
			))}
		</ul>
	)
}

function Section({
	id,
	title,
	children,
}: {
	id: string
	title: string
	children: React.ReactNode
}) {
	return (
		<section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5">
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			<div className="mt-3">{children}</div>
		</section>
	)
}

/** Everything about a course, in the spec's sample course shape (section 3). */
export function CourseOverview({ course }: { course: Course }) {
	const { t } = useLingui()
	const owner = courseOwnerName(course)
	const enrolled = course.enrolledStudents
	const max = course.maxStudents ?? 0
	const schedule = course.schedule
	const weeks = course.duration?.weeks ?? 0
	const hoursPerWeek = course.duration?.hoursPerWeek ?? 0
	const sessionsPerWeek = schedule?.sessionsPerWeek ?? 0
	const startDate = schedule ? formatCalendarDate(`${schedule.startDate}T00:00:00Z`, 'UTC') : ''
	const endDate = schedule ? formatCalendarDate(`${schedule.endDate}T00:00:00Z`, 'UTC') : ''
	return (
		<div className="flex flex-col gap-5">
			<header>
				<p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">
					{categoryName(course.category, t)}
					{course.subcategory ? ` · ${course.subcategory}` : ''} · {levelName(course.level, t)}
				</p>
				<h1 className="mt-1 text-3xl font-bold">{course.title}</h1>
				{course.subtitle ? <p className="mt-2 text-lg text-slate-700">{course.subtitle}</p> : null}
				<p className="mt-2 text-slate-600">
					<Trans>by {owner}</Trans>
				</p>
			</header>
			<dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">
					<Trans>Price</Trans>
				</dt>
				<dd>
					<PriceTag price={course.price} />
				</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Enrolled students</Trans>
				</dt>
				<dd>
					{max ? (
						<Trans>
							{enrolled} of {max} places
						</Trans>
					) : (
						enrolled
					)}
				</dd>
				{course.duration ? (
					<>
						<dt className="font-medium text-slate-600">
							<Trans>Duration</Trans>
						</dt>
						<dd>
							<Plural value={weeks} one="# week" other="# weeks" />,{' '}
							<Plural value={hoursPerWeek} one="# hour per week" other="# hours per week" />
						</dd>
					</>
				) : null}
				{schedule ? (
					<>
						<dt className="font-medium text-slate-600">
							<Trans>Schedule</Trans>
						</dt>
						<dd>
							<Trans>
								{startDate} to {endDate}
							</Trans>
							,{' '}
							<Plural
								value={sessionsPerWeek}
								one="# session per week"
								other="# sessions per week"
							/>
							{schedule.timeSlots.length ? (
								<ul className="mt-1 text-sm text-slate-700">
									{schedule.timeSlots.map((slot) => (
										<li key={`${slot.day}-${slot.startTime}`}>
											<TimeSlot {...slot} />
										</li>
									))}
								</ul>
							) : null}
						</dd>
					</>
				) : null}
				{course.languages.length ? (
					<>
						<dt className="font-medium text-slate-600">
							<Trans>Languages</Trans>
						</dt>
						<dd>{course.languages.join(', ')}</dd>
					</>
				) : null}
				{course.certification ? (
					<>
						<dt className="font-medium text-slate-600">
							<Trans>Certification</Trans>
						</dt>
						<dd>{course.certification}</dd>
					</>
				) : null}
			</dl>
			<Section id="about-course" title={t`About this course`}>
				<p className="whitespace-pre-line text-slate-800">{course.description}</p>
			</Section>
			{course.learningOutcomes.length ? (
				<Section id="outcomes" title={t`What you will learn`}>
					<List items={course.learningOutcomes} />
				</Section>
			) : null}
			{course.prerequisites.length ? (
				<Section id="prerequisites" title={t`Prerequisites`}>
					<List items={course.prerequisites} />
				</Section>
			) : null}
			{course.modules.length ? (
				<Section id="modules" title={t`Modules`}>
					<ol className="flex flex-col gap-4">
						{course.modules.map((module, index) => (
							<li key={`${index}-${module.title}`}>
								<h3 className="font-semibold">
									{index + 1}. {module.title}
									{module.duration ? (
										<span className="font-normal text-slate-600"> ({module.duration})</span>
									) : null}
								</h3>
								{module.description ? <p className="text-slate-700">{module.description}</p> : null}
								{module.topics.length ? <ModuleTopics topics={module.topics} /> : null}
							</li>
						))}
					</ol>
				</Section>
			) : null}
			{course.instructors.length ? (
				<Section id="instructors" title={t`Instructors`}>
					<ul className="flex flex-col gap-1">
						{course.instructors.map((instructor) => (
							<li key={instructor.name}>
								<span className="font-semibold">{instructor.name}</span>, {instructor.title}
							</li>
						))}
					</ul>
				</Section>
			) : null}
			{course.tags.length ? (
				<ul aria-label={t`Tags`} className="flex flex-wrap gap-2">
					{course.tags.map((tag) => (
						<li key={tag} className="rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-900">
							{tag}
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}

function ModuleTopics({ topics }: { topics: string[] }) {
	const list = topics.join(', ')
	return (
		<p className="text-sm text-slate-600">
			<Trans>Topics: {list}</Trans>
		</p>
	)
}

import { PriceTag, courseOwnerName } from './course-card'
import type { Course } from './schema'
import { countOf } from '~/platform/plural'
import { formatCalendarDate } from '~/platform/dates'

/** "18:00" -> "6:00 PM" (spec section 9: 12-hour times). */
function twelveHour(time: string) {
	const [hours = 0, minutes = 0] = time.split(':').map(Number)
	const suffix = hours >= 12 ? 'PM' : 'AM'
	return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`
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
	return (
		<div className="flex flex-col gap-5">
			<header>
				<p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">
					{course.category}
					{course.subcategory ? ` · ${course.subcategory}` : ''} · {course.level}
				</p>
				<h1 className="mt-1 text-3xl font-bold">{course.title}</h1>
				{course.subtitle ? <p className="mt-2 text-lg text-slate-700">{course.subtitle}</p> : null}
				<p className="mt-2 text-slate-600">by {courseOwnerName(course)}</p>
			</header>
			<dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">Price</dt>
				<dd>
					<PriceTag price={course.price} />
				</dd>
				<dt className="font-medium text-slate-600">Enrolled students</dt>
				<dd>
					{course.enrolledStudents}
					{course.maxStudents ? ` of ${course.maxStudents} places` : ''}
				</dd>
				{course.duration ? (
					<>
						<dt className="font-medium text-slate-600">Duration</dt>
						<dd>
							{countOf(course.duration.weeks, 'week')},{' '}
							{countOf(course.duration.hoursPerWeek, 'hour per week', 'hours per week')}
						</dd>
					</>
				) : null}
				{course.schedule ? (
					<>
						<dt className="font-medium text-slate-600">Schedule</dt>
						<dd>
							{formatCalendarDate(`${course.schedule.startDate}T00:00:00Z`, 'UTC')} to{' '}
							{formatCalendarDate(`${course.schedule.endDate}T00:00:00Z`, 'UTC')},{' '}
							{countOf(course.schedule.sessionsPerWeek, 'session per week', 'sessions per week')}
							{course.schedule.timeSlots.length ? (
								<ul className="mt-1 text-sm text-slate-700">
									{course.schedule.timeSlots.map((slot) => (
										<li key={`${slot.day}-${slot.startTime}`}>
											{slot.day} {twelveHour(slot.startTime)} to {twelveHour(slot.endTime)}
										</li>
									))}
								</ul>
							) : null}
						</dd>
					</>
				) : null}
				{course.languages.length ? (
					<>
						<dt className="font-medium text-slate-600">Languages</dt>
						<dd>{course.languages.join(', ')}</dd>
					</>
				) : null}
				{course.certification ? (
					<>
						<dt className="font-medium text-slate-600">Certification</dt>
						<dd>{course.certification}</dd>
					</>
				) : null}
			</dl>
			<Section id="about-course" title="About this course">
				<p className="whitespace-pre-line text-slate-800">{course.description}</p>
			</Section>
			{course.learningOutcomes.length ? (
				<Section id="outcomes" title="What you will learn">
					<List items={course.learningOutcomes} />
				</Section>
			) : null}
			{course.prerequisites.length ? (
				<Section id="prerequisites" title="Prerequisites">
					<List items={course.prerequisites} />
				</Section>
			) : null}
			{course.modules.length ? (
				<Section id="modules" title="Modules">
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
								{module.topics.length ? (
									<p className="text-sm text-slate-600">Topics: {module.topics.join(', ')}</p>
								) : null}
							</li>
						))}
					</ol>
				</Section>
			) : null}
			{course.instructors.length ? (
				<Section id="instructors" title="Instructors">
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
				<ul aria-label="Tags" className="flex flex-wrap gap-2">
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

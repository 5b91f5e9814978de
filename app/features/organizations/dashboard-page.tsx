import { t } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { createDepartmentSchema } from '~/features/departments/schema'
import { Button, buttonClass } from '~/ui/button'
import { ConformField, FormErrors } from '~/ui/field'
import { LoadError } from '~/ui/load-error'
import { useForm, useSubmitting } from '~/ui/use-form'
import { TextLink } from '~/ui/text-link'
import type { loadOrganizationDashboard } from './dashboard.server'
import type { OrganizationStats } from './schema'

/** The organization's dashboard: its totals by kind, and a quick way to add a department. */
export function OrganizationDashboardPage({
	loaderData,
	actionData,
}: {
	loaderData: Awaited<ReturnType<typeof loadOrganizationDashboard>>
	actionData: SubmissionResult<string[]> | undefined
}) {
	const { name, stats } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">{name}</h1>
				<Link to="?refresh=1" className={buttonClass('secondary')}>
					<Trans>Refresh</Trans>
				</Link>
			</div>
			{stats.ok ? <StatsGroups stats={stats.value} /> : <LoadError error={stats.error} />}
			<QuickDepartmentForm lastResult={actionData} />
		</div>
	)
}

function QuickDepartmentForm({
	lastResult,
}: {
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useForm({
		id: 'quick-department',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: createDepartmentSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting()
	const { t } = useLingui()
	return (
		<section
			aria-labelledby="quick-department-heading"
			className="max-w-xl rounded-lg border border-slate-200 bg-white p-5"
		>
			<h2 id="quick-department-heading" className="text-lg font-semibold">
				<Trans>Quick add a department</Trans>
			</h2>
			<Form method="post" className="mt-3 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="create" />
				<div className="w-full">
					<FormErrors id={form.errorId} errors={form.errors} />
				</div>
				<div className="min-w-60 flex-1">
					<ConformField label={t`New department name`} meta={fields.departmentName} required />
				</div>
				<Button disabled={busy}>
					{busy ? <Trans>Adding…</Trans> : <Trans>Add department</Trans>}
				</Button>
			</Form>
			<p className="mt-2 text-sm text-slate-600">
				<Trans>
					Rename or delete departments on the{' '}
					<TextLink to="/organization/departments">Departments</TextLink> page.
				</Trans>
			</p>
		</section>
	)
}

function enrolledCount(count: number) {
	return t`${count} enrolled`
}

function StatsGroups({ stats }: { stats: OrganizationStats }) {
	const { t } = useLingui()
	const groups = [
		{
			key: 'teachers',
			title: t`Teachers`,
			inTotal: t`teachers in total`,
			manage: t`Manage teachers`,
			total: stats.tutors.total,
			to: '/organization/teachers',
			items: stats.tutors.data.map((teacher) => ({
				id: teacher.id,
				text: teacher.name,
				detail: teacher.email,
			})),
			empty: t`No teachers yet.`,
		},
		{
			key: 'students',
			title: t`Students`,
			inTotal: t`students in total`,
			manage: t`Manage students`,
			total: stats.students.total,
			to: '/organization/students',
			items: stats.students.data.map((student) => ({
				id: student.id,
				text: student.name,
				detail: student.email,
			})),
			empty: t`No students yet.`,
		},
		{
			key: 'courses',
			title: t`Courses`,
			inTotal: t`courses in total`,
			manage: t`Manage courses`,
			total: stats.courses.total,
			to: '/organization/courses',
			items: stats.courses.data.map((course) => ({
				id: course.id,
				text: course.title,
				detail: enrolledCount(course.enrolledStudents),
			})),
			empty: t`No courses yet.`,
		},
		{
			key: 'departments',
			title: t`Departments`,
			inTotal: t`departments in total`,
			manage: t`Manage departments`,
			total: stats.departments.total,
			to: '/organization/departments',
			items: stats.departments.data.map((department) => ({
				id: department.id,
				text: department.departmentName,
				detail: '',
			})),
			empty: t`No departments yet.`,
		},
	]
	const enrolled = stats.courses.data.reduce((sum, course) => sum + course.enrolledStudents, 0)
	return (
		<div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
			{groups.map((group) => (
				<section
					key={group.key}
					aria-labelledby={`${group.key}-heading`}
					className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
				>
					<h2 id={`${group.key}-heading`} className="text-base font-semibold text-slate-700">
						{group.title}
					</h2>
					<p className="text-3xl font-bold" data-testid={`${group.key}-total`}>
						{group.total}
						<span className="sr-only"> {group.inTotal}</span>
					</p>
					{group.key === 'courses' && stats.courses.data.length > 0 ? (
						<p className="text-sm text-slate-600">
							<Plural
								value={enrolled}
								one="# enrolment in the courses listed"
								other="# enrolments in the courses listed"
							/>
						</p>
					) : null}
					{group.items.length ? (
						<ul className="flex flex-col gap-1 text-sm">
							{group.items.map((item) => (
								<li key={item.id}>
									<span className="font-medium">{item.text}</span>
									{item.detail ? <span className="block text-slate-600">{item.detail}</span> : null}
								</li>
							))}
						</ul>
					) : (
						<p className="text-sm text-slate-600">{group.empty}</p>
					)}
					{group.to ? (
						<TextLink to={group.to} className="mt-auto text-sm">
							{group.manage}
						</TextLink>
					) : null}
				</section>
			))}
		</div>
	)
}

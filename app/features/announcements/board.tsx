import { t } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useSearchParams } from 'react-router'
import { Link } from '~/ui/link'
import { Button, buttonClass } from '~/ui/button'
import { ConfirmDisclosure } from '~/ui/confirm-disclosure'
import { ConformField, ConformSelect, ConformTextArea, FormErrors } from '~/ui/field'
import { MENU_SEARCH } from '~/platform/course-menu'
import { LoadError } from '~/ui/load-error'
import { CourseMenuSearch } from '~/ui/menu-search'
import { Pagination } from '~/ui/pagination'
import { useForm, useSubmitting } from '~/ui/use-form'
import { formatDateTime } from '~/platform/dates'
import type { loadAnnouncementBoard } from './board.server'
import {
	announcementEditSchema,
	announcementFormSchema,
	teacherAnnouncementFormSchema,
	type Announcement,
} from './schema'
import { ErrorAlert } from '~/ui/error-alert'

type Course = { id: string; title: string }

/** The form a teacher (to one of their courses) or an organization (to everyone or a course) posts with. */
export function AnnouncementComposer({
	lastResult,
	courses,
	organizationWide,
}: {
	lastResult: SubmissionResult<string[]> | undefined
	courses: Course[]
	organizationWide: boolean
}) {
	const schema = organizationWide ? announcementFormSchema : teacherAnnouncementFormSchema
	const [form, fields] = useForm({
		id: 'announcement-form',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('post')
	const [searchParams] = useSearchParams()
	const { t } = useLingui()
	const audienceOptions = [
		organizationWide
			? { value: '', label: t`Everyone in the organization` }
			: { value: '', label: t`Choose a course…` },
		...courses.map((course) => ({ value: course.id, label: course.title })),
	]
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="post" />
			<FormErrors id={form.errorId} errors={form.errors} />
			{!organizationWide && courses.length === 0 && !searchParams.get(MENU_SEARCH) ? (
				<p className="text-sm text-slate-700">
					<Trans>
						You have no courses yet: announcements go to the students of one of your courses.
					</Trans>
				</p>
			) : null}
			<ConformSelect
				label={t`Audience`}
				meta={fields.courseId}
				options={audienceOptions}
				required={!organizationWide}
			/>
			<ConformField label={t`Title`} meta={fields.title} required />
			<ConformTextArea label={t`Message`} meta={fields.body} rows={5} required />
			<div>
				<Button disabled={busy}>
					{busy ? <Trans>Posting…</Trans> : <Trans>Post announcement</Trans>}
				</Button>
			</div>
		</Form>
	)
}

function audienceOf(announcement: Announcement) {
	const course = announcement.course?.title
	return course ? t`Students of ${course}` : t`Everyone in the organization`
}

/** What the teacher or organization has posted, newest first, with how many students read each. */
export function AuthoredAnnouncements({
	announcements,
	page,
	totalPages,
	timeZone,
}: {
	announcements: Announcement[]
	page: number
	totalPages: number
	timeZone: string
}) {
	const [searchParams] = useSearchParams()
	const editLink = (id: string) => {
		const params = new URLSearchParams(searchParams)
		params.set('edit', id)
		return `?${params}`
	}
	const { t } = useLingui()
	if (!announcements.length) {
		return (
			<p className="text-slate-700">
				<Trans>No announcements posted yet.</Trans>
			</p>
		)
	}
	return (
		<div className="flex flex-col gap-4">
			<ul className="flex flex-col gap-4" aria-label={t`Posted announcements`}>
				{announcements.map((announcement) => {
					const title = announcement.title
					const readCount = announcement.readCount ?? 0
					return (
						<li key={announcement.id} className="rounded-lg border border-slate-200 bg-white p-4">
							<article aria-labelledby={`announcement-${announcement.id}`}>
								<h3 id={`announcement-${announcement.id}`} className="text-lg font-semibold">
									{announcement.title}
								</h3>
								<p className="text-xs text-slate-600">
									{audienceOf(announcement)} · {formatDateTime(announcement.createdAt, timeZone)} ·{' '}
									<Plural value={readCount} one="Read by # student" other="Read by # students" />
								</p>
								<p className="mt-2 whitespace-pre-line text-slate-800">{announcement.body}</p>
								<div className="mt-3 flex flex-wrap items-start gap-3">
									<Link
										to={editLink(announcement.id)}
										className={buttonClass('secondary')}
										aria-label={t`Edit ${title}`}
									>
										<Trans>Edit</Trans>
									</Link>
									{/* Asks first, without JavaScript too: one click never deletes. */}
									<ConfirmDisclosure
										summary={t`Delete`}
										summaryLabel={t`Delete ${title}`}
										question={t`Delete “${title}”? Its students will no longer see it.`}
									>
										<Form method="post">
											<input type="hidden" name="intent" value="delete" />
											<input type="hidden" name="announcementId" value={announcement.id} />
											<Button variant="danger" aria-label={t`Yes, delete ${title}`}>
												<Trans>Yes, delete</Trans>
											</Button>
										</Form>
									</ConfirmDisclosure>
								</div>
							</article>
						</li>
					)
				})}
			</ul>
			<Pagination page={page} totalPages={totalPages} label={t`Announcement pages`} />
		</div>
	)
}

/** A student's announcements: unread ones are marked and come with a visible 'Unread' label. */
export function StudentAnnouncementList({
	announcements,
	timeZone,
}: {
	announcements: Announcement[]
	timeZone: string
}) {
	const { t } = useLingui()
	if (!announcements.length) {
		return (
			<p className="text-slate-700">
				<Trans>No announcements yet.</Trans>
			</p>
		)
	}
	return (
		<ul className="flex flex-col gap-3" aria-label={t`Announcements`}>
			{announcements.map((announcement) => (
				<li
					key={announcement.id}
					className={`rounded-lg border p-4 ${announcement.read ? 'border-slate-200 bg-white' : 'border-indigo-300 bg-indigo-50'}`}
				>
					<div className="flex flex-wrap items-center gap-2">
						{announcement.read ? null : (
							<span className="rounded bg-indigo-700 px-2 py-0.5 text-xs font-bold text-white">
								<Trans>Unread</Trans>
							</span>
						)}
						<Link
							to={`/studentdashboard/announcements/${announcement.id}`}
							className={`text-indigo-800 underline ${announcement.read ? 'font-medium' : 'font-bold'}`}
						>
							{announcement.title}
						</Link>
					</div>
					<p className="mt-1 text-xs text-slate-600">
						{announcement.author.name} ·{' '}
						{announcement.course ? announcement.course.title : t`Organization`} ·{' '}
						{formatDateTime(announcement.createdAt, timeZone)}
					</p>
				</li>
			))}
		</ul>
	)
}

type BoardData = Awaited<ReturnType<typeof loadAnnouncementBoard>>
type BoardActionData = SubmissionResult<string[]> | undefined

/**
 * A teacher's or an organization's announcement page: a composer (a teacher picks one of their
 * courses; an organization may address everyone) above what they have posted.
 */
export function AnnouncementBoard({
	board: { audiences, list, timeZone },
	actionData,
	organizationWide,
}: {
	board: BoardData
	actionData: BoardActionData
	organizationWide: boolean
}) {
	const [searchParams] = useSearchParams()
	const editId = searchParams.get('edit')
	const editing =
		editId && list.ok
			? list.value.announcements.find((announcement) => announcement.id === editId)
			: undefined
	const resultFor = (intent: string) =>
		actionData?.initialValue?.intent === intent ? actionData : undefined
	const deleteError = resultFor('delete')?.error?.['']?.[0]
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">
				<Trans>Announcements</Trans>
			</h1>
			{editing ? (
				<EditAnnouncement
					key={editing.id}
					announcement={editing}
					lastResult={resultFor('update')}
				/>
			) : (
				<section
					aria-labelledby="new-announcement"
					className="rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="new-announcement" className="mb-4 text-lg font-semibold">
						<Trans>New announcement</Trans>
					</h2>
					{audiences.ok ? (
						<div className="flex flex-col gap-4">
							<CourseMenuSearch
								shown={audiences.value.courses.length}
								total={audiences.value.total ?? audiences.value.courses.length}
							/>
							<AnnouncementComposer
								lastResult={resultFor('post')}
								courses={audiences.value.courses}
								organizationWide={organizationWide}
							/>
						</div>
					) : (
						<LoadError error={audiences.error} />
					)}
				</section>
			)}
			<section aria-labelledby="posted-announcements" className="flex flex-col gap-4">
				<h2 id="posted-announcements" className="text-lg font-semibold">
					<Trans>Posted announcements</Trans>
				</h2>
				<ErrorAlert text={deleteError} />
				{list.ok ? (
					<AuthoredAnnouncements
						announcements={list.value.announcements}
						page={list.value.pagination.currentPage}
						totalPages={list.value.pagination.totalPages}
						timeZone={timeZone}
					/>
				) : (
					<LoadError error={list.error} />
				)}
			</section>
		</div>
	)
}

/** Changes an announcement's title and message; its audience stays. Replaces the composer while open. */
function EditAnnouncement({
	announcement,
	lastResult,
}: {
	announcement: Announcement
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [searchParams] = useSearchParams()
	const [form, fields] = useForm({
		id: `edit-announcement-${announcement.id}`,
		lastResult,
		defaultValue: { title: announcement.title, body: announcement.body },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: announcementEditSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = useSubmitting('update')
	const { t } = useLingui()
	const title = announcement.title
	const audience = audienceOf(announcement)
	const page = searchParams.get('page')
	const cancelTo = page ? `?page=${encodeURIComponent(page)}` : '?'
	return (
		<section
			aria-labelledby="edit-announcement"
			className="rounded-lg border border-slate-200 bg-white p-6"
		>
			<h2 id="edit-announcement" className="text-lg font-semibold">
				<Trans>Edit “{title}”</Trans>
			</h2>
			<p className="mb-4 text-sm text-slate-600">
				<Trans>{audience}: the audience stays, and students who read it keep it as read.</Trans>
			</p>
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="update" />
				<input type="hidden" name="announcementId" value={announcement.id} />
				<FormErrors id={form.errorId} errors={form.errors} />
				<ConformField label={t`Title`} meta={fields.title} required />
				<ConformTextArea label={t`Message`} meta={fields.body} rows={5} required />
				<div className="flex flex-wrap gap-3">
					<Button disabled={busy}>
						{busy ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
					</Button>
					<Link to={cancelTo} className={buttonClass('secondary')}>
						<Trans>Cancel</Trans>
					</Link>
				</div>
			</Form>
		</section>
	)
}

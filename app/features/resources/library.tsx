import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { t } from '@lingui/core/macro'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { Button, buttonClass } from '~/ui/button'
import { ConfirmDisclosure } from '~/ui/confirm-disclosure'
import { Pagination } from '~/ui/pagination'
import {
	formatBytes,
	resourceTypeLabel,
	resourceTypes,
	type ResourceFilters,
	type ResourceList,
} from './schema'
import { formatCalendarDate } from '~/platform/dates'

const controlClass =
	'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700'

/** Search, subject and type filters as a GET form, so they live in the URL and work without JavaScript. */
export function LibraryFilters({
	filters,
	subjects,
}: {
	filters: ResourceFilters
	subjects: string[]
}) {
	const subjectOptions =
		subjects.includes(filters.subject) || filters.subject === 'All'
			? subjects
			: [...subjects, filters.subject]
	const { t } = useLingui()
	return (
		<Form
			// The controls are uncontrolled: a new set of filters in the URL (Clear filters, Back)
			// mounts them afresh, or they would keep what was typed before and Apply would send it again.
			key={`${filters.search}\n${filters.subject}\n${filters.type}`}
			method="get"
			role="search"
			aria-label={t`Filter resources`}
			className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
		>
			<div className="flex min-w-56 flex-1 flex-col gap-1">
				<label htmlFor="library-search" className="text-sm font-medium text-slate-800">
					<Trans>Search resources</Trans>
				</label>
				<input
					id="library-search"
					name="search"
					type="search"
					defaultValue={filters.search}
					maxLength={100}
					className={controlClass}
					placeholder={t`Title or description`}
				/>
			</div>
			<div className="flex min-w-0 flex-col gap-1">
				<label htmlFor="library-subject" className="text-sm font-medium text-slate-800">
					<Trans>Subject</Trans>
				</label>
				<select
					id="library-subject"
					name="subject"
					defaultValue={filters.subject}
					className={controlClass}
				>
					<option value="All">{t`All`}</option>
					{subjectOptions.map((subject) => (
						<option key={subject} value={subject}>
							{subject}
						</option>
					))}
				</select>
			</div>
			<div className="flex min-w-0 flex-col gap-1">
				<label htmlFor="library-type" className="text-sm font-medium text-slate-800">
					<Trans>Type</Trans>
				</label>
				<select id="library-type" name="type" defaultValue={filters.type} className={controlClass}>
					<option value="all">{t`All types`}</option>
					{resourceTypes.map((type) => (
						<option key={type.value} value={type.value}>
							{t(type.label)}
						</option>
					))}
				</select>
			</div>
			<Button>
				<Trans>Apply filters</Trans>
			</Button>
			<Link to="." className={buttonClass('secondary')}>
				<Trans>Clear filters</Trans>
			</Link>
		</Form>
	)
}

/**
 * The page of resources: each opens its link or downloads its file through `filesPath` (an
 * authenticated resource route of the area). `canDelete` shows a delete button on one's own.
 */
export function LibraryList({
	list,
	filesPath,
	canDelete,
	headingLevel: Heading = 'h3',
}: {
	list: ResourceList
	filesPath: string
	canDelete?: (uploaderId: string) => boolean
	/** h2 when the list follows the page's h1 directly, h3 under a section heading. */
	headingLevel?: 'h2' | 'h3'
}) {
	const { resources, pagination } = list
	const { t } = useLingui()
	const total = pagination.total
	if (!resources.length) {
		return (
			<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
				<Trans>No resources match these filters.</Trans>
			</p>
		)
	}
	return (
		<div className="flex flex-col gap-4">
			<p className="text-sm text-slate-700" aria-live="polite">
				<Plural value={total} one="# resource" other="# resources" />
			</p>
			<ul className="grid gap-4 md:grid-cols-2" aria-label={t`Resources`}>
				{resources.map((resource) => (
					<li
						key={resource.id}
						className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
					>
						<Heading className="text-lg font-semibold">{resource.title}</Heading>
						<p className="flex flex-wrap gap-2 text-xs font-semibold">
							<span className="rounded bg-indigo-100 px-2 py-0.5 text-indigo-900">
								{resource.subject}
							</span>
							<span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">
								{resourceTypeLabel(resource.resourceType, t)}
							</span>
						</p>
						{resource.description ? (
							<p className="text-sm text-slate-700">{resource.description}</p>
						) : null}
						<p className="text-xs text-slate-600">
							<SharedBy
								name={resource.uploadedBy.name}
								date={formatCalendarDate(resource.createdAt, 'UTC')}
							/>
						</p>
						<div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
							{resource.file ? (
								// No `download` attribute: the file comes as an attachment (with its name), and a
								// refusal (a file removed since) shows the area's page.
								<a href={`${filesPath}/${resource.id}/file`} className={buttonClass('secondary')}>
									<DownloadLabel title={resource.title} size={formatBytes(resource.file.size)} />
								</a>
							) : null}
							{resource.url ? (
								<a
									href={resource.url}
									target="_blank"
									rel="noopener noreferrer"
									className={buttonClass('secondary')}
								>
									<OpenLinkLabel title={resource.title} />
								</a>
							) : null}
							{canDelete?.(resource.uploadedBy.id) ? (
								// Asks first, without JavaScript too: one click never deletes.
								<ConfirmDisclosure
									summary={t`Delete`}
									summaryLabel={deleteLabel(resource.title)}
									question={deleteQuestion(resource.title)}
								>
									<Form method="post">
										<input type="hidden" name="intent" value="delete" />
										<input type="hidden" name="resourceId" value={resource.id} />
										<Button variant="danger" aria-label={confirmLabel(resource.title)}>
											<Trans>Yes, delete</Trans>
										</Button>
									</Form>
								</ConfirmDisclosure>
							) : null}
						</div>
					</li>
				))}
			</ul>
			<Pagination
				page={pagination.currentPage}
				totalPages={pagination.totalPages}
				label={t`Resource pages`}
			/>
		</div>
	)
}

function SharedBy({ name, date }: { name: string; date: string }) {
	return (
		<Trans>
			Shared by {name} on {date}
		</Trans>
	)
}

function DownloadLabel({ title, size }: { title: string; size: string }) {
	return (
		<Trans>
			Download<span className="sr-only"> {title}</span> ({size})
		</Trans>
	)
}

function OpenLinkLabel({ title }: { title: string }) {
	return (
		<Trans>
			Open link<span className="sr-only">: {title} (opens in a new tab)</span>
		</Trans>
	)
}

// What the delete controls say, naming the resource (rendered, so in the page's language).
const deleteLabel = (title: string) => t`Delete ${title}`
const deleteQuestion = (title: string) =>
	t`Delete “${title}”? Students will no longer find it in the library.`
const confirmLabel = (title: string) => t`Yes, delete ${title}`

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
	return (
		<Form
			// The controls are uncontrolled: a new set of filters in the URL (Clear filters, Back)
			// mounts them afresh, or they would keep what was typed before and Apply would send it again.
			key={`${filters.search}\n${filters.subject}\n${filters.type}`}
			method="get"
			role="search"
			aria-label="Filter resources"
			className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
		>
			<div className="flex min-w-56 flex-1 flex-col gap-1">
				<label htmlFor="library-search" className="text-sm font-medium text-slate-800">
					Search resources
				</label>
				<input
					id="library-search"
					name="search"
					type="search"
					defaultValue={filters.search}
					maxLength={100}
					className={controlClass}
					placeholder="Title or description"
				/>
			</div>
			<div className="flex flex-col gap-1">
				<label htmlFor="library-subject" className="text-sm font-medium text-slate-800">
					Subject
				</label>
				<select
					id="library-subject"
					name="subject"
					defaultValue={filters.subject}
					className={controlClass}
				>
					<option value="All">All</option>
					{subjectOptions.map((subject) => (
						<option key={subject} value={subject}>
							{subject}
						</option>
					))}
				</select>
			</div>
			<div className="flex flex-col gap-1">
				<label htmlFor="library-type" className="text-sm font-medium text-slate-800">
					Type
				</label>
				<select id="library-type" name="type" defaultValue={filters.type} className={controlClass}>
					<option value="all">All types</option>
					{resourceTypes.map((type) => (
						<option key={type.value} value={type.value}>
							{type.label}
						</option>
					))}
				</select>
			</div>
			<Button>Apply filters</Button>
			<Link to="." className={buttonClass('secondary')}>
				Clear filters
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
	if (!resources.length) {
		return (
			<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
				No resources match these filters.
			</p>
		)
	}
	return (
		<div className="flex flex-col gap-4">
			<p className="text-sm text-slate-700" aria-live="polite">
				{pagination.total === 1 ? '1 resource' : `${pagination.total} resources`}
			</p>
			<ul className="grid gap-4 md:grid-cols-2" aria-label="Resources">
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
								{resourceTypeLabel(resource.resourceType)}
							</span>
						</p>
						{resource.description ? (
							<p className="text-sm text-slate-700">{resource.description}</p>
						) : null}
						<p className="text-xs text-slate-600">
							Shared by {resource.uploadedBy.name} on{' '}
							{formatCalendarDate(resource.createdAt, 'UTC')}
						</p>
						<div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
							{resource.file ? (
								// No `download` attribute: the file comes as an attachment (with its name), and a
								// refusal (a file removed since) shows the area's page.
								<a href={`${filesPath}/${resource.id}/file`} className={buttonClass('secondary')}>
									Download<span className="sr-only"> {resource.title}</span> (
									{formatBytes(resource.file.size)})
								</a>
							) : null}
							{resource.url ? (
								<a
									href={resource.url}
									target="_blank"
									rel="noopener noreferrer"
									className={buttonClass('secondary')}
								>
									Open link<span className="sr-only">: {resource.title} (opens in a new tab)</span>
								</a>
							) : null}
							{canDelete?.(resource.uploadedBy.id) ? (
								// Asks first, without JavaScript too: one click never deletes.
								<ConfirmDisclosure
									summary="Delete"
									summaryLabel={`Delete ${resource.title}`}
									question={`Delete “${resource.title}”? Students will no longer find it in the library.`}
								>
									<Form method="post">
										<input type="hidden" name="intent" value="delete" />
										<input type="hidden" name="resourceId" value={resource.id} />
										<Button variant="danger" aria-label={`Yes, delete ${resource.title}`}>
											Yes, delete
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
				label="Resource pages"
			/>
		</div>
	)
}

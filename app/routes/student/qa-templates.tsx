import type { Route } from './+types/qa-templates'
import { getTemplates } from '~/features/qa/api.server'
import { TemplateCards } from '~/features/qa/template-cards'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import { pageParam } from '~/platform/page-param'

export async function loader({ context, request }: Route.LoaderArgs) {
	const templates = await settle(
		getTemplates(upstream(context, request), {
			page: pageParam(new URL(request.url).searchParams),
			isActive: 1,
		}),
	)
	return { templates }
}

export function meta() {
	return [{ title: 'Available tests | TutorHub' }]
}

export default function AvailableTests({ loaderData }: Route.ComponentProps) {
	const { templates } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Available tests</h1>
			{templates.ok ? (
				<>
					<TemplateCards templates={templates.value.templates} headingLevel="h2" />
					<Pagination
						page={templates.value.pagination.currentPage}
						totalPages={templates.value.pagination.totalPages ?? 1}
						label="Test pages"
					/>
				</>
			) : (
				<LoadError error={templates.error} />
			)}
		</div>
	)
}

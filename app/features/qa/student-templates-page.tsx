import { Trans, useLingui } from '@lingui/react/macro'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import type { RouteData } from '~/platform/route-data'
import { TemplateCards } from './template-cards'
import type { loadStudentTemplates } from './student-templates.server'

export function StudentTemplatesPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentTemplates>
}) {
	const { t } = useLingui()
	const { templates } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Available tests</Trans>
			</h1>
			{templates.ok ? (
				<>
					<TemplateCards templates={templates.value.templates} headingLevel="h2" />
					<Pagination
						page={templates.value.pagination.currentPage}
						totalPages={templates.value.pagination.totalPages ?? 1}
						label={t`Test pages`}
					/>
				</>
			) : (
				<LoadError error={templates.error} />
			)}
		</div>
	)
}

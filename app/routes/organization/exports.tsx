import { Link, redirect } from 'react-router'
import type { Route } from './+types/exports'
import { startExportAction } from '~/features/exports/exports.server'
import { PrepareExportForm } from '~/features/exports/term-csv-export'
import { buttonClass } from '~/ui/button'
import { requireRole, upstream } from '~/platform/request.server'

/** "Prepare the file (CSV)" posts here; the job's page follows. Nothing to show on its own. */
export function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'organization')
	return redirect('/organization/score-input')
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = requireRole(context, request, 'organization')
	return startExportAction(context, upstream(context, request), request, user.id)
}

export function meta() {
	return [{ title: 'Prepare a file | TutorHub' }]
}

/** Reached only when the export could not start: the form again, with why. */
export default function OrganizationExports({ actionData }: Route.ComponentProps) {
	const kind = actionData?.initialValue?.kind === 'result-cards' ? 'result-cards' : 'scores'
	const term =
		typeof actionData?.initialValue?.term === 'string' ? actionData.initialValue.term : ''
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Prepare a file</h1>
			<PrepareExportForm kind={kind} term={term} lastResult={actionData} />
			<p>
				<Link to="/organization/score-input" className={buttonClass('link')}>
					Back to score input
				</Link>
			</p>
		</div>
	)
}

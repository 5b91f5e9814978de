import { Plural, Trans } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import type { Template } from './schema'

/** Tests a student may take, each with what to expect and a way in. */
export function TemplateCards({
	templates,
	headingLevel: Heading = 'h3',
}: {
	templates: Template[]
	/** h2 when the cards follow the page's h1 directly, h3 under a section heading. */
	headingLevel?: 'h2' | 'h3'
}) {
	if (!templates.length)
		return (
			<p className="text-slate-700">
				<Trans>No tests are available right now. Check back later.</Trans>
			</p>
		)
	return (
		<ul className="grid gap-4 sm:grid-cols-2">
			{templates.map((template) => {
				const title = template.title
				const author = template.createdByName
				const questions = template.questionCount ?? 0
				const minutes = template.timeLimit
				return (
					<li
						key={template.id}
						className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-6"
					>
						<Heading className="text-lg font-semibold">{template.title}</Heading>
						{template.description ? (
							<p className="text-sm text-slate-700">{template.description}</p>
						) : null}
						<p className="text-sm text-slate-600">
							<Plural value={questions} one="# question" other="# questions" /> ·{' '}
							<Plural value={minutes} one="# minute" other="# minutes" />
							{author ? (
								<>
									{' '}
									· <Trans>by {author}</Trans>
								</>
							) : null}
						</p>
						<div>
							<Link
								to={`/studentdashboard/test/${template.id}`}
								className="inline-flex rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
							>
								<Trans>
									Take<span className="sr-only"> {title}</span>
								</Trans>
							</Link>
						</div>
					</li>
				)
			})}
		</ul>
	)
}

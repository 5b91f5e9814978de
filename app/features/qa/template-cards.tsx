import { Link } from 'react-router'
import type { Template } from './schema'

/** Tests a student may take, each with what to expect and a way in. */
export function TemplateCards({ templates }: { templates: Template[] }) {
	if (!templates.length)
		return <p className="text-slate-700">No tests are available right now. Check back later.</p>
	return (
		<ul className="grid gap-4 sm:grid-cols-2">
			{templates.map((template) => (
				<li
					key={template.id}
					className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-6"
				>
					<h3 className="text-lg font-semibold">{template.title}</h3>
					{template.description ? (
						<p className="text-sm text-slate-700">{template.description}</p>
					) : null}
					<p className="text-sm text-slate-600">
						{template.questionCount ?? 0} {template.questionCount === 1 ? 'question' : 'questions'}{' '}
						· {template.timeLimit} minutes
						{template.createdByName ? ` · by ${template.createdByName}` : ''}
					</p>
					<div>
						<Link
							to={`/studentdashboard/test/${template.id}`}
							className="inline-flex rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
							aria-label={`Take ${template.title}`}
						>
							Take test
						</Link>
					</div>
				</li>
			))}
		</ul>
	)
}

import { TextLink } from '~/ui/text-link'

const plans = [
	{
		name: 'Students',
		price: 'Pay per course',
		points: [
			'Each course shows its price before you buy',
			'Secure card payment',
			'Certificate when you complete a course',
		],
		to: '/signup/student',
		cta: 'Create a student account',
	},
	{
		name: 'Teachers',
		price: 'Free to join',
		points: [
			'Publish courses at your own price',
			'Payouts to your bank through our card provider',
			'Grading, schedules, tests and report cards included',
		],
		to: '/signup/teacher',
		cta: 'Create a teacher account',
	},
	{
		name: 'Organizations',
		price: 'Free to join',
		points: [
			'Departments, teachers and students in one place',
			'Analytics, score input and result cards',
			'Receive course payments directly',
		],
		to: '/signup/organization',
		cta: 'Register your organization',
	},
]

export function PricingPage() {
	return (
		<div className="mx-auto max-w-6xl px-4 py-12">
			<h1 className="text-3xl font-bold">Pricing</h1>
			<p className="mt-2 max-w-2xl text-slate-700">
				No subscriptions. Students pay for the courses they choose; teachers and organizations join
				for free.
			</p>
			<ul className="mt-8 grid gap-6 md:grid-cols-3">
				{plans.map((plan) => (
					<li
						key={plan.name}
						className="flex flex-col rounded-lg border border-slate-200 bg-white p-6"
					>
						<h2 className="text-lg font-semibold">{plan.name}</h2>
						<p className="mt-1 text-2xl font-bold text-indigo-800">{plan.price}</p>
						<ul className="mt-4 flex-1 list-inside list-disc space-y-1 text-slate-700">
							{plan.points.map((point) => (
								<li key={point}>{point}</li>
							))}
						</ul>
						<TextLink to={plan.to} className="mt-6">
							{plan.cta}
						</TextLink>
					</li>
				))}
			</ul>
		</div>
	)
}

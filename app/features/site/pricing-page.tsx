import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { TextLink } from '~/ui/text-link'

const plans = [
	{
		name: msg`Students`,
		price: msg`Pay per course`,
		points: [
			msg`Each course shows its price before you buy`,
			msg`Secure card payment`,
			msg`Certificate when you complete a course`,
		],
		to: '/signup/student',
		cta: msg`Create a student account`,
	},
	{
		name: msg`Teachers`,
		price: msg`Free to join`,
		points: [
			msg`Publish courses at your own price`,
			msg`Payouts to your bank through our card provider`,
			msg`Grading, schedules, tests and report cards included`,
		],
		to: '/signup/teacher',
		cta: msg`Create a teacher account`,
	},
	{
		name: msg`Organizations`,
		price: msg`Free to join`,
		points: [
			msg`Departments, teachers and students in one place`,
			msg`Analytics, score input and result cards`,
			msg`Receive course payments directly`,
		],
		to: '/signup/organization',
		cta: msg`Register your organization`,
	},
]

export function PricingPage() {
	const { t } = useLingui()
	return (
		<div className="mx-auto max-w-6xl px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Pricing</Trans>
			</h1>
			<p className="mt-2 max-w-2xl text-slate-700">
				<Trans>
					No subscriptions. Students pay for the courses they choose; teachers and organizations
					join for free.
				</Trans>
			</p>
			<ul className="mt-8 grid gap-6 md:grid-cols-3">
				{plans.map((plan) => (
					<li
						key={plan.to}
						className="flex flex-col rounded-lg border border-slate-200 bg-white p-6"
					>
						<h2 className="text-lg font-semibold">{t(plan.name)}</h2>
						<p className="mt-1 text-2xl font-bold text-indigo-800">{t(plan.price)}</p>
						<ul className="mt-4 flex-1 list-inside list-disc space-y-1 text-slate-700">
							{plan.points.map((point) => (
								<li key={point.id}>{t(point)}</li>
							))}
						</ul>
						<TextLink to={plan.to} className="mt-6">
							{t(plan.cta)}
						</TextLink>
					</li>
				))}
			</ul>
		</div>
	)
}

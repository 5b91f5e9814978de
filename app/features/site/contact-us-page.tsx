import { Trans } from '@lingui/react/macro'

export function ContactUsPage() {
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Contact us</Trans>
			</h1>
			<p className="mt-4 text-slate-700">
				<Trans>We answer every message within one working day.</Trans>
			</p>
			<dl className="mt-6 grid gap-4 sm:grid-cols-2">
				<div className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="font-semibold">
						<Trans>Students and parents</Trans>
					</dt>
					<dd className="mt-1">
						<a className="text-indigo-800 underline" href="mailto:support@tutorhub.example">
							support@tutorhub.example
						</a>
					</dd>
				</div>
				<div className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="font-semibold">
						<Trans>Teachers and organizations</Trans>
					</dt>
					<dd className="mt-1">
						<a className="text-indigo-800 underline" href="mailto:partners@tutorhub.example">
							partners@tutorhub.example
						</a>
					</dd>
				</div>
			</dl>
		</div>
	)
}

export function ContactUsPage() {
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="text-3xl font-bold">Contact us</h1>
			<p className="mt-4 text-slate-700">We answer every message within one working day.</p>
			<dl className="mt-6 grid gap-4 sm:grid-cols-2">
				<div className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="font-semibold">Students and parents</dt>
					<dd className="mt-1">
						<a className="text-indigo-800 underline" href="mailto:support@tutorhub.example">
							support@tutorhub.example
						</a>
					</dd>
				</div>
				<div className="rounded-lg border border-slate-200 bg-white p-4">
					<dt className="font-semibold">Teachers and organizations</dt>
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

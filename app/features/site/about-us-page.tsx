import { Trans } from '@lingui/react/macro'

export function AboutUsPage() {
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>About us</Trans>
			</h1>
			<div className="mt-6 space-y-4 text-slate-700">
				<p>
					<Trans>
						TutorHub connects students with teachers and schools. Teachers run their courses, set
						and grade work, and meet their students in live classrooms; students learn, practise
						with timed tests and keep their certificates in one place.
					</Trans>
				</p>
				<p>
					<Trans>
						We build for every device: the whole platform works on a fast laptop and on an old
						phone, even with JavaScript switched off, and it keeps your work safe when the
						connection drops.
					</Trans>
				</p>
			</div>
		</div>
	)
}

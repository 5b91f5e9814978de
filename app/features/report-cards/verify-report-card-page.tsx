import { ReportCardView } from './report-card-view'

import type { RouteData } from '~/platform/route-data'
import type { loadReportCardVerification } from './verify-report-card.server'

export function VerifyReportCardPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadReportCardVerification>
}) {
	const { publicId, result } = loaderData
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
			<h1 className="text-3xl font-bold">Report card verification</h1>
			{result.genuine && result.reportCard ? (
				<section
					aria-labelledby="verdict"
					className="flex flex-col gap-4 rounded-lg border-2 border-green-600 bg-green-50 p-6"
				>
					<h2 id="verdict" className="text-xl font-bold text-green-900">
						Genuine report card
					</h2>
					<p>
						This is the current report card of{' '}
						<span className="font-semibold">{result.reportCard.studentName}</span>, as kept by
						TutorHub.
					</p>
					<ReportCardView
						courseTitle={result.reportCard.courseTitle}
						card={result.reportCard}
						headingLevel="h3"
					/>
				</section>
			) : (
				<section
					aria-labelledby="verdict"
					className="flex flex-col gap-3 rounded-lg border-2 border-red-600 bg-red-50 p-6"
				>
					<h2 id="verdict" className="text-xl font-bold text-red-900">
						Not genuine
					</h2>
					<p>
						No report card has the ID <span className="font-mono break-all">{publicId}</span>. The
						link may have been mistyped or altered.
					</p>
				</section>
			)}
		</div>
	)
}

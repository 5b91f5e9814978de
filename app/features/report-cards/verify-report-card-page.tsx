import { Verdict } from '~/ui/verdict'
import type { RouteData } from '~/platform/route-data'
import { ReportCardView } from './report-card-view'
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
				<Verdict genuine title="Genuine report card">
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
				</Verdict>
			) : (
				<Verdict genuine={false} title="Not genuine">
					<p>
						No report card has the ID <span className="font-mono break-all">{publicId}</span>. The
						link may have been mistyped or altered.
					</p>
				</Verdict>
			)}
		</div>
	)
}

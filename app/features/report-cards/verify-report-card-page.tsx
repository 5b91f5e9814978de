import { Trans, useLingui } from '@lingui/react/macro'
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
	const { t } = useLingui()
	const studentName = result.reportCard?.studentName
	return (
		<div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Report card verification</Trans>
			</h1>
			{result.genuine && result.reportCard ? (
				<Verdict genuine title={t`Genuine report card`}>
					<p>
						<Trans>
							This is the current report card of{' '}
							<span className="font-semibold">{studentName}</span>, as kept by TutorHub.
						</Trans>
					</p>
					<ReportCardView
						courseTitle={result.reportCard.courseTitle}
						card={result.reportCard}
						headingLevel="h3"
					/>
				</Verdict>
			) : (
				<Verdict genuine={false} title={t`Not genuine`}>
					<p>
						<Trans>
							No report card has the ID <span className="font-mono break-all">{publicId}</span>. The
							link may have been mistyped or altered.
						</Trans>
					</p>
				</Verdict>
			)}
		</div>
	)
}

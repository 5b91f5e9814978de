import { t } from '@lingui/core/macro'
import type { Route } from './+types/verify-report-card'
import { loadReportCardVerification } from '~/features/report-cards/verify-report-card.server'
import { VerifyReportCardPage } from '~/features/report-cards/verify-report-card-page'

/** Public: anyone holding a report card's link checks it here, signed in or not. */
export function loader({ context, request, params }: Route.LoaderArgs) {
	return loadReportCardVerification(context, request, params)
}

export function meta() {
	return [{ title: t`Report card verification | TutorHub` }, { name: 'robots', content: 'noindex' }]
}

export default function VerifyReportCard({ loaderData }: Route.ComponentProps) {
	return <VerifyReportCardPage loaderData={loaderData} />
}

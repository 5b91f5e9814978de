import { Trans, useLingui } from '@lingui/react/macro'
import { Verdict } from '~/ui/verdict'
import type { RouteData } from '~/platform/route-data'
import { formatIssued } from './format'
import type { loadCertificateVerification } from './verify-certificate.server'

export function VerifyCertificatePage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadCertificateVerification>
}) {
	const { publicId, result } = loaderData
	const { t } = useLingui()
	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12">
			<h1 className="text-3xl font-bold">
				<Trans>Certificate verification</Trans>
			</h1>
			{result.genuine && result.certificate ? (
				<Verdict genuine title={t`Genuine certificate`}>
					<p>
						<Trans>This certificate was issued through TutorHub and has not been altered.</Trans>
					</p>
					<dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
						<dt className="font-medium text-slate-700">
							<Trans>Awarded to</Trans>
						</dt>
						<dd>{result.certificate.studentName}</dd>
						<dt className="font-medium text-slate-700">
							<Trans>Course</Trans>
						</dt>
						<dd>{result.certificate.courseTitle}</dd>
						<dt className="font-medium text-slate-700">
							<Trans>Issued by</Trans>
						</dt>
						<dd>{result.certificate.issuerName}</dd>
						<dt className="font-medium text-slate-700">
							<Trans>Issued on</Trans>
						</dt>
						<dd>{formatIssued(result.certificate.issuedAt)}</dd>
						<dt className="font-medium text-slate-700">
							<Trans>Certificate ID</Trans>
						</dt>
						<dd className="font-mono break-all" translate="no">
							{result.certificate.publicId}
						</dd>
					</dl>
				</Verdict>
			) : (
				<Verdict genuine={false} title={t`Not genuine`}>
					<p>
						<Trans>
							No certificate has the ID <span className="font-mono break-all">{publicId}</span>. The
							link may have been mistyped or altered: ask the holder for the original.
						</Trans>
					</p>
				</Verdict>
			)}
		</div>
	)
}

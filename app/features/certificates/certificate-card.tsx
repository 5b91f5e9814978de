import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '~/ui/button'
import { formatIssued } from './format'
import type { Certificate } from './schema'

/**
 * One certificate as the student, the teacher and the organization see it: what it says, the PDF
 * (through the area's own download route) and its public verification link.
 */
export function CertificateCard({
	certificate,
	pdfHref,
}: {
	certificate: Certificate
	pdfHref: string
}) {
	const { t } = useLingui()
	const course = certificate.courseTitle
	return (
		<article
			aria-labelledby={`certificate-${certificate.id}`}
			className="flex flex-col gap-3 rounded-lg border-2 border-indigo-200 bg-white p-6"
		>
			<p className="text-sm font-semibold uppercase tracking-wide text-indigo-800">
				<Trans>Certificate of completion</Trans>
			</p>
			<h2 id={`certificate-${certificate.id}`} className="text-xl font-bold">
				{certificate.courseTitle}
			</h2>
			<dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">
					<Trans>Awarded to</Trans>
				</dt>
				<dd>{certificate.studentName}</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Issued by</Trans>
				</dt>
				<dd>{certificate.issuerName}</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Issued on</Trans>
				</dt>
				<dd>{formatIssued(certificate.issuedAt)}</dd>
				<dt className="font-medium text-slate-600">
					<Trans>Certificate ID</Trans>
				</dt>
				<dd className="font-mono" translate="no">
					{certificate.publicId}
				</dd>
			</dl>
			<div className="flex flex-wrap gap-3 pt-2">
				{/* No `download` attribute: the file comes as an attachment, and a refusal shows the area's page. */}
				<a href={pdfHref} className={buttonClass('primary')}>
					<Trans>
						Download<span className="sr-only"> the certificate for {course} as</span> PDF
					</Trans>
				</a>
				<a
					href={certificate.verifyPath}
					className={buttonClass('secondary')}
					aria-label={t`Verification page of the certificate for ${course}`}
				>
					<Trans>Verification page</Trans>
				</a>
			</div>
		</article>
	)
}

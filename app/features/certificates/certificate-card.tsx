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
	return (
		<article
			aria-labelledby={`certificate-${certificate.id}`}
			className="flex flex-col gap-3 rounded-lg border-2 border-indigo-200 bg-white p-6"
		>
			<p className="text-sm font-semibold uppercase tracking-wide text-indigo-800">
				Certificate of completion
			</p>
			<h2 id={`certificate-${certificate.id}`} className="text-xl font-bold">
				{certificate.courseTitle}
			</h2>
			<dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">Awarded to</dt>
				<dd>{certificate.studentName}</dd>
				<dt className="font-medium text-slate-600">Issued by</dt>
				<dd>{certificate.issuerName}</dd>
				<dt className="font-medium text-slate-600">Issued on</dt>
				<dd>{formatIssued(certificate.issuedAt)}</dd>
				<dt className="font-medium text-slate-600">Certificate ID</dt>
				<dd className="font-mono">{certificate.publicId}</dd>
			</dl>
			<div className="flex flex-wrap gap-3 pt-2">
				{/* No `download` attribute: the file comes as an attachment, and a refusal shows the area's page. */}
				<a href={pdfHref} className={buttonClass('primary')}>
					Download<span className="sr-only"> the certificate for {certificate.courseTitle} as</span>{' '}
					PDF
				</a>
				<a
					href={certificate.verifyPath}
					className={buttonClass('secondary')}
					aria-label={`Verification page of the certificate for ${certificate.courseTitle}`}
				>
					Verification page
				</a>
			</div>
		</article>
	)
}

import { formatIssued } from './format'

import type { RouteData } from '~/platform/route-data'
import type { loadCertificateVerification } from './verify-certificate.server'

export function VerifyCertificatePage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadCertificateVerification>
}) {
	const { publicId, result } = loaderData
	return (
		<div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12">
			<h1 className="text-3xl font-bold">Certificate verification</h1>
			{result.genuine && result.certificate ? (
				<section
					aria-labelledby="verdict"
					className="flex flex-col gap-4 rounded-lg border-2 border-green-600 bg-green-50 p-6"
				>
					<h2 id="verdict" className="text-xl font-bold text-green-900">
						Genuine certificate
					</h2>
					<p>This certificate was issued through TutorHub and has not been altered.</p>
					<dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
						<dt className="font-medium text-slate-700">Awarded to</dt>
						<dd>{result.certificate.studentName}</dd>
						<dt className="font-medium text-slate-700">Course</dt>
						<dd>{result.certificate.courseTitle}</dd>
						<dt className="font-medium text-slate-700">Issued by</dt>
						<dd>{result.certificate.issuerName}</dd>
						<dt className="font-medium text-slate-700">Issued on</dt>
						<dd>{formatIssued(result.certificate.issuedAt)}</dd>
						<dt className="font-medium text-slate-700">Certificate ID</dt>
						<dd className="font-mono break-all">{result.certificate.publicId}</dd>
					</dl>
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
						No certificate has the ID <span className="font-mono break-all">{publicId}</span>. The
						link may have been mistyped or altered: ask the holder for the original.
					</p>
				</section>
			)}
		</div>
	)
}

import { Trans, useLingui } from '@lingui/react/macro'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import type { RouteData } from '~/platform/route-data'
import { CertificateCard } from './certificate-card'
import type { loadStudentCertificates } from './student-certificates.server'

export function StudentCertificatesPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentCertificates>
}) {
	const { list } = loaderData
	const { t } = useLingui()
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Certificates</Trans>
			</h1>
			<p className="text-slate-700">
				<Trans>
					A certificate is issued when your teacher marks a course as completed. Each one has a
					public verification page (also reached through the QR code on the PDF) that anyone can
					open to check it is genuine.
				</Trans>
			</p>
			{list.ok ? (
				list.value.certificates.length ? (
					<>
						<ul className="grid gap-4 md:grid-cols-2" aria-label={t`Your certificates`}>
							{list.value.certificates.map((certificate) => (
								<li key={certificate.id}>
									<CertificateCard
										certificate={certificate}
										pdfHref={`/studentdashboard/certificates/${certificate.id}/pdf`}
									/>
								</li>
							))}
						</ul>
						<Pagination
							page={list.value.pagination.currentPage}
							totalPages={list.value.pagination.totalPages}
							label={t`Certificate pages`}
						/>
					</>
				) : (
					<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
						<Trans>No certificates yet: complete a course to earn one.</Trans>
					</p>
				)
			) : (
				<LoadError error={list.error} />
			)}
		</div>
	)
}

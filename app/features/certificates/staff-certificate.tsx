import { Trans, useLingui } from '@lingui/react/macro'
import { Form } from 'react-router'
import { Link } from '~/ui/link'
import { Button } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { useSubmitting } from '~/ui/use-form'
import { CertificateCard } from './certificate-card'
import type { Certificate } from './schema'

/** The teacher and organization certificate pages: the certificate, or the form that issues it. */
export function StaffCertificatePage({
	certificate,
	student,
	pdfBase,
	errors,
	back,
}: {
	certificate: Certificate | null
	/** The enrolled student's own record (never the address's say-so). */
	student: { name: string; email: string }
	pdfBase: string
	errors?: string[]
	/** Where the page was reached from (the student's report cards, or the course's students). */
	back?: { to: string; label: string }
}) {
	const busy = useSubmitting()
	const { t } = useLingui()
	const name = student.name
	const email = student.email
	return (
		<div className="flex flex-col gap-6">
			{back ? (
				<Link to={back.to} className="text-sm text-indigo-800 underline">
					{back.label}
				</Link>
			) : null}
			<h1 className="text-2xl font-bold">
				<Trans>Certificate</Trans>
			</h1>
			<p className="text-slate-700">
				<Trans>
					Student: <span className="font-semibold">{name}</span> ({email})
				</Trans>
			</p>
			{certificate ? (
				<CertificateCard certificate={certificate} pdfHref={`${pdfBase}/${certificate.id}/pdf`} />
			) : (
				<section
					aria-labelledby="issue-heading"
					className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="issue-heading" className="text-lg font-semibold">
						<Trans>No certificate yet</Trans>
					</h2>
					<p className="text-slate-700">
						<Trans>
							When {name} has completed this course, mark the course as completed: the certificate
							is issued at once and the student can download it.
						</Trans>
					</p>
					<FormErrors id="issue-errors" errors={errors} />
					<Form method="post">
						<input type="hidden" name="intent" value="issue" />
						<Button disabled={busy}>
							{busy ? t`Issuing…` : t`Mark course completed and issue certificate`}
						</Button>
					</Form>
				</section>
			)}
		</div>
	)
}

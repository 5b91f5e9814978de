import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '~/ui/link'
import type { RouteData } from '~/platform/route-data'
import { formatDateTime } from '~/platform/dates'
import type { loadStudentAnnouncement } from './student-announcement.server'

export function StudentAnnouncementPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentAnnouncement>
}) {
	const { announcement, timeZone } = loaderData
	const { t } = useLingui()
	const author = announcement.author.name
	const from = announcement.course ? announcement.course.title : t`Your organization`
	const when = formatDateTime(announcement.createdAt, timeZone)
	return (
		<article className="flex flex-col gap-4" aria-labelledby="announcement-title">
			<Link to="/studentdashboard/announcements" className="text-sm text-indigo-800 underline">
				<Trans>All announcements</Trans>
			</Link>
			<h1 id="announcement-title" className="text-2xl font-bold">
				{announcement.title}
			</h1>
			<p className="text-sm text-slate-600">
				<Trans>
					From {author} · {from} · {when}
				</Trans>
			</p>
			<div className="whitespace-pre-line rounded-lg border border-slate-200 bg-white p-6 text-slate-900">
				{announcement.body}
			</div>
		</article>
	)
}

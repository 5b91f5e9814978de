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
	return (
		<article className="flex flex-col gap-4" aria-labelledby="announcement-title">
			<Link to="/studentdashboard/announcements" className="text-sm text-indigo-800 underline">
				All announcements
			</Link>
			<h1 id="announcement-title" className="text-2xl font-bold">
				{announcement.title}
			</h1>
			<p className="text-sm text-slate-600">
				From {announcement.author.name} ·{' '}
				{announcement.course ? announcement.course.title : 'Your organization'} ·{' '}
				{formatDateTime(announcement.createdAt, timeZone)}
			</p>
			<div className="whitespace-pre-line rounded-lg border border-slate-200 bg-white p-6 text-slate-900">
				{announcement.body}
			</div>
		</article>
	)
}

import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'
import type { RouteData } from '~/platform/route-data'
import { StudentAnnouncementList } from './board'
import type { loadStudentAnnouncements } from './student-announcements.server'

export function StudentAnnouncementsPage({
	loaderData,
}: {
	loaderData: RouteData<typeof loadStudentAnnouncements>
}) {
	const { list, timeZone } = loaderData
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">Announcements</h1>
			{list.ok ? (
				<>
					<p className="text-slate-700" aria-live="polite">
						{list.value.unread === 1
							? '1 unread announcement'
							: `${list.value.unread ?? 0} unread announcements`}
					</p>
					<StudentAnnouncementList announcements={list.value.announcements} timeZone={timeZone} />
					<Pagination
						page={list.value.pagination.currentPage}
						totalPages={list.value.pagination.totalPages}
						label="Announcement pages"
					/>
				</>
			) : (
				<LoadError error={list.error} />
			)}
		</div>
	)
}

import { Plural, Trans, useLingui } from '@lingui/react/macro'
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
	const { t } = useLingui()
	return (
		<div className="flex flex-col gap-6">
			<h1 className="text-2xl font-bold">
				<Trans>Announcements</Trans>
			</h1>
			{list.ok ? (
				<>
					<p className="text-slate-700" aria-live="polite">
						<Plural
							value={list.value.unread ?? 0}
							one="# unread announcement"
							other="# unread announcements"
						/>
					</p>
					<StudentAnnouncementList announcements={list.value.announcements} timeZone={timeZone} />
					<Pagination
						page={list.value.pagination.currentPage}
						totalPages={list.value.pagination.totalPages}
						label={t`Announcement pages`}
					/>
				</>
			) : (
				<LoadError error={list.error} />
			)}
		</div>
	)
}

import type { Route } from './+types/announcements'
import { getAnnouncements } from '~/features/announcements/api.server'
import { StudentAnnouncementList } from '~/features/announcements/board'
import { pageFrom } from '~/features/announcements/schema'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'
import { Pagination } from '~/ui/pagination'

export async function loader({ context, request }: Route.LoaderArgs) {
	// Always fresh: reading one elsewhere changes which are unread.
	const list = await settle(
		getAnnouncements(upstream(context, request), pageFrom(new URL(request.url))),
	)
	return { list, timeZone: viewerTimeZone(request).zone }
}

export function meta() {
	return [{ title: 'Announcements | TutorHub' }]
}

export default function StudentAnnouncements({ loaderData }: Route.ComponentProps) {
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

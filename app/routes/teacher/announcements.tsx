import type { Route } from './+types/announcements'
import { getAnnouncements, getAudiences } from '~/features/announcements/api.server'
import { AnnouncementComposer, AuthoredAnnouncements } from '~/features/announcements/board'
import { announcementBoardAction } from '~/features/announcements/board.server'
import { pageFrom } from '~/features/announcements/schema'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { LoadError } from '~/ui/load-error'

const listPath = '/teachersdashboard/announcement/list'

export async function loader({ context, request }: Route.LoaderArgs) {
	requireRole(context, request, 'tutor')
	const api = upstream(context, request)
	const [audiences, list] = await Promise.all([
		settle(getAudiences(api)),
		settle(getAnnouncements(api, pageFrom(new URL(request.url)))),
	])
	return { audiences, list }
}

export function action({ context, request }: Route.ActionArgs) {
	requireRole(context, request, 'tutor')
	return announcementBoardAction(context, request, { requireCourse: true, listPath })
}

export default function TeacherAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
	const { audiences, list } = loaderData
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">Announcements</h1>
			<section aria-labelledby="new-announcement" className="rounded-lg border border-slate-200 bg-white p-6">
				<h2 id="new-announcement" className="mb-4 text-lg font-semibold">
					New announcement
				</h2>
				{audiences.ok ? (
					<AnnouncementComposer
						lastResult={actionData && 'post' in actionData ? actionData.post : undefined}
						courses={audiences.value.courses}
						organizationWide={false}
					/>
				) : (
					<LoadError error={audiences.error} />
				)}
			</section>
			<section aria-labelledby="posted-announcements" className="flex flex-col gap-4">
				<h2 id="posted-announcements" className="text-lg font-semibold">
					Posted announcements
				</h2>
				{actionData && 'deleteError' in actionData ? (
					<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
						{actionData.deleteError}
					</p>
				) : null}
				{list.ok ? (
					<AuthoredAnnouncements
						announcements={list.value.announcements}
						page={list.value.pagination.currentPage}
						totalPages={list.value.pagination.totalPages}
					/>
				) : (
					<LoadError error={list.error} />
				)}
			</section>
		</div>
	)
}

export function meta() {
	return [{ title: 'Announcements | TutorHub' }]
}

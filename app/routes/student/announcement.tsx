import { isRouteErrorResponse, Link } from 'react-router'
import type { Route } from './+types/announcement'
import { markAnnouncementRead } from '~/features/announcements/api.server'
import { formatPosted } from '~/features/announcements/schema'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { RouteError } from '~/ui/error-pages'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	// Opening it is reading it: the read receipt is recorded as the page loads.
	const announcement = await needed(
		markAnnouncementRead(upstream(context, request), params.announcementId),
		{
			refusedAsMissing: true,
		},
	)
	return { announcement, timeZone: viewerTimeZone(request).zone }
}

export function meta({ loaderData }: Route.MetaArgs) {
	return [{ title: `${loaderData?.announcement.title ?? 'Announcement'} | TutorHub` }]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (!isRouteErrorResponse(error) || error.status !== 404)
		return <RouteError error={error} framed />
	return (
		<div className="flex flex-col gap-3">
			<h1 className="text-2xl font-bold">Announcement not found</h1>
			<p>This announcement does not exist or is not addressed to you.</p>
			<Link to="/studentdashboard/announcements" className="text-indigo-800 underline">
				All announcements
			</Link>
		</div>
	)
}

export default function StudentAnnouncement({ loaderData }: Route.ComponentProps) {
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
				{formatPosted(announcement.createdAt, timeZone)}
			</p>
			<div className="whitespace-pre-line rounded-lg border border-slate-200 bg-white p-6 text-slate-900">
				{announcement.body}
			</div>
		</article>
	)
}

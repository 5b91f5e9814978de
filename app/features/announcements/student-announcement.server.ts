import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { markAnnouncementRead } from './api.server'

type Context = Readonly<RouterContextProvider>

export async function loadStudentAnnouncement(
	context: Context,
	request: Request,
	params: { announcementId: string },
) {
	// Opening it is reading it: the read receipt is recorded as the page loads.
	const announcement = await needed(
		markAnnouncementRead(upstream(context, request), params.announcementId),
		{
			refusedAsMissing: true,
		},
	)
	return { announcement, timeZone: viewerTimeZone(request).zone }
}

import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { getAnnouncements } from './api.server'
import { pageFrom } from './schema'

type Context = Readonly<RouterContextProvider>

export async function loadStudentAnnouncements(context: Context, request: Request) {
	// Always fresh: reading one elsewhere changes which are unread.
	const list = await settle(
		getAnnouncements(upstream(context, request), pageFrom(new URL(request.url))),
	)
	return { list, timeZone: viewerTimeZone(request).zone }
}

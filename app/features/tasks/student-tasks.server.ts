import type { RouterContextProvider } from 'react-router'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { getTasks } from './api.server'

const PAGE_SIZE = 10

/** A page of the student's tasks (`?page=`), dates shown in the viewer's zone. */
export async function loadStudentTasks(context: Readonly<RouterContextProvider>, request: Request) {
	const tasks = await settle(
		getTasks(upstream(context, request), {
			page: pageParam(new URL(request.url).searchParams),
			limit: PAGE_SIZE,
		}),
	)
	return { tasks, timeZone: viewerTimeZone(request).zone }
}

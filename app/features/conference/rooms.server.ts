import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { listCourses } from '~/features/courses/api.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { createRoom, listRooms } from './api.server'
import { startRoomSchema } from './schema'

type Context = Readonly<RouterContextProvider>

/** The rooms the viewer may open, and for a teacher the courses to start one in. */
export async function loadLiveRooms(context: Context, request: Request, user: SessionUser) {
	// Students and teachers take part; an organization looks on at its own courses' rooms.
	const api = upstream(context, request)
	const [rooms, courses] = await Promise.all([
		settle(listRooms(api)),
		user.role === 'tutor'
			? settle(listCourses(api, { teacherId: user.id, limit: 100 }))
			: Promise.resolve(null),
	])
	return { rooms, courses }
}

/** A teacher starts a room in one of their courses, and goes straight into it. */
export async function startRoomAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: startRoomSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		const { room } = await createRoom(upstream(context, request), submission.value)
		sendToast(context, successToast(t`Room created successfully`))
		return redirect(`/conference/${room.kind}/${room.id}`)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
}

import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { areaUser } from '~/platform/area-guard.server'
import { env } from '~/platform/env.server'
import { parseForm, readForm, replyStatus, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { settle, throwPageError } from '~/platform/settle.server'
import { sendToast } from '~/platform/toast.server'
import { successToast } from '~/platform/toast'
import { UpstreamError } from '~/platform/upstream-errors'
import {
	createRoomTicket,
	endRoomSession,
	getRoom,
	getRoomMessages,
	inviteToRoom,
	postRoomMessage,
} from './api.server'
import { roomFormSchema } from './schema'

type Context = Readonly<RouterContextProvider>

/** Both room pages: the room, its chat history, and a ticket for the live socket (while it runs). */
export async function loadRoomPage(context: Context, request: Request, roomId: string) {
	const user = areaUser(context)
	const api = upstream(context, request)
	// Students and teachers take part; an organization looks on at its own courses' rooms (the
	// API refuses it anyone else's): it reads the room and its chat, and asks for no ticket.
	const observer = user.role === 'organization'
	const [room, messages, ticket] = await Promise.all([
		getRoom(api, roomId).catch(throwPageError),
		settle(getRoomMessages(api, roomId)),
		observer ? null : settle(createRoomTicket(api, roomId)),
	])
	if (!ticket) return { room, messages, ticket: null, ticketError: null, iceServers: [] }
	const member = !room.endedAt && ticket.ok
	return {
		room,
		messages,
		ticket: member ? ticket.value.ticket : null,
		ticketError: !room.endedAt && !ticket.ok ? ticket.error.text : null,
		// The STUN/TURN servers (with their credentials) go only to whom the API let into the room.
		iceServers: member ? env.iceServers : [],
	}
}

/** Posting to the chat, inviting, ending the session (all without JavaScript); a fresh socket ticket. */
export async function roomAction(
	context: Context,
	request: Request,
	roomId: string,
	kind: 'classroom' | 'whiteboard',
) {
	const user = areaUser(context)
	if (user.role === 'organization') throw data(null, { status: 403 })
	const submission = parseForm(await readForm(request), { schema: roomFormSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const api = upstream(context, request)
	const page = `/conference/${kind}/${encodeURIComponent(roomId)}`
	const form = submission.value
	try {
		switch (form.intent) {
			case 'ticket':
				return await freshTicket(api, roomId)
			case 'message':
				await postRoomMessage(api, roomId, form.text)
				return redirect(`${page}#chat`)
			case 'invite': {
				const { invitee } = await inviteToRoom(api, roomId, form.email)
				sendToast(context, successToast(invitationSent(invitee.name)))
				return redirect(page)
			}
			case 'end':
				await endRoomSession(api, roomId)
				sendToast(context, successToast(t`Session ended`))
				return redirect(page)
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
}

/**
 * A fresh socket ticket for the room page's script (its own address, `/conference/rooms/<id>/ticket`,
 * answered as JSON): the script asks again, with backoff, whenever its connection is lost, and
 * treats anything but a ticket (the app restarting, the balancer's error page) as "try later".
 */
export async function roomTicket(context: Context, request: Request, roomId: string) {
	const user = areaUser(context)
	if (user.role === 'organization') throw redirect('/unauthorized')
	const answer = await ticketFor(upstream(context, request), roomId)
	return 'ticket' in answer
		? Response.json(answer)
		: Response.json({ ticketError: answer.ticketError }, { status: answer.status })
}

/** The ticket for the page's script, which keeps asking while the server is away: no toast, no form. */
async function freshTicket(api: ReturnType<typeof upstream>, roomId: string) {
	const answer = await ticketFor(api, roomId)
	return 'ticket' in answer
		? answer
		: data({ ticketError: answer.ticketError }, { status: answer.status })
}

async function ticketFor(api: ReturnType<typeof upstream>, roomId: string) {
	try {
		const { ticket } = await createRoomTicket(api, roomId)
		return { ticket }
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		return { ticketError: error.text, status: replyStatus(error.status) }
	}
}

function invitationSent(name: string) {
	return t`Invitation sent to ${name}`
}

import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import { createApi, type ApiConfig } from '../src/app.ts'
import { createPasswords } from '../src/platform/passwords.ts'
import { openDatabase, type Db } from '../src/db.ts'
import { migrate } from '../src/migrate.ts'
import { serveMetrics } from '../src/platform/metrics.ts'
import { createDiskStorage } from '../src/platform/storage.ts'
import { createSocketServer } from '../src/platform/websocket.ts'
import { closeRooms } from '../src/rooms/hubs.ts'
import { mailOutboxMetrics } from '../src/mail/metrics.ts'
import { liveRoomMetrics } from '../src/rooms/metrics.ts'
import { DEMO_ROOM_ID } from '../src/rooms/seed.ts'
import { seedDemo } from '../src/seed.ts'
import {
	call,
	login,
	organizationLogin,
	registerStudent,
	TEST_SECRET,
	openTestDatabase,
	type TestDatabase,
	uniqueEmail,
} from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

const CONFIG: ApiConfig = {
	accessTokenTtl: 900,
	refreshTokenTtl: 3600,
	jwtSecret: TEST_SECRET,
	testHooks: true,
	production: false,
	passwordHashing: { memoryCost: 4096, timeCost: 2 },
}

type RoomsApi = { baseUrl: string; socketUrl: string; db: Db; stop: () => Promise<void> }

/**
 * The API as main.ts runs it: WebSocket upgrades on, and a stop that tells sockets to reconnect and
 * lets whiteboard saves finish. With `dataDir` the database is on disk, so a restart keeps it.
 */
async function startRoomsApi(dataDir?: string, config: Partial<ApiConfig> = {}): Promise<RoomsApi> {
	// On disk (PGlite) to survive a restart; else the suite's own fresh database (PostgreSQL too).
	const database: TestDatabase = dataDir
		? await openDatabase({ dataDir }).then((db) => ({ db, drop: () => db.destroy() }))
		: await openTestDatabase()
	const { db } = database
	await migrate(db)
	await seedDemo(db, createPasswords(CONFIG.passwordHashing))
	const uploads = await mkdtemp(join(tmpdir(), 'rooms-uploads-'))
	const app = createApi({
		db,
		config: { ...CONFIG, ...config },
		storage: createDiskStorage(uploads),
	})
	const websocket = { server: createSocketServer() }
	const server = await new Promise<Server>((resolve) => {
		const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket }, () =>
			resolve(started as Server),
		)
	})
	const { port } = server.address() as AddressInfo
	return {
		baseUrl: `http://127.0.0.1:${port}/api/v1`,
		socketUrl: `ws://127.0.0.1:${port}/api/v1`,
		db,
		async stop() {
			const closed = new Promise<void>((resolve) => server.close(() => resolve()))
			await closeRooms(db)
			for (const client of websocket.server.clients) client.terminate()
			server.closeAllConnections()
			await closed
			await database.drop()
			await rm(uploads, { recursive: true, force: true })
		},
	}
}

type Inbox = { socket: WebSocket; texts: Array<Record<string, unknown>>; updates: Uint8Array[] }

/** Opens a room socket and records what arrives; resolves once the welcome is in. */
function openSocket(url: string, headers: Record<string, string> = {}): Promise<Inbox> {
	return new Promise((resolve, reject) => {
		const socket = new WebSocket(url, { headers })
		const inbox: Inbox = { socket, texts: [], updates: [] }
		socket.on('message', (data, isBinary) => {
			if (isBinary) {
				inbox.updates.push(new Uint8Array(data as Buffer))
				return
			}
			const message = JSON.parse(String(data)) as Record<string, unknown>
			inbox.texts.push(message)
			if (message.type === 'welcome') resolve(inbox)
		})
		socket.on('unexpected-response', (_request, response) =>
			reject(
				Object.assign(new Error(`refused with ${response.statusCode}`), {
					status: response.statusCode,
					reason: response.headers['x-refusal'],
				}),
			),
		)
		socket.on('error', reject)
	})
}

/** The status and reason an upgrade is refused with. */
async function refusal(url: string, headers: Record<string, string> = {}) {
	try {
		const inbox = await openSocket(url, headers)
		inbox.socket.close()
		return { status: 101, reason: undefined }
	} catch (error) {
		return error as { status: number; reason: string | undefined }
	}
}

async function until<T>(read: () => T | undefined, timeoutMs = 3000): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = read()
		if (value !== undefined) return value
		if (Date.now() > deadline) throw new Error('timed out waiting')
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

const lastOfType = (inbox: Inbox, type: string) =>
	inbox.texts.filter((message) => message.type === type).at(-1)

function closeCode(socket: WebSocket): Promise<{ code: number; reason: string }> {
	return new Promise((resolve) => {
		if (socket.readyState === WebSocket.CLOSED) resolve({ code: 0, reason: '' })
		socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }))
	})
}

let api: RoomsApi
let courseId = ''
const tokens = { teacher: '', student: '', outsider: '', otherTutor: '', organization: '' }
let outsiderEmail = ''

async function newRoom(title = 'Fractions live') {
	const answer = await call(api, 'POST', '/rooms', {
		token: tokens.teacher,
		json: { courseId, title, kind: 'classroom' },
	})
	expect(answer.status).toBe(201)
	return answer.body.room.id as string
}

async function ticketFor(roomId: string, token: string) {
	const answer = await call(api, 'POST', `/rooms/${roomId}/ticket`, { token })
	expect(answer.status).toBe(201)
	return answer.body.ticket as string
}

const socketUrl = (roomId: string, ticket: string, view = 'classroom') =>
	`${api.socketUrl}/rooms/${roomId}/socket?ticket=${encodeURIComponent(ticket)}&view=${view}`

beforeAll(async () => {
	api = await startRoomsApi()
	const [teacher, student, outsider, organization] = await Promise.all([
		login(api as never, 'teacher@example.com'),
		login(api as never, 'student@example.com'),
		registerStudent(api as never),
		organizationLogin(api as never, 'organization@example.com'),
	])
	tokens.teacher = teacher.token
	tokens.student = student.token
	tokens.outsider = outsider.token
	tokens.organization = organization.token
	outsiderEmail = outsider.email
	const teacherEmail = uniqueEmail('tutor')
	const registered = await call(api, 'POST', '/auth/register-tutor', {
		json: {
			firstName: 'Other',
			lastName: 'Tutor',
			email: teacherEmail,
			password: 'Lantern-Harbour-42',
		},
	})
	expect(registered.status).toBe(201)
	tokens.otherTutor = (await login(api as never, teacherEmail, 'Lantern-Harbour-42')).token
	const demo = await call(api, 'GET', `/rooms/${DEMO_ROOM_ID}`, { token: tokens.teacher })
	courseId = demo.body.room.courseId
})
afterAll(() => api.stop())

describe('the demo room', () => {
	test('is seeded for Algebra Foundations', async () => {
		const answer = await call(api, 'GET', `/rooms/${DEMO_ROOM_ID}`, { token: tokens.student })
		expect(answer.status).toBe(200)
		expect(answer.body.room).toMatchObject({
			id: DEMO_ROOM_ID,
			courseTitle: 'Algebra Foundations',
			kind: 'classroom',
			ownerName: 'Taylor Morgan',
			role: 'participant',
			endedAt: null,
		})
	})
})

describe('POST /rooms', () => {
	test("the course's teacher creates a room", async () => {
		const answer = await call(api, 'POST', '/rooms', {
			token: tokens.teacher,
			json: { courseId, title: '  Equations  ', kind: 'whiteboard' },
		})
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe('Room created successfully')
		expect(answer.body.room).toMatchObject({
			courseId,
			title: 'Equations',
			kind: 'whiteboard',
			role: 'host',
		})
	})

	test('kind defaults to classroom', async () => {
		const answer = await call(api, 'POST', '/rooms', {
			token: tokens.teacher,
			json: { courseId, title: 'Q&A' },
		})
		expect(answer.status).toBe(201)
		expect(answer.body.room.kind).toBe('classroom')
	})

	test('bad input is a 400 naming each field', async () => {
		const answer = await call(api, 'POST', '/rooms', {
			token: tokens.teacher,
			json: { courseId: 'nope', title: ' ', kind: 'party' },
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual(
			expect.arrayContaining([
				{ path: 'courseId', msg: 'courseId must be a UUID' },
				{ path: 'title', msg: 'Title is required' },
				{ path: 'kind', msg: 'Kind must be classroom or whiteboard' },
			]),
		)
		const bad = await call(api, 'POST', '/rooms', {
			token: tokens.teacher,
			body: '{',
			headers: { 'content-type': 'application/json' },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.message).toBe('Invalid JSON body')
	})

	test('a student, another tutor or nobody may not create one', async () => {
		const json = { courseId, title: 'Mine' }
		expect((await call(api, 'POST', '/rooms', { token: tokens.student, json })).status).toBe(403)
		const other = await call(api, 'POST', '/rooms', { token: tokens.otherTutor, json })
		expect(other.status).toBe(403)
		expect(other.body.message).toBe('You do not have permission to do this')
		const nobody = await call(api, 'POST', '/rooms', { json })
		expect(nobody.status).toBe(403)
		expect(nobody.body.message).toBe('Access token is missing or expired')
	})

	test('an unknown course is a 404', async () => {
		const answer = await call(api, 'POST', '/rooms', {
			token: tokens.teacher,
			json: { courseId: '00000000-0000-4000-8000-000000000000', title: 'Ghost' },
		})
		expect(answer.status).toBe(404)
		expect(answer.body.message).toBe('Course not found')
	})
})

describe('GET /rooms and /rooms/{id}', () => {
	test('members see the room with their part in it; others are refused', async () => {
		const roomId = await newRoom()
		const asTeacher = await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.teacher })
		expect(asTeacher.body.room.role).toBe('host')
		const asStudent = await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.student })
		expect(asStudent.body.room.role).toBe('participant')
		const outsider = await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.outsider })
		expect(outsider.status).toBe(403)
		expect(outsider.body.message).toBe('You are not a member of this room')
		expect(
			(await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.organization })).status,
		).toBe(403)
	})

	test('unknown and malformed ids', async () => {
		const unknown = await call(api, 'GET', '/rooms/00000000-0000-4000-8000-000000000000', {
			token: tokens.teacher,
		})
		expect(unknown.status).toBe(404)
		expect(unknown.body.message).toBe('Room not found')
		expect((await call(api, 'GET', '/rooms/nope', { token: tokens.teacher })).status).toBe(400)
	})

	test('the list holds the rooms a user may join', async () => {
		const roomId = await newRoom('Listed')
		const student = await call(api, 'GET', `/rooms?courseId=${courseId}`, { token: tokens.student })
		expect(student.status).toBe(200)
		expect(student.body.rooms.map((room: { id: string }) => room.id)).toContain(roomId)
		const outsider = await call(api, 'GET', '/rooms', { token: tokens.outsider })
		expect(outsider.body.rooms).toEqual([])
		expect((await call(api, 'GET', '/rooms?courseId=x', { token: tokens.student })).status).toBe(
			400,
		)
	})
})

describe("an organization looks on at its own courses' rooms", () => {
	/** A room of a course an organization's own teacher runs; and another organization. */
	async function organizationRoom() {
		const owner = await newOrganization(api as never)
		const teacher = await newMember(api as never, owner.token, 'tutor')
		const teacherToken = (await login(api as never, teacher.email, 'Lantern-Harbour-42')).token
		const course = await call(api, 'POST', '/courses/create-course', {
			token: teacherToken,
			json: {
				title: 'Org Chemistry',
				description: 'Bonds.',
				category: 'Science',
				level: 'Beginner',
				price: { amount: 0, currency: 'USD' },
			},
		})
		expect(course.status).toBe(201)
		const room = await call(api, 'POST', '/rooms', {
			token: teacherToken,
			json: { courseId: course.body.course.id, title: 'Molecules live' },
		})
		expect(room.status).toBe(201)
		await call(api, 'POST', `/rooms/${room.body.room.id}/messages`, {
			token: teacherToken,
			json: { text: 'Welcome' },
		})
		const other = await newOrganization(api as never)
		return {
			owner,
			other,
			roomId: room.body.room.id as string,
			courseId: course.body.course.id as string,
		}
	}

	test('it lists and opens them as an observer and reads their chat', async () => {
		const { owner, roomId, courseId: orgCourseId } = await organizationRoom()
		const list = await call(api, 'GET', '/rooms', { token: owner.token })
		expect(list.status).toBe(200)
		expect(list.body.rooms).toEqual([
			expect.objectContaining({ id: roomId, title: 'Molecules live', role: 'observer' }),
		])
		const ofCourse = await call(api, 'GET', `/rooms?courseId=${orgCourseId}`, {
			token: owner.token,
		})
		expect(ofCourse.body.rooms.map((room: { id: string }) => room.id)).toEqual([roomId])
		const one = await call(api, 'GET', `/rooms/${roomId}`, { token: owner.token })
		expect(one.status).toBe(200)
		expect(one.body.room).toMatchObject({
			id: roomId,
			courseTitle: 'Org Chemistry',
			role: 'observer',
		})
		const chat = await call(api, 'GET', `/rooms/${roomId}/messages`, { token: owner.token })
		expect(chat.status).toBe(200)
		expect(chat.body.messages.map((message: { text: string }) => message.text)).toEqual(['Welcome'])
	})

	test('it takes no part: no chat, ticket, invitation or end (403), and the room goes on', async () => {
		const { owner, roomId } = await organizationRoom()
		for (const [path, json] of [
			[`/rooms/${roomId}/messages`, { text: 'Hello from the office' }],
			[`/rooms/${roomId}/ticket`, undefined],
			[`/rooms/${roomId}/invites`, { email: outsiderEmail }],
			[`/rooms/${roomId}/end`, undefined],
		] as const) {
			expect((await call(api, 'POST', path, { token: owner.token, json })).status, path).toBe(403)
		}
		const room = await call(api, 'GET', `/rooms/${roomId}`, { token: owner.token })
		expect(room.body.room.endedAt).toBeNull()
		const chat = await call(api, 'GET', `/rooms/${roomId}/messages`, { token: owner.token })
		expect(chat.body.messages).toHaveLength(1)
	})

	test("another organization's rooms stay closed to it: 403, and not in its list", async () => {
		const { other, roomId } = await organizationRoom()
		const one = await call(api, 'GET', `/rooms/${roomId}`, { token: other.token })
		expect(one.status).toBe(403)
		expect(one.body.message).toBe('You are not a member of this room')
		expect(
			(await call(api, 'GET', `/rooms/${roomId}/messages`, { token: other.token })).status,
		).toBe(403)
		expect((await call(api, 'GET', '/rooms', { token: other.token })).body.rooms).toEqual([])
		// Nor the demo teacher's room, whose course belongs to no organization.
		expect(
			(await call(api, 'GET', `/rooms/${DEMO_ROOM_ID}`, { token: tokens.organization })).status,
		).toBe(403)
		expect(
			(await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.organization })).status,
		).toBe(403)
	})
})

describe('POST /rooms/{id}/invites', () => {
	test('the host invites someone by email, who may then join', async () => {
		const roomId = await newRoom('Guest lecture')
		const answer = await call(api, 'POST', `/rooms/${roomId}/invites`, {
			token: tokens.teacher,
			json: { email: outsiderEmail.toUpperCase() },
		})
		expect(answer.status).toBe(201)
		expect(answer.body).toMatchObject({
			message: 'Invitation sent',
			invitee: { email: outsiderEmail },
		})
		expect((await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.outsider })).status).toBe(
			200,
		)
		const again = await call(api, 'POST', `/rooms/${roomId}/invites`, {
			token: tokens.teacher,
			json: { email: outsiderEmail },
		})
		expect(again.status).toBe(201)
	})

	test('only the host; a real address; a known user', async () => {
		const roomId = await newRoom()
		const json = { email: outsiderEmail }
		expect(
			(await call(api, 'POST', `/rooms/${roomId}/invites`, { token: tokens.student, json })).status,
		).toBe(403)
		const bad = await call(api, 'POST', `/rooms/${roomId}/invites`, {
			token: tokens.teacher,
			json: { email: 'not-an-email' },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'email', msg: 'Enter a valid email address' }])
		const unknown = await call(api, 'POST', `/rooms/${roomId}/invites`, {
			token: tokens.teacher,
			json: { email: 'nobody-here@example.com' },
		})
		expect(unknown.status).toBe(404)
		expect(unknown.body.message).toBe('User not found')
	})
})

describe('chat over HTTP', () => {
	test('members post and read the history in order', async () => {
		const roomId = await newRoom()
		const first = await call(api, 'POST', `/rooms/${roomId}/messages`, {
			token: tokens.student,
			json: { text: ' Hello, teacher ' },
		})
		expect(first.status).toBe(201)
		expect(first.body.chatMessage).toMatchObject({
			text: 'Hello, teacher',
			author: { name: 'Sam Rivera', role: 'student' },
		})
		await call(api, 'POST', `/rooms/${roomId}/messages`, {
			token: tokens.teacher,
			json: { text: 'Welcome, Sam' },
		})
		const history = await call(api, 'GET', `/rooms/${roomId}/messages`, { token: tokens.student })
		expect(history.status).toBe(200)
		expect(history.body.messages.map((message: { text: string }) => message.text)).toEqual([
			'Hello, teacher',
			'Welcome, Sam',
		])
	})

	test('empty or too long text is a 400; outsiders are refused', async () => {
		const roomId = await newRoom()
		const empty = await call(api, 'POST', `/rooms/${roomId}/messages`, {
			token: tokens.student,
			json: { text: '' },
		})
		expect(empty.status).toBe(400)
		expect(empty.body.errors).toEqual([{ path: 'text', msg: 'Message is required' }])
		const long = await call(api, 'POST', `/rooms/${roomId}/messages`, {
			token: tokens.student,
			json: { text: 'x'.repeat(2001) },
		})
		expect(long.status).toBe(400)
		const outsider = await call(api, 'POST', `/rooms/${roomId}/messages`, {
			token: tokens.outsider,
			json: { text: 'let me in' },
		})
		expect(outsider.status).toBe(403)
		expect(
			(await call(api, 'GET', `/rooms/${roomId}/messages`, { token: tokens.outsider })).status,
		).toBe(403)
	})
})

describe('POST /rooms/{id}/end', () => {
	test('only the host ends a session; then chat and tickets are closed', async () => {
		const roomId = await newRoom()
		expect(
			(await call(api, 'POST', `/rooms/${roomId}/end`, { token: tokens.student })).status,
		).toBe(403)
		const ended = await call(api, 'POST', `/rooms/${roomId}/end`, { token: tokens.teacher })
		expect(ended.status).toBe(200)
		expect(ended.body.room.endedAt).toEqual(expect.any(String))
		const message = await call(api, 'POST', `/rooms/${roomId}/messages`, {
			token: tokens.student,
			json: { text: 'late' },
		})
		expect(message.status).toBe(409)
		expect(message.body.message).toBe('This session has ended')
		expect(
			(await call(api, 'POST', `/rooms/${roomId}/ticket`, { token: tokens.student })).status,
		).toBe(409)
	})
})

describe('the room socket', () => {
	test('an outsider is refused at the WebSocket, whatever the credentials', async () => {
		const roomId = await newRoom()
		const outsider = await refusal(`${api.socketUrl}/rooms/${roomId}/socket`, {
			authorization: `Bearer ${tokens.outsider}`,
		})
		expect(outsider).toMatchObject({ status: 403, reason: 'You are not a member of this room' })
		const noTicket = await refusal(`${api.socketUrl}/rooms/${roomId}/socket`)
		expect(noTicket).toMatchObject({ status: 403, reason: 'Access token is missing or expired' })
		const forged = await refusal(socketUrl(roomId, 'forged-ticket'))
		expect(forged.status).toBe(403)
		expect(
			(await call(api, 'POST', `/rooms/${roomId}/ticket`, { token: tokens.outsider })).status,
		).toBe(403)
		const unknown = await refusal(
			`${api.socketUrl}/rooms/00000000-0000-4000-8000-000000000000/socket`,
			{
				authorization: `Bearer ${tokens.student}`,
			},
		)
		expect(unknown).toMatchObject({ status: 404, reason: 'Room not found' })
		const plain = await call(api, 'GET', `/rooms/${roomId}/socket`, { token: tokens.student })
		expect(plain.status).toBe(426)
	})

	test('a ticket works once and only for its room', async () => {
		const roomId = await newRoom()
		const otherRoom = await newRoom()
		const ticket = await ticketFor(roomId, tokens.student)
		expect((await refusal(socketUrl(otherRoom, ticket))).status).toBe(403)
		// The failed try above used the ticket up.
		expect((await refusal(socketUrl(roomId, ticket))).status).toBe(403)
		const fresh = await ticketFor(roomId, tokens.student)
		const inbox = await openSocket(socketUrl(roomId, fresh))
		expect(lastOfType(inbox, 'welcome')).toMatchObject({ peerId: expect.any(String), messages: [] })
		expect((await refusal(socketUrl(roomId, fresh))).status).toBe(403)
		inbox.socket.close()
	})

	test('presence, chat, raised hands, signalling and the teacher controls', async () => {
		const roomId = await newRoom()
		const teacher = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.teacher)))
		const student = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.student)))
		const teacherPeer = lastOfType(teacher, 'welcome')!.peerId as string
		const studentPeer = lastOfType(student, 'welcome')!.peerId as string

		const both = await until(() => {
			const list = lastOfType(teacher, 'participants')?.participants as
				Array<Record<string, unknown>> | undefined
			return list?.length === 2 ? list : undefined
		})
		expect(both).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ name: 'Taylor Morgan', host: true, role: 'tutor' }),
				expect.objectContaining({ name: 'Sam Rivera', host: false, hand: false }),
			]),
		)

		student.socket.send(JSON.stringify({ type: 'chat', text: 'Can you repeat that?' }))
		const chat = await until(() => lastOfType(teacher, 'chat'))
		expect(chat.message).toMatchObject({
			text: 'Can you repeat that?',
			author: { name: 'Sam Rivera' },
		})
		const stored = await call(api, 'GET', `/rooms/${roomId}/messages`, { token: tokens.teacher })
		expect(stored.body.messages).toHaveLength(1)

		// A message posted over HTTP (a page without JavaScript) reaches the sockets too.
		await call(api, 'POST', `/rooms/${roomId}/messages`, {
			token: tokens.teacher,
			json: { text: 'Sure' },
		})
		await until(() =>
			student.texts.find(
				(m) => m.type === 'chat' && (m.message as { text: string }).text === 'Sure',
			),
		)

		student.socket.send(JSON.stringify({ type: 'hand', raised: true }))
		await until(() => {
			const list = lastOfType(teacher, 'participants')?.participants as Array<
				Record<string, unknown>
			>
			return list.find((p) => p.peerId === studentPeer && p.hand === true)
		})

		student.socket.send(JSON.stringify({ type: 'signal', to: teacherPeer, data: { sdp: 'offer' } }))
		const signal = await until(() => lastOfType(teacher, 'signal'))
		expect(signal).toEqual({ type: 'signal', from: studentPeer, data: { sdp: 'offer' } })

		student.socket.send(JSON.stringify({ type: 'mute-all' }))
		const denied = await until(() => lastOfType(student, 'error'))
		expect(denied.message).toBe('Only the teacher can mute everyone')
		teacher.socket.send(JSON.stringify({ type: 'mute-all' }))
		expect(await until(() => lastOfType(student, 'muted'))).toEqual({
			type: 'muted',
			by: 'Taylor Morgan',
		})

		student.socket.send('not json')
		await until(() =>
			student.texts.filter((m) => m.type === 'error').length === 2 ? true : undefined,
		)

		const studentClosed = closeCode(student.socket)
		teacher.socket.send(JSON.stringify({ type: 'end' }))
		expect(await studentClosed).toEqual({ code: 4000, reason: 'The session has ended' })
		expect(lastOfType(student, 'ended')).toBeDefined()
		const room = await call(api, 'GET', `/rooms/${roomId}`, { token: tokens.student })
		expect(room.body.room.endedAt).toEqual(expect.any(String))
	})

	test('a chat message sent again with its clientId after a lost connection is stored and shown once (issue 42)', async () => {
		const roomId = await newRoom('Sent twice')
		const teacher = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.teacher)))
		const first = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.student)))
		const clientId = 'c0ffee00c0ffee00c0ffee00c0ffee00'
		first.socket.send(JSON.stringify({ type: 'chat', text: 'Is this on?', clientId }))
		const sent = await until(() => lastOfType(first, 'sent'))
		expect(sent).toMatchObject({ clientId, message: { text: 'Is this on?' } })
		await until(() => lastOfType(teacher, 'chat'))
		first.socket.close()

		// The page never saw that acknowledgement (its connection dropped): it sends the message again
		// on its new socket, then a new one.
		const again = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.student)))
		again.socket.send(JSON.stringify({ type: 'chat', text: 'Is this on?', clientId }))
		again.socket.send(
			JSON.stringify({
				type: 'chat',
				text: 'Hello?',
				clientId: 'c0ffee00c0ffee00c0ffee00c0ffee01',
			}),
		)
		await until(() =>
			again.texts.filter((m) => m.type === 'sent').length === 2 ? true : undefined,
		)
		const acks = again.texts.filter((m) => m.type === 'sent') as Array<{
			clientId: string
			message: { id: string }
		}>
		expect(acks.map((ack) => ack.clientId)).toEqual([clientId, 'c0ffee00c0ffee00c0ffee00c0ffee01'])
		expect(acks[0]!.message.id).toBe((sent.message as { id: string }).id)
		await until(() =>
			teacher.texts.filter((m) => m.type === 'chat').length === 2 ? true : undefined,
		)
		const stored = await call(api, 'GET', `/rooms/${roomId}/messages`, { token: tokens.teacher })
		expect(stored.body.messages.map((m: { text: string }) => m.text)).toEqual([
			'Is this on?',
			'Hello?',
		])
		// The same id from another author is another message.
		teacher.socket.send(JSON.stringify({ type: 'chat', text: 'Yes', clientId }))
		await until(() => lastOfType(teacher, 'sent'))
		const after = await call(api, 'GET', `/rooms/${roomId}/messages`, { token: tokens.teacher })
		expect(after.body.messages).toHaveLength(3)
		teacher.socket.close()
		again.socket.close()
	})

	test('a member whose ticket predates the end is told the session ended, not refused', async () => {
		const roomId = await newRoom()
		const ticket = await ticketFor(roomId, tokens.student)
		expect(
			(await call(api, 'POST', `/rooms/${roomId}/end`, { token: tokens.teacher })).status,
		).toBe(200)
		const socket = new WebSocket(socketUrl(roomId, ticket, 'classroom'))
		const texts: string[] = []
		socket.on('message', (data) => texts.push(String(data)))
		expect(await closeCode(socket)).toEqual({ code: 4000, reason: 'The session has ended' })
		expect(texts).toEqual([JSON.stringify({ type: 'ended' })])
	})

	test('whiteboard edits reach the others at once', async () => {
		const roomId = await newRoom()
		const teacher = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.teacher), 'whiteboard'),
		)
		const student = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.student), 'whiteboard'),
		)
		const before = student.updates.length
		const doc = new Y.Doc()
		doc.on('update', (update: Uint8Array) => teacher.socket.send(update))
		doc.getArray('items').push([{ id: 's1', kind: 'pen', color: '#1d4ed8', points: [1, 2, 3, 4] }])
		await until(() => (student.updates.length > before ? true : undefined))
		const seen = new Y.Doc()
		for (const update of student.updates) Y.applyUpdate(seen, update)
		expect(seen.getArray('items').toJSON()).toEqual([
			{ id: 's1', kind: 'pen', color: '#1d4ed8', points: [1, 2, 3, 4] },
		])

		const closed = closeCode(student.socket)
		student.socket.send(new Uint8Array([255, 1, 2, 3]))
		expect(await closed).toEqual({ code: 1003, reason: 'Invalid whiteboard update' })
		teacher.socket.close()
	})
})

describe('the whiteboard survives a server restart', () => {
	let dataDir = ''
	beforeAll(async () => {
		dataDir = await mkdtemp(join(tmpdir(), 'rooms-db-'))
	})
	afterAll(() => rm(dataDir, { recursive: true, force: true }))

	test('drawn before the restart, there after it', { timeout: 60_000 }, async () => {
		// 205 strokes in one burst: far past a person's drawing speed, so the limit is lifted here.
		const fast = { roomLimits: { board: { points: 1_000, duration: 10 } } }
		let server = await startRoomsApi(dataDir, fast)
		const teacherLogin = await call(server, 'POST', '/auth/login', {
			json: { email: 'teacher@example.com', password: 'DemoPass123!' },
		})
		const token = teacherLogin.body.user.accessToken as string
		const ticket = async () =>
			(await call(server, 'POST', `/rooms/${DEMO_ROOM_ID}/ticket`, { token })).body.ticket as string

		const teacher = await openSocket(
			`${server.socketUrl}/rooms/${DEMO_ROOM_ID}/socket?ticket=${await ticket()}&view=whiteboard`,
		)
		const doc = new Y.Doc()
		for (const update of teacher.updates) Y.applyUpdate(doc, update)
		doc.on('update', (update: Uint8Array) => teacher.socket.send(update))
		const items = doc.getArray('items')
		// Enough strokes that the stored log is compacted into a snapshot on the way.
		for (let index = 0; index < 205; index += 1) items.push([{ id: `s${index}`, kind: 'pen' }])
		// The socket handles a room's messages in order: once this chat is back, every stroke is in.
		teacher.socket.send(JSON.stringify({ type: 'chat', text: 'All drawn' }))
		await until(() => lastOfType(teacher, 'chat'))
		const closed = closeCode(teacher.socket)
		await server.stop()
		expect((await closed).code).toBe(1012)

		server = await startRoomsApi(dataDir, fast)
		try {
			const stored = await server.db.selectFrom('room_board_updates').select('id').execute()
			expect(stored.length).toBeLessThan(10)
			const again = await openSocket(
				`${server.socketUrl}/rooms/${DEMO_ROOM_ID}/socket?ticket=${await ticket()}&view=whiteboard`,
			)
			const restored = new Y.Doc()
			for (const update of again.updates) Y.applyUpdate(restored, update)
			const ids = restored
				.getArray<{ id: string }>('items')
				.toArray()
				.map((item) => item.id)
			expect(ids).toHaveLength(205)
			expect(ids.at(-1)).toBe('s204')
			again.socket.close()
		} finally {
			await server.stop()
		}
	})
})

describe('limits: floods, oversized boards and who may clear', () => {
	/** A member's own copy of the board, wired to their socket as the browser's is. */
	function boardOf(inbox: Inbox) {
		const doc = new Y.Doc()
		for (const update of inbox.updates) Y.applyUpdate(doc, update, 'remote')
		inbox.socket.on('message', (data, isBinary) => {
			if (isBinary) Y.applyUpdate(doc, new Uint8Array(data as Buffer), 'remote')
		})
		doc.on('update', (update: Uint8Array, origin: unknown) => {
			if (origin !== 'remote') inbox.socket.send(update)
		})
		return doc
	}
	const notices = (inbox: Inbox) =>
		inbox.texts.filter((message) => message.type === 'error').map((message) => message.message)
	const storedChat = async (roomId: string) =>
		(await api.db.selectFrom('room_messages').select('id').where('room_id', '=', roomId).execute())
			.length
	/**
	 * Once this chat comes back, everything the socket sent before it has been handled: up to 2 MB
	 * of board stored first, which a busy machine may take more than the usual 3 s for.
	 */
	async function settled(inbox: Inbox, text: string) {
		inbox.socket.send(JSON.stringify({ type: 'chat', text }))
		await until(
			() =>
				inbox.texts.find(
					(message) =>
						message.type === 'chat' && (message.message as { text: string }).text === text,
				),
			15_000,
		)
	}

	test('a chat flood stores ten, warns, then closes the flooding socket; others go on', async () => {
		const roomId = await newRoom('Flooded chat')
		const teacher = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.teacher)))
		const student = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.student)))
		const closed = closeCode(student.socket)
		for (let index = 0; index < 1000; index += 1) {
			student.socket.send(JSON.stringify({ type: 'chat', text: `spam ${index}` }))
		}
		expect(await closed).toEqual({ code: 4008, reason: 'Too many messages: disconnected' })
		expect(notices(student)).toContain(
			'You are sending messages too fast. Wait a moment and try again.',
		)
		expect(await storedChat(roomId)).toBe(10)
		// The teacher's chat still goes through, at once.
		await settled(teacher, 'Let us go on')
		expect(await storedChat(roomId)).toBe(11)
		teacher.socket.close()
	})

	test('a socket’s notices and its close reason speak its page’s language (decision 072)', async () => {
		const roomId = await newRoom('Notices in Arabic')
		const ticket = await ticketFor(roomId, tokens.student)
		const student = await openSocket(`${socketUrl(roomId, ticket)}&lang=ar`)
		student.socket.send(JSON.stringify({ type: 'mute-all' }))
		await until(() => (notices(student).length === 1 ? true : undefined))
		const closed = closeCode(student.socket)
		for (let index = 0; index < 1000; index += 1) {
			student.socket.send(JSON.stringify({ type: 'chat', text: `spam ${index}` }))
		}
		expect(await closed).toEqual({ code: 4008, reason: 'رسائل كثيرة جدًا: قُطع الاتصال' })
		expect(notices(student)[0]).toBe('لا يمكن كتم صوت الجميع إلا للمعلم')
		expect(notices(student)).toContain('أنت ترسل الرسائل بسرعة كبيرة. انتظر لحظة ثم حاول مرة أخرى.')
		expect(notices(student)).not.toContain(
			'You are sending messages too fast. Wait a moment and try again.',
		)
	})

	test('zod’s own texts on a socket: Spanish by Accept-Language, English without a language', async () => {
		const roomId = await newRoom('Notices in Spanish')
		const spanish = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.student)), {
			'Accept-Language': 'es',
		})
		spanish.socket.send(JSON.stringify({ type: 'chat', text: 'Hola', clientId: 'x'.repeat(65) }))
		spanish.socket.send('not json')
		spanish.socket.send(JSON.stringify({ type: 'mute-all' }))
		await until(() => (notices(spanish).length === 3 ? true : undefined))
		expect(notices(spanish)).toEqual([
			'Demasiado largo: como máximo 64 caracteres',
			'Valor no válido: se esperaba un objeto y se recibió un valor nulo',
			'Solo el docente puede silenciar a todos',
		])
		spanish.socket.close()

		const english = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.student)))
		english.socket.send(JSON.stringify({ type: 'chat', text: 'Hi', clientId: 'x'.repeat(65) }))
		english.socket.send('not json')
		await until(() => (notices(english).length === 2 ? true : undefined))
		expect(notices(english)).toEqual([
			'Too big: expected string to have <=64 characters',
			'Invalid input: expected object, received null',
		])
		english.socket.close()
	})

	test('drawing faster than a person can is dropped with a notice', async () => {
		const roomId = await newRoom('Flooded board')
		const student = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.student), 'whiteboard'),
		)
		const board = boardOf(student)
		for (let index = 0; index < 100; index += 1) {
			board.getArray('items').push([{ id: `flood-${index}`, kind: 'pen' }])
		}
		await settled(student, 'drawn')
		expect(notices(student)).toContain(
			'You are drawing too fast. Wait a moment: your last change was not shared.',
		)
		const fresh = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.teacher), 'whiteboard'),
		)
		const seen = boardOf(fresh).getArray('items').length
		expect(seen).toBeGreaterThan(0)
		expect(seen).toBeLessThanOrEqual(60)
		student.socket.close()
		fresh.socket.close()
	})

	test('the board stays under 2 MB, and one update under 256 KB; the drawer is told', async () => {
		const roomId = await newRoom('Heavy board')
		const student = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.student), 'whiteboard'),
		)
		const board = boardOf(student)
		board.getArray('items').push([{ id: 'huge', kind: 'text', text: 'x'.repeat(300_000) }])
		await settled(student, 'one huge')
		expect(notices(student)).toContain(
			'That drawing is too large to share (at most 256 KB at once).',
		)
		// 200 KB each, slowly enough not to be a flood: the eleventh no longer fits.
		for (let index = 0; index < 11; index += 1) {
			board
				.getArray('items')
				.push([{ id: `big-${index}`, kind: 'text', text: 'y'.repeat(200_000) }])
		}
		await settled(student, 'many big')
		expect(notices(student)).toContain(
			'The board is full (2 MB). Your last change was not shared: the teacher can clear the board to make room.',
		)
		await api.db.selectFrom('rooms').select('id').where('id', '=', roomId).execute()
		const joiner = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.teacher), 'whiteboard'),
		)
		const downloaded = joiner.updates.reduce((total, update) => total + update.byteLength, 0)
		expect(downloaded).toBeLessThan(2 * 1024 * 1024 + 256 * 1024)
		expect(
			boardOf(joiner)
				.getArray<{ id: string }>('items')
				.toArray()
				.map((item) => item.id),
		).not.toContain('huge')
		student.socket.close()
		joiner.socket.close()
	})

	test('only the teacher clears the board; a student may take back only their own drawing', async () => {
		const roomId = await newRoom('Who clears')
		const teacher = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.teacher), 'whiteboard'),
		)
		const teacherBoard = boardOf(teacher)
		teacherBoard.getArray('items').push([
			{ id: 't1', kind: 'pen' },
			{ id: 't2', kind: 'pen' },
		])
		await settled(teacher, 'teacher drew')
		const student = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.student), 'whiteboard'),
		)
		const studentBoard = boardOf(student)
		studentBoard.getArray('items').push([{ id: 's1', kind: 'pen' }])
		await settled(student, 'student drew')
		await until(() => (teacherBoard.getArray('items').length === 3 ? true : undefined))

		// The student's own stroke may go (their Undo).
		const items = studentBoard.getArray<{ id: string }>('items')
		items.delete(
			items.toArray().findIndex((item) => item.id === 's1'),
			1,
		)
		await settled(student, 'took mine back')
		await until(() => (teacherBoard.getArray('items').length === 2 ? true : undefined))

		// Clear, from a student: refused, and nobody else's board changes.
		studentBoard.getArray('items').delete(0, studentBoard.getArray('items').length)
		await settled(student, 'tried to clear')
		expect(notices(student)).toContain(
			"Only the teacher can clear the board or remove other people's drawings.",
		)
		const later = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.teacher), 'whiteboard'),
		)
		expect(
			boardOf(later)
				.getArray<{ id: string }>('items')
				.toArray()
				.map((item) => item.id),
		).toEqual(['t1', 't2'])
		expect(teacherBoard.getArray('items').length).toBe(2)

		// The teacher's Clear goes through for everyone, and their Undo brings it all back.
		const undo = new Y.UndoManager(teacherBoard.getArray('items'), {
			trackedOrigins: new Set(['teacher']),
		})
		teacherBoard.transact(() => teacherBoard.getArray('items').delete(0, 2), 'teacher')
		await settled(teacher, 'cleared')
		const afterClear = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.student), 'whiteboard'),
		)
		expect(boardOf(afterClear).getArray('items').length).toBe(0)
		undo.undo()
		await settled(teacher, 'undone')
		const afterUndo = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.student), 'whiteboard'),
		)
		expect(
			boardOf(afterUndo)
				.getArray<{ id: string }>('items')
				.toArray()
				.map((item) => item.id),
		).toEqual(['t1', 't2'])

		// A browser that reconnects sends its whole state, deletions included: that is no clear.
		const rejoined = await openSocket(
			socketUrl(roomId, await ticketFor(roomId, tokens.student), 'whiteboard'),
		)
		rejoined.socket.send(Y.encodeStateAsUpdate(studentBoard))
		await settled(rejoined, 'back again')
		expect(notices(rejoined)).toEqual([])
		for (const inbox of [teacher, student, later, afterClear, afterUndo, rejoined])
			inbox.socket.close()
	})
})

describe('metrics', () => {
	test('/metrics counts live rooms and their sockets, and the mail queue', async () => {
		const metrics = await serveMetrics(api.db, 0, '127.0.0.1', [
			liveRoomMetrics(api.db),
			mailOutboxMetrics(api.db),
		])
		const url = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`
		const read = async () => {
			const text = await (await fetch(url)).text()
			const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1])
			return {
				rooms: value('api_live_rooms'),
				sockets: value('api_live_room_sockets'),
				pending: value('api_mail_outbox\\{status="pending"\\}'),
			}
		}
		try {
			// Sockets of the tests before are closed and their rooms' hubs gone, once saves finish.
			await expect.poll(read, { timeout: 10_000 }).toMatchObject({ rooms: 0, sockets: 0 })
			expect((await read()).pending).toBeGreaterThanOrEqual(0)
			const roomId = await newRoom('Counted live')
			const teacher = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.teacher)))
			const student = await openSocket(socketUrl(roomId, await ticketFor(roomId, tokens.student)))
			expect(await read()).toMatchObject({ rooms: 1, sockets: 2 })
			teacher.socket.close()
			student.socket.close()
			await expect.poll(read, { timeout: 10_000 }).toMatchObject({ rooms: 0, sockets: 0 })
			// Anything but /metrics is not there.
			expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404)
		} finally {
			metrics.close()
		}
	})
})

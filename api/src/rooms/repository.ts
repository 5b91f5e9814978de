import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import * as Y from 'yjs'
import type { Db } from '../db.ts'
import { isHost, type RoomKind } from './schemas.ts'

const ROOM_COLUMNS = [
	'rooms.id',
	'rooms.course_id',
	'rooms.owner_id',
	'rooms.kind',
	'rooms.title',
	'rooms.ended_at',
	'rooms.created_at',
	'courses.title as course_title',
	'courses.tutor_id as course_tutor_id',
	'courses.organization_id as course_organization_id',
] as const

const roomQuery = (db: Db) =>
	db
		.selectFrom('rooms')
		.innerJoin('courses', 'courses.id', 'rooms.course_id')
		.innerJoin('users as owner', 'owner.id', 'rooms.owner_id')
		.select(ROOM_COLUMNS)
		.select(sql<string>`owner.first_name || ' ' || owner.last_name`.as('owner_name'))

export type RoomRow = NonNullable<Awaited<ReturnType<typeof findRoom>>>

export const findRoom = (db: Db, id: string) =>
	roomQuery(db).where('rooms.id', '=', id).executeTakeFirst()

export async function insertRoom(
	db: Db,
	room: { courseId: string; ownerId: string; kind: RoomKind; title: string },
) {
	const { id } = await db
		.insertInto('rooms')
		.values({
			course_id: room.courseId,
			owner_id: room.ownerId,
			kind: room.kind,
			title: room.title,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return (await findRoom(db, id))!
}

/** Who may join: the room's owner, the course's teacher, its enrolled students, and invitees. */
export async function isMember(db: Db, room: RoomRow, userId: string): Promise<boolean> {
	if (isHost(room, userId)) return true
	const row = await db
		.selectFrom('users')
		.select('users.id')
		.where('users.id', '=', userId)
		.where((eb) =>
			eb.or([
				eb.exists(
					eb
						.selectFrom('enrollments')
						.select('student_id')
						.where('course_id', '=', room.course_id)
						.where('student_id', '=', userId),
				),
				eb.exists(
					eb
						.selectFrom('room_invites')
						.select('user_id')
						.where('room_id', '=', room.id)
						.where('user_id', '=', userId),
				),
			]),
		)
		.executeTakeFirst()
	return row !== undefined
}

/** Rooms the user may join, newest first; of one course when `courseId` is given. */
export function listRooms(db: Db, userId: string, courseId?: string) {
	let query = roomQuery(db).where((eb) =>
		eb.or([
			eb('rooms.owner_id', '=', userId),
			eb('courses.tutor_id', '=', userId),
			eb.exists(
				eb
					.selectFrom('enrollments')
					.select('student_id')
					.whereRef('enrollments.course_id', '=', 'rooms.course_id')
					.where('enrollments.student_id', '=', userId),
			),
			eb.exists(
				eb
					.selectFrom('room_invites')
					.select('user_id')
					.whereRef('room_invites.room_id', '=', 'rooms.id')
					.where('room_invites.user_id', '=', userId),
			),
		]),
	)
	if (courseId) query = query.where('rooms.course_id', '=', courseId)
	return query.orderBy('rooms.created_at', 'desc').orderBy('rooms.id').limit(100).execute()
}

/** The rooms of an organization's own courses, newest first; of one course when `courseId` is given. */
export function listOrganizationRooms(db: Db, organizationId: string, courseId?: string) {
	let query = roomQuery(db).where('courses.organization_id', '=', organizationId)
	if (courseId) query = query.where('rooms.course_id', '=', courseId)
	return query.orderBy('rooms.created_at', 'desc').orderBy('rooms.id').limit(100).execute()
}

export const findUserByEmail = (db: Db, email: string) =>
	db
		.selectFrom('users')
		.select(['id', 'email', 'first_name', 'last_name', 'role'])
		.where('email', '=', email)
		.executeTakeFirst()

export const findUserName = (db: Db, id: string) =>
	db
		.selectFrom('users')
		.select(['id', 'first_name', 'last_name', 'role'])
		.where('id', '=', id)
		.executeTakeFirst()

export const addInvite = (db: Db, roomId: string, userId: string) =>
	db
		.insertInto('room_invites')
		.values({ room_id: roomId, user_id: userId })
		.onConflict((oc) => oc.doNothing())
		.execute()

export async function endRoom(db: Db, id: string) {
	await db
		.updateTable('rooms')
		.set({ ended_at: new Date() })
		.where('id', '=', id)
		.where('ended_at', 'is', null)
		.execute()
	return (await findRoom(db, id))!
}

const messageQuery = (db: Db) =>
	db
		.selectFrom('room_messages')
		.leftJoin('users', 'users.id', 'room_messages.author_id')
		.select([
			'room_messages.id',
			'room_messages.room_id',
			'room_messages.body',
			'room_messages.created_at',
			'users.id as author_id',
			'users.first_name',
			'users.last_name',
			'users.role as author_role',
		])

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number]

/** The latest `limit` messages, oldest first. */
export async function listMessages(db: Db, roomId: string, limit = 200) {
	const rows = await messageQuery(db)
		.where('room_messages.room_id', '=', roomId)
		.orderBy('room_messages.created_at', 'desc')
		.orderBy('room_messages.id', 'desc')
		.limit(limit)
		.execute()
	return rows.reverse()
}

/**
 * Stores a chat message; with the sending page's `clientId`, a message sent again (its
 * acknowledgement lost with the connection) is the one stored before, and `stored` is false.
 */
export async function insertMessage(
	db: Db,
	roomId: string,
	authorId: string,
	text: string,
	clientId?: string,
) {
	const inserted = await db
		.insertInto('room_messages')
		.values({ room_id: roomId, author_id: authorId, body: text, client_id: clientId ?? null })
		.onConflict((conflict) =>
			conflict
				.columns(['room_id', 'author_id', 'client_id'])
				.where('client_id', 'is not', null)
				.doNothing(),
		)
		.returning('id')
		.executeTakeFirst()
	const row = await (
		inserted
			? messageQuery(db).where('room_messages.id', '=', inserted.id)
			: messageQuery(db)
					.where('room_messages.room_id', '=', roomId)
					.where('room_messages.author_id', '=', authorId)
					.where('room_messages.client_id', '=', clientId ?? '')
	).executeTakeFirst()
	return { row: row!, stored: inserted !== undefined }
}

const TICKET_TTL_MS = 60_000
const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex')

export async function issueTicket(db: Db, roomId: string, userId: string) {
	const ticket = randomBytes(32).toString('base64url')
	const expiresAt = new Date(Date.now() + TICKET_TTL_MS)
	await db.deleteFrom('room_tickets').where('expires_at', '<', new Date()).execute()
	await db
		.insertInto('room_tickets')
		.values({
			ticket_hash: hashTicket(ticket),
			room_id: roomId,
			user_id: userId,
			expires_at: expiresAt,
		})
		.execute()
	return { ticket, expiresAt }
}

/** The user a ticket was issued to, if it is for this room and unexpired; it works once. */
export async function redeemTicket(db: Db, roomId: string, ticket: string) {
	const row = await db
		.deleteFrom('room_tickets')
		.where('ticket_hash', '=', hashTicket(ticket))
		.returning(['room_id', 'user_id', 'expires_at'])
		.executeTakeFirst()
	if (!row || row.room_id !== roomId || row.expires_at.getTime() < Date.now()) return null
	return row.user_id
}

/** Every stored whiteboard update of a room, in order. */
export const listBoardUpdates = (db: Db, roomId: string) =>
	db
		.selectFrom('room_board_updates')
		.select(['id', 'update'])
		.where('room_id', '=', roomId)
		.orderBy('id')
		.execute()

export const appendBoardUpdate = (db: Db, roomId: string, update: Uint8Array) =>
	db
		.insertInto('room_board_updates')
		.values({ room_id: roomId, update })
		.returning('id')
		.executeTakeFirstOrThrow()

/**
 * Folds every stored update of the room into one snapshot (decisions/026). Runs on what is stored,
 * not on any process's copy, and deletes exactly the rows it merged: an update another process
 * stores meanwhile is neither lost nor merged twice. The room's row lock makes compactions of one
 * room take turns across processes; appends go on meanwhile (they only take a key-share lock).
 * Null when there was nothing to fold.
 */
export const compactBoard = (db: Db, roomId: string) =>
	db.transaction().execute(async (trx) => {
		await trx.selectFrom('rooms').select('id').where('id', '=', roomId).forNoKeyUpdate().execute()
		const rows = await listBoardUpdates(trx, roomId)
		if (rows.length < 2) return null
		const doc = new Y.Doc()
		Y.transact(doc, () => {
			for (const row of rows) Y.applyUpdate(doc, row.update)
		})
		// Includes updates still waiting for ones they build on (Yjs keeps them pending).
		const snapshot = Y.encodeStateAsUpdate(doc)
		await trx
			.deleteFrom('room_board_updates')
			.where(
				'id',
				'in',
				rows.map((row) => row.id),
			)
			.execute()
		await trx
			.insertInto('room_board_updates')
			.values({ room_id: roomId, update: snapshot })
			.execute()
		return { merged: rows.length, bytes: snapshot.byteLength }
	})

import * as Y from 'yjs'
import type { Db } from '../db.ts'
import type { RoomLimits } from '../platform/context.ts'
import { log } from '../platform/log.ts'
import type { RoomBus } from './bus.ts'
import { ROOM_NOTICES } from './limits.ts'
import type { Peer, Presence } from './presence.ts'
import { appendBoardUpdate, compactBoard, listBoardUpdates } from './repository.ts'

/** Stored updates of one whiteboard before they are folded into one snapshot. */
const COMPACT_AFTER = 200
/** The origin of a whiteboard update another API process stored and passed on. */
const FROM_ANOTHER_PROCESS = Symbol('another API process')
/** A whiteboard update that could not be stored is tried again after 0.5, 1, 2, then every 4 s. */
const SAVE_RETRY_MS = [500, 1_000, 2_000, 4_000]

/** Waits before the next try of a save, or of a room catching up. */
export const waitToRetry = (attempt: number) =>
	new Promise((resolve) =>
		setTimeout(resolve, SAVE_RETRY_MS[Math.min(attempt, SAVE_RETRY_MS.length - 1)]!),
	)

/** Which Yjs client put each drawing (by its BoardItem id) on the board. */
function boardItemAuthors(doc: Y.Doc): Map<string, number> {
	const authors = new Map<string, number>()
	for (let item = doc.getArray('items')._start; item; item = item.right) {
		if (item.deleted) continue
		for (const value of item.content.getContent() as { id?: unknown }[]) {
			if (typeof value?.id === 'string') authors.set(value.id, item.id.client)
		}
	}
	return authors
}

/** The BoardItem ids on the board (each item carries its own `id`). */
function boardItemIds(doc: Y.Doc): Set<string> {
	const ids = new Set<string>()
	for (const item of doc.getArray<{ id?: unknown }>('items').toArray()) {
		if (typeof item?.id === 'string') ids.add(item.id)
	}
	return ids
}

/** What became of a member's update: applied, not a Yjs update at all, or refused with a notice. */
export type BoardVerdict =
	'applied' | 'invalid' | typeof ROOM_NOTICES.boardFull | typeof ROOM_NOTICES.onlyTeacherClears

type WhiteboardParts = {
	db: Db
	bus: RoomBus
	/** Who is told of every change. */
	presence: Presence
	limits: RoomLimits
	/** A save went through after failing: what was missed meanwhile is read again. */
	savedAgain: () => void
}

/**
 * One room's whiteboard document in this process (decisions/015, 026): loaded once from the stored
 * updates, changed in memory, every change stored (tried again until it is), passed on to the
 * other processes and to the members here; its size kept under the limit; a participant's erasing
 * of other people's drawings refused.
 */
export class Whiteboard {
	#doc: Promise<Y.Doc> | null = null
	#writes: Promise<unknown> = Promise.resolve()
	#storedUpdates = 0
	/** About how large the stored document is: its size at load plus every update since. */
	#boardBytes = 0
	/** Members told that their drawing is not saved yet, until a save goes through again. */
	readonly #toldUnsaved = new Set<string>()

	readonly #roomId: string
	readonly #parts: WhiteboardParts

	constructor(roomId: string, parts: WhiteboardParts) {
		this.#roomId = roomId
		this.#parts = parts
	}

	/**
	 * Loads the stored document once; later edits are applied in memory, appended to the log and
	 * passed on to the other processes. Read only once this process hears the others, so no update
	 * falls between the read and the first one heard.
	 */
	load(): Promise<Y.Doc> {
		const loading = (this.#doc ??= (async () => {
			await this.#parts.bus.ready
			const doc = new Y.Doc()
			const rows = await listBoardUpdates(this.#parts.db, this.#roomId)
			Y.transact(doc, () => {
				for (const row of rows) Y.applyUpdate(doc, row.update, 'storage')
			})
			this.#storedUpdates = rows.length
			this.#boardBytes = Y.encodeStateAsUpdate(doc).byteLength
			doc.on('update', (update: Uint8Array, origin: unknown) => {
				if (origin === 'storage') return
				// Another process stored it already and told every process.
				if (origin !== FROM_ANOTHER_PROCESS)
					this.#persist(update, typeof origin === 'string' ? origin : undefined)
				for (const peer of this.#parts.presence.peers()) {
					if (peer.id !== origin) peer.socket.send(update as Uint8Array<ArrayBuffer>)
				}
			})
			return doc
		})())
		// A board that could not be read (the database away) is read again by the next caller.
		loading.catch(() => {
			if (this.#doc === loading) this.#doc = null
		})
		return loading
	}

	/**
	 * Stores the update, then tells the other processes (in that order: a process that reads the
	 * board after the update was stored finds it there; one that read it before hears it). Past
	 * COMPACT_AFTER updates, the stored log is folded into one snapshot (repository.compactBoard:
	 * from what is stored, never from this process's copy).
	 */
	#persist(update: Uint8Array, drawer?: string) {
		this.#writes = this.#writes
			.then(async () => {
				await this.#store(update, drawer)
				this.#parts.bus.publish({
					roomId: this.#roomId,
					type: 'board',
					update: Buffer.from(update).toString('base64'),
				})
				this.#storedUpdates += 1
				if (this.#storedUpdates > COMPACT_AFTER) {
					const compacted = await compactBoard(this.#parts.db, this.#roomId)
					this.#storedUpdates = 1
					if (compacted) this.#boardBytes = compacted.bytes
				}
			})
			.catch((error: unknown) =>
				log.error({ err: error }, `Saving whiteboard ${this.#roomId} failed`),
			)
	}

	/**
	 * Appends one update, trying again until it is stored: the later ones wait behind it (a Yjs
	 * update may need the one before), and the other processes hear of it once it is, so an
	 * outage of the database delays strokes but loses none (issue 27). Afterwards the room catches
	 * up: what the others drew meanwhile may have been published while this one missed it.
	 */
	async #store(update: Uint8Array, drawer?: string) {
		for (let attempt = 0; ; attempt++) {
			try {
				await appendBoardUpdate(this.#parts.db, this.#roomId, update)
				if (attempt > 0) {
					this.#toldUnsaved.clear()
					this.#parts.savedAgain()
				}
				return
			} catch (error) {
				if (attempt === 0)
					log.error({ err: error }, `Saving whiteboard ${this.#roomId} failed; trying again`)
				// The drawer learns, once per outage, that the stroke is kept but not yet saved.
				const peer = drawer === undefined ? undefined : this.#parts.presence.get(drawer)
				if (peer && !this.#toldUnsaved.has(peer.id)) {
					this.#toldUnsaved.add(peer.id)
					this.#parts.presence.send(peer, { type: 'error', message: ROOM_NOTICES.drawingNotSaved })
				}
				await waitToRetry(attempt)
			}
		}
	}

	/**
	 * Applies the stored updates this process lacks (once the board is loaded) and sends them to
	 * its members: a board is never left waiting on an update published while it could not hear.
	 */
	async catchUp() {
		if (!this.#doc) return
		const doc = await this.#doc
		const stored = new Y.Doc()
		const rows = await listBoardUpdates(this.#parts.db, this.#roomId)
		for (const row of rows) Y.applyUpdate(stored, row.update)
		const missing = Y.encodeStateAsUpdate(stored, Y.encodeStateVector(doc))
		// With what it missed, the updates heard since but waiting on it are applied too.
		Y.applyUpdate(doc, missing, FROM_ANOTHER_PROCESS)
		this.#boardBytes += missing.byteLength
	}

	/** An update another process stored and passed on (base64). */
	heard(update: string) {
		void this.load()
			.then((doc) => {
				const bytes = Buffer.from(update, 'base64')
				Y.applyUpdate(doc, bytes, FROM_ANOTHER_PROCESS)
				this.#boardBytes += bytes.byteLength
			})
			.catch((error: unknown) =>
				log.error(
					{ err: error },
					`Whiteboard ${this.#roomId}: an update from another process failed`,
				),
			)
	}

	/** Settles once every whiteboard change received so far is stored. */
	flush() {
		return this.#writes
	}

	/** A member's update: applied (then stored and passed on), or refused under the board's rules. */
	async accept(peer: Peer, update: Uint8Array): Promise<BoardVerdict> {
		const doc = await this.load()
		let decoded: ReturnType<typeof Y.decodeUpdate>
		try {
			decoded = Y.decodeUpdate(update)
		} catch {
			return 'invalid'
		}
		const known = Y.decodeStateVector(Y.encodeStateVector(doc))
		const fresh = decoded.structs.filter(
			(struct) => struct.id.clock >= (known.get(struct.id.client) ?? 0),
		)
		if (fresh.length > 0 && this.#boardBytes + update.byteLength > this.#parts.limits.boardBytes) {
			return ROOM_NOTICES.boardFull
		}
		if (!peer.host && this.#removesOthersDrawing(doc, peer, decoded, update)) {
			return ROOM_NOTICES.onlyTeacherClears
		}
		for (const struct of fresh) peer.clients.add(struct.id.client)
		try {
			Y.applyUpdate(doc, update, peer.id)
		} catch {
			return 'invalid'
		}
		if (fresh.length > 0) this.#boardBytes += update.byteLength
		return 'applied'
	}

	/**
	 * Whether the update takes off the board a drawing this member did not make (a Clear, or an
	 * erase of someone else's). Checked on a copy, and only when the update deletes content of
	 * other Yjs clients: a reconnecting browser's full state names every deletion it has seen.
	 */
	#removesOthersDrawing(
		doc: Y.Doc,
		peer: Peer,
		decoded: ReturnType<typeof Y.decodeUpdate>,
		update: Uint8Array,
	): boolean {
		if ([...decoded.ds.clients.keys()].every((client) => peer.clients.has(client))) return false
		const copy = new Y.Doc()
		Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
		Y.applyUpdate(copy, update)
		const left = boardItemIds(copy)
		for (const [itemId, client] of boardItemAuthors(doc)) {
			if (!left.has(itemId) && !peer.clients.has(client)) return true
		}
		return false
	}
}

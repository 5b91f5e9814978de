import { afterAll, beforeAll, expect, test } from 'vitest'
import * as Y from 'yjs'
import { appendBoardUpdate, compactBoard, listBoardUpdates } from '../src/rooms/repository.ts'
import { DEMO_ROOM_ID } from '../src/rooms/seed.ts'
import { startApi, type TestApi } from './helpers.ts'

// Compaction folds what is stored, never one process's copy (decisions/026): with several API
// processes, each stores the updates its own sockets send, and none of them has seen all of them.

let api: TestApi

beforeAll(async () => {
	api = await startApi()
})

afterAll(async () => {
	await api.close()
})

/** One stroke drawn in `doc`; the update it stores. */
function stroke(doc: Y.Doc, label: string): Uint8Array {
	let update: Uint8Array = new Uint8Array()
	const keep = (each: Uint8Array) => (update = each)
	doc.once('update', keep)
	doc.getArray('items').push([{ id: `${label}-${Math.random()}`, label }])
	return update
}

async function storedLabels() {
	const doc = new Y.Doc()
	for (const row of await listBoardUpdates(api.db, DEMO_ROOM_ID)) Y.applyUpdate(doc, row.update)
	return doc
		.getArray<{ label: string }>('items')
		.toArray()
		.map((item) => item.label)
		.sort()
}

test('updates stored by two processes are all in the snapshot, and only the merged rows go', async () => {
	const processA = new Y.Doc()
	const processB = new Y.Doc()
	for (const label of ['a1', 'a2', 'a3'])
		await appendBoardUpdate(api.db, DEMO_ROOM_ID, stroke(processA, label))
	for (const label of ['b1', 'b2'])
		await appendBoardUpdate(api.db, DEMO_ROOM_ID, stroke(processB, label))

	const compacted = await compactBoard(api.db, DEMO_ROOM_ID)
	expect(compacted?.merged).toBe(5)
	expect(await listBoardUpdates(api.db, DEMO_ROOM_ID)).toHaveLength(1)
	expect(await storedLabels()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2'])

	// Stored after the compaction: kept as it is, and folded in by the next one.
	await appendBoardUpdate(api.db, DEMO_ROOM_ID, stroke(processB, 'b3'))
	expect(await listBoardUpdates(api.db, DEMO_ROOM_ID)).toHaveLength(2)
	expect((await compactBoard(api.db, DEMO_ROOM_ID))?.merged).toBe(2)
	expect(await storedLabels()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3'])
})

test('an update waiting for one it builds on survives compaction', async () => {
	const doc = new Y.Doc()
	const first = stroke(doc, 'first')
	const second = stroke(doc, 'second')
	// Only the second is stored: Yjs keeps it pending, and so must the snapshot.
	await appendBoardUpdate(api.db, DEMO_ROOM_ID, second)
	await compactBoard(api.db, DEMO_ROOM_ID)
	const restored = new Y.Doc()
	for (const row of await listBoardUpdates(api.db, DEMO_ROOM_ID))
		Y.applyUpdate(restored, row.update)
	expect(restored.getArray('items').toArray().length).toBe(6)
	Y.applyUpdate(restored, first)
	const labels = restored
		.getArray<{ label: string }>('items')
		.toArray()
		.map((item) => item.label)
	expect(labels).toContain('first')
	expect(labels).toContain('second')
})

test('nothing to fold: one row or none stays as it is', async () => {
	await compactBoard(api.db, DEMO_ROOM_ID)
	expect(await compactBoard(api.db, DEMO_ROOM_ID)).toBeNull()
})

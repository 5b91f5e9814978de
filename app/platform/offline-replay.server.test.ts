import { expect, test } from 'vitest'
import { createReplayLedger } from './offline-replay.server'

const redirectAnswer = () =>
	new Response(null, { status: 302, headers: { Location: '/teachersdashboard/courses' } })

test('a change sent again after it was applied is answered without applying it twice', async () => {
	const ledger = createReplayLedger()
	let applied = 0
	const apply = async () => {
		applied++
		return redirectAnswer()
	}
	expect((await ledger.once('user-1:id-1', apply)).repeated).toBe(false)
	const again = await ledger.once('user-1:id-1', apply)
	expect(again.repeated).toBe(true)
	expect(again.response.status).toBe(204)
	expect(applied).toBe(1)
	// Another change, or the same id for another user, is applied.
	await ledger.once('user-1:id-2', apply)
	await ledger.once('user-2:id-1', apply)
	expect(applied).toBe(3)
})

test('a repeat that arrives while the first is still being applied waits for it and is not applied', async () => {
	const ledger = createReplayLedger()
	let applied = 0
	let finish: () => void = () => undefined
	const first = ledger.once('k', async () => {
		applied++
		await new Promise<void>((resolve) => (finish = resolve))
		return redirectAnswer()
	})
	const second = ledger.once('k', async () => {
		applied++
		return redirectAnswer()
	})
	finish()
	expect((await first).repeated).toBe(false)
	expect((await second).repeated).toBe(true)
	expect(applied).toBe(1)
})

test('a change that was not applied (refused, failed or thrown) may be sent again', async () => {
	const ledger = createReplayLedger()
	expect(
		(await ledger.once('k', async () => new Response(null, { status: 503 }))).response.status,
	).toBe(503)
	await expect(
		ledger.once('k', async () => {
			throw new Error('boom')
		}),
	).rejects.toThrow('boom')
	const last = await ledger.once('k', async () => redirectAnswer())
	expect(last.repeated).toBe(false)
	expect(last.response.status).toBe(302)
})

test('entries expire and the ledger stays bounded', async () => {
	let time = 0
	const ledger = createReplayLedger({ ttlMs: 1000, max: 3, now: () => time })
	for (const key of ['a', 'b', 'c', 'd']) await ledger.once(key, async () => redirectAnswer())
	expect(ledger.size()).toBe(3)
	time = 2000
	expect((await ledger.once('b', async () => redirectAnswer())).repeated).toBe(false)
	expect(ledger.size()).toBe(1)
})

// The load model's journeys (bench/load/journeys.mjs) against pages other than expected.
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { Browser } from './browser.mjs'
import { fakeApp } from './fake-app.ts'
import * as Y from 'yjs'
import {
	catchUpBoard,
	studentRoom,
	studentTest,
	testEndsAt,
	ticketErrorOf,
	ticketOf,
	whatPageSaid,
} from './journeys.mjs'
import { Stats } from './stats.mjs'

let routes: Record<string, (response: ServerResponse, method: string) => void> = {}

const app = fakeApp(async (request, response) => {
	for await (const _ of request);
	const route = routes[(request.url ?? '').split('?')[0] as string]
	if (route) route(response, request.method ?? 'GET')
	else response.writeHead(404).end('<title>Not found</title>')
})

// The classroom page's data as React Router streams it (keys and values in one flat list, a null
// left out), as the app answered with a ticket and when the API failed on the ticket alone.
const TICKET = 'GAFyTrMeoZRkYfAheNa-Jhrx6lbbSA-82ba2lOp9vK0'
const GIVEN = `\\"messages\\",{\\"_20\\":21,\\"_22\\":23},\\"ticket\\",\\"${TICKET}\\",\\"ticketError\\",\\"iceServers\\",[],\\"ok\\",true`
const FAILED = `\\"messages\\",{\\"_20\\":21,\\"_22\\":23},\\"ticket\\",\\"ticketError\\",\\"The server is taking longer than expected. It may be sleeping. Please try again.\\",\\"iceServers\\",[],\\"ok\\",true`
const streamed = (data: string) =>
	`window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"loaderData\\",${data}]")`

const html = (response: ServerResponse, status: number, body: string) =>
	response.writeHead(status, { 'content-type': 'text/html' }).end(body)

/** A signed-in pupil's pages: the login form and its answer with a session cookie. */
const signInRoutes = {
	'/login': (response: ServerResponse, method: string) =>
		method === 'POST'
			? response
					.writeHead(302, { location: '/studentdashboard', 'set-cookie': '__session=s; Path=/' })
					.end()
			: html(
					response,
					200,
					'<form method="post"><input name="email"><input type="password" name="password"></form>',
				),
	'/studentdashboard': (response: ServerResponse) => html(response, 200, '<h1>Dashboard</h1>'),
}

/** One person of the model who stops after their first pause. */
function person(role: string, stats: Stats, extra: Record<string, unknown> = {}) {
	let running = true
	return {
		role,
		index: 0,
		email: 'scale-student-1@example.com',
		browser: new Browser({ appUrl: app.url, stats }),
		stats,
		model: {
			testMinutes: 15,
			testSaveEverySeconds: 10,
			rooms: { strokeEverySeconds: 15, chatEverySeconds: 60 },
		},
		ids: { templateId: 'T1' },
		running: () => running,
		sleep: async () => {
			running = false
		},
		think: async () => {},
		acknowledged: { set: () => {}, delete: () => {}, unanswered: () => {} },
		stop: () => {
			running = false
		},
		...extra,
	}
}

describe('a journey given a page other than expected', () => {
	it('records a test page without questions as a problem saying what it was, never a TypeError', async () => {
		const stats = new Stats()
		const pupil = person('studentTest', stats)
		let starts = 0
		routes = {
			...signInRoutes,
			'/studentdashboard/test/T1': (response) =>
				html(
					response,
					200,
					'<form method="post" action="/studentdashboard/test/T1"><button name="intent" value="start">Start</button><input type="hidden" name="intent" value="start"></form>',
				),
			'/studentdashboard/test/T1/take': (response) => {
				pupil.stop()
				html(
					response,
					503,
					'<title>Error | TutorHub</title><p role="alert">The server is taking longer than expected. It may be sleeping. Please try again.</p>',
				)
			},
		}
		const start = routes['/studentdashboard/test/T1']!
		routes['/studentdashboard/test/T1'] = (response, method) => {
			if (method !== 'POST') return start(response, method)
			starts++
			response.writeHead(303, { location: '/studentdashboard/test/T1/take?session=S1' }).end()
		}
		await expect(studentTest(pupil)).resolves.toBeUndefined()
		expect(starts).toBe(1)
		const { problems } = stats.summary()
		expect(problems).toEqual({
			'503 /studentdashboard/test/T1/take?session=S1': 1,
			'no question on the test page: 503 "The server is taking longer than expected. It may be sleeping. Please try again."': 1,
		})
	})

	it('records a classroom page without its ticket with its status and the ticket’s error', async () => {
		const stats = new Stats()
		routes = {
			...signInRoutes,
			'/conference/classroom/R1': (response) =>
				html(
					response,
					200,
					`<title>Load room 1 | TutorHub</title><script>${streamed(FAILED)}</script>`,
				),
		}
		await studentRoom(person('studentRoom', stats, { room: 'R1' }))
		expect(stats.summary().problems).toEqual({
			'no ticket on the classroom page: 200 "The server is taking longer than expected. It may be sleeping. Please try again."': 1,
		})
	})

	it('reads the ticket, or why there is none, from the classroom page’s data', () => {
		expect(ticketOf(streamed(GIVEN))).toBe(TICKET)
		expect(ticketErrorOf(streamed(GIVEN))).toBeNull()
		// The key after a null ticket is not a ticket (the generator opened the socket with "ticketError").
		expect(ticketOf(streamed(FAILED))).toBeNull()
		expect(ticketErrorOf(streamed(FAILED))).toBe(
			'The server is taking longer than expected. It may be sleeping. Please try again.',
		)
		expect(whatPageSaid({ status: 200, body: `<title>Room</title>${streamed(GIVEN)}` })).toBe(
			'200 "Room"',
		)
	})

	it('says what a page said: its alert, else its title, else its status; nothing when none came', () => {
		const answer = (status: number, body: string) => ({ status, body })
		expect(
			whatPageSaid(
				answer(
					503,
					'<title>Oops</title><div role="alert"><p>Request Timeout</p><p>Try <b>again</b>\n</p></div>',
				),
			),
		).toBe('503 "Request Timeout Try again"')
		// An alert's words only, not the start of a tag the window cut.
		expect(
			whatPageSaid(
				answer(503, `<div role="alert"><p>Network Error</p></div>${' '.repeat(560)}<select id="x"`),
			),
		).toBe('503 "Network Error"')
		expect(whatPageSaid(answer(404, '<title>Page not found | TutorHub</title>'))).toBe(
			'404 "Page not found | TutorHub"',
		)
		expect(whatPageSaid(answer(502, ''))).toBe('502')
		expect(whatPageSaid(answer(0, ''))).toBe('no answer (timeout or refused)')
	})
})

describe('a pupil’s timed test', () => {
	const model = { testMinutes: 15, testSaveEverySeconds: 10 }

	it('is handed in when its minutes are over, the first one after a uniform share of them', () => {
		expect(testEndsAt(model, 1_000, false)).toBe(1_000 + 15 * 60_000)
		expect(testEndsAt(model, 1_000, true, () => 0)).toBe(1_000 + 10_000)
		expect(testEndsAt(model, 1_000, true, () => 0.5)).toBe(1_000 + 10_000 + 445_000)
		expect(testEndsAt(model, 1_000, true, () => 1)).toBe(1_000 + 15 * 60_000)
	})

	it('saves its answers until then, whenever the step ends, and is not handed in early', async () => {
		const stats = new Stats()
		let pauses = 0
		let thinks = 0
		const pupil = person('studentTest', stats, {
			// The step is over in a moment (the generator before decision 078 handed the test in 20 s
			// before a step's end): the test's time is not, so the pupil goes on answering.
			stepEndsAt: Date.now() + 1_000,
			sleep: async () => {
				if (++pauses === 3) pupil.stop()
			},
			// A pupil who handed one in thinks, then starts another: the third time ends the journey.
			think: async () => {
				if (++thinks === 3) pupil.stop()
			},
		})
		const posts: string[] = []
		routes = {
			...signInRoutes,
			'/studentdashboard/test/T1': (response, method) => {
				if (method === 'POST') {
					posts.push('start')
					return response
						.writeHead(303, { location: '/studentdashboard/test/T1/take?session=S1' })
						.end()
				}
				html(
					response,
					200,
					'<form method="post" action="/studentdashboard/test/T1"><input type="hidden" name="intent" value="start"><button>Start</button></form>',
				)
			},
			'/studentdashboard/test/T1/take': (response) =>
				html(
					response,
					200,
					'<input type="radio" name="answer-1" value="7"><input type="radio" name="answer-1" value="8">',
				),
			'/studentdashboard/test/T1/progress': (response) => {
				posts.push('progress')
				response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
			},
		}
		await studentTest(pupil)
		// One start, then a save after each of the pauses: no submission, no second start.
		expect(posts).toEqual(['start', 'progress', 'progress', 'progress'])
		expect(Object.keys(stats.summary().byName)).not.toContain('test: submitted')
	})
})

describe('a room pupil’s board', () => {
	const stroke = (id: string) => ({
		id,
		kind: 'pen',
		color: '#1e3a8a',
		width: 2,
		points: [1, 2, 3, 4],
	})

	it('catches up before drawing, in one transaction, and sends what a page that applied each would', () => {
		// A page applies each update the room passes on as it comes; the generator's pupil keeps
		// them and applies them just before drawing. Both draw as client 101.
		const page = new Y.Doc()
		const pupil = new Y.Doc()
		page.clientID = 101
		pupil.clientID = 101
		const others = [new Y.Doc(), new Y.Doc(), new Y.Doc()]
		const heard: Uint8Array[] = []
		let transactions = 0
		pupil.on('afterTransaction', () => transactions++)
		for (let round = 0; round < 4; round++) {
			for (const [n, other] of others.entries()) {
				let update: Uint8Array | undefined
				other.once('update', (each: Uint8Array) => (update = each))
				other.getArray('items').push([stroke(`r${round}-o${n}`)])
				for (const elsewhere of others) if (elsewhere !== other) Y.applyUpdate(elsewhere, update!)
				Y.applyUpdate(page, update!, 'remote')
				heard.push(update!)
			}
			const before = transactions
			catchUpBoard(pupil, heard)
			expect(transactions - before).toBe(1)
			expect(heard).toEqual([])
			let fromPage: Uint8Array | undefined
			let fromPupil: Uint8Array | undefined
			page.once('update', (each: Uint8Array) => (fromPage = each))
			pupil.once('update', (each: Uint8Array) => (fromPupil = each))
			page.getArray('items').push([stroke(`r${round}-mine`)])
			pupil.getArray('items').push([stroke(`r${round}-mine`)])
			expect(Buffer.from(fromPupil!)).toEqual(Buffer.from(fromPage!))
			for (const other of others) Y.applyUpdate(other, fromPage!)
		}
		expect(pupil.getArray('items').toArray()).toEqual(page.getArray('items').toArray())
	})
})

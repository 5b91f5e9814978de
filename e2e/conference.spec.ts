import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import config from '../playwright.config'
import { expect, logIn, logOut, test, uniqueEmail } from './fixtures'
import { apiCall, apiLogin, newRoom } from './room-fixtures'

// Chromium's fake camera and microphone, accepted without a prompt, and remote video that plays
// without a click of its own.
const baseArgs = config.use?.launchOptions?.args ?? []
test.use({
	launchOptions: {
		...config.use?.launchOptions,
		args: [
			...baseArgs,
			'--use-fake-ui-for-media-stream',
			'--use-fake-device-for-media-stream',
			'--autoplay-policy=no-user-gesture-required',
		],
	},
})

type Person = { context: BrowserContext; page: Page; errors: string[] }

/** A second person needs a browser context of their own; their console errors fail the test too. */
async function person(
	browser: Browser,
	testInfo: TestInfo,
	email: string,
	{ baseURL, expected }: { baseURL?: string; expected?: () => RegExp | null } = {},
): Promise<Person> {
	const context = await browser.newContext({
		baseURL: baseURL ?? testInfo.project.use.baseURL ?? config.use?.baseURL,
		javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
	})
	const page = await context.newPage()
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() !== 'error' || /status of 4\d\d/.test(message.text())) return
		if (expected?.()?.test(message.text())) return
		errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	await logIn(page, email)
	await expect(page).not.toHaveURL(/\/login/)
	return { context, page, errors }
}

async function done(...people: Person[]) {
	for (const each of people) {
		expect(each.errors, 'console errors').toEqual([])
		await each.context.close()
	}
}

/** Drags across the board from one fraction of its size to another. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
	const box = (await page.getByTestId('whiteboard-canvas').boundingBox())!
	await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1])
	await page.mouse.down()
	for (let step = 1; step <= 5; step += 1) {
		const x = from[0] + ((to[0] - from[0]) * step) / 5
		const y = from[1] + ((to[1] - from[1]) * step) / 5
		await page.mouse.move(box.x + box.width * x, box.y + box.height * y)
	}
	await page.mouse.up()
}

test('teacher and student draw on one whiteboard, live, and the drawing stays', async ({
	browser,
}, testInfo) => {
	test.skip(
		testInfo.project.name === 'no-js',
		'drawing needs JavaScript; the no-js journey is below',
	)
	const room = await newRoom('Graphing together')
	const teacher = await person(browser, testInfo, 'teacher@example.com')
	const student = await person(browser, testInfo, 'student@example.com')
	for (const each of [teacher, student]) {
		await each.page.goto(`/conference/whiteboard/${room.id}`)
		await expect(each.page.getByRole('status').getByText('Connected')).toBeVisible()
	}
	await expect(
		teacher.page.getByRole('list', { name: 'Participants' }).getByText('Sam Rivera'),
	).toBeVisible()

	await drag(teacher.page, [0.2, 0.2], [0.5, 0.4])
	await expect(teacher.page.getByRole('img', { name: 'Whiteboard with 1 drawing' })).toBeVisible()
	await expect(student.page.getByRole('img', { name: 'Whiteboard with 1 drawing' })).toBeVisible({
		timeout: 1000,
	})

	await student.page.getByRole('button', { name: 'Rectangle' }).click()
	await student.page.getByRole('button', { name: 'Red', exact: true }).click()
	await drag(student.page, [0.6, 0.6], [0.8, 0.8])
	await expect(teacher.page.getByRole('img', { name: 'Whiteboard with 2 drawings' })).toBeVisible({
		timeout: 1000,
	})

	await teacher.page.getByRole('button', { name: 'Text', exact: true }).click()
	await teacher.page.getByLabel('Text to place (click the board)').fill('y = 2x + 1')
	await teacher.page.getByLabel('Text to place (click the board)').press('Enter')
	await student.page.getByText('What is on the board').click()
	await expect(student.page.getByText('Text: y = 2x + 1')).toBeVisible({ timeout: 1000 })

	// Undo takes back only the teacher's own last change.
	await teacher.page.getByRole('button', { name: 'Undo' }).click()
	await expect(student.page.getByRole('img', { name: 'Whiteboard with 2 drawings' })).toBeVisible({
		timeout: 1000,
	})

	// Everyone leaves; the room's document goes back to the database, and comes back from it.
	await teacher.page.goto('/teachersdashboard')
	await student.page.goto('/studentdashboard')
	await student.page.goto(`/conference/whiteboard/${room.id}`)
	await expect(student.page.getByRole('img', { name: 'Whiteboard with 2 drawings' })).toBeVisible()

	// Only the teacher clears the board, after saying yes, and can take it back.
	await expect(student.page.getByRole('button', { name: 'Clear' })).toHaveCount(0)
	await teacher.page.goto(`/conference/whiteboard/${room.id}`)
	await expect(teacher.page.getByRole('img', { name: 'Whiteboard with 2 drawings' })).toBeVisible()
	await teacher.page.getByRole('button', { name: 'Clear' }).click()
	await teacher.page.getByRole('button', { name: 'Cancel' }).click()
	await teacher.page.getByRole('button', { name: 'Clear' }).click()
	await expect(teacher.page.getByText('Clear the board for everyone?')).toBeVisible()
	await teacher.page.getByRole('button', { name: 'Yes, clear the board' }).click()
	await expect(student.page.getByRole('img', { name: 'Whiteboard with 0 drawings' })).toBeVisible()
	await expect(
		teacher.page.getByText('The board was cleared for everyone. Undo brings it back.'),
	).toBeVisible()
	await teacher.page.getByRole('button', { name: 'Undo' }).click()
	await expect(student.page.getByRole('img', { name: 'Whiteboard with 2 drawings' })).toBeVisible()
	await done(teacher, student)
})

test('a live class: presence, chat, a raised hand, camera and microphone, mute all, the end', async ({
	browser,
}, testInfo) => {
	test.skip(
		testInfo.project.name === 'no-js',
		'the live classroom needs JavaScript; the no-js journey is below',
	)
	const room = await newRoom('Linear equations')
	const teacher = await person(browser, testInfo, 'teacher@example.com')
	const student = await person(browser, testInfo, 'student@example.com')
	for (const each of [teacher, student]) {
		await each.page.goto(`/conference/classroom/${room.id}`)
		await expect(each.page.getByRole('status').getByText('Connected')).toBeVisible()
	}
	const teacherParticipants = teacher.page.getByRole('list', { name: 'Participants' })
	await expect(teacherParticipants.getByText('Sam Rivera')).toBeVisible()

	await student.page.getByRole('textbox', { name: 'Message' }).fill('Is x = 3 the answer?')
	await student.page.getByRole('button', { name: 'Send', exact: true }).click()
	await expect(
		teacher.page.getByRole('list', { name: 'Chat messages' }).getByText('Is x = 3 the answer?'),
	).toBeVisible({ timeout: 1000 })
	await teacher.page.getByRole('textbox', { name: 'Message' }).fill('Yes, well done')
	await teacher.page.getByRole('textbox', { name: 'Message' }).press('Enter')
	await expect(student.page.getByText('Yes, well done')).toBeVisible({ timeout: 1000 })

	await student.page.getByRole('button', { name: 'Raise hand' }).click()
	await expect(
		teacherParticipants.getByRole('listitem').filter({ hasText: 'Sam Rivera' }),
	).toContainText('Hand raised')
	await student.page.getByRole('button', { name: 'Lower hand' }).click()
	await expect(
		teacherParticipants.getByRole('listitem').filter({ hasText: 'Sam Rivera' }),
	).not.toContainText('Hand raised')

	await teacher.page.getByRole('button', { name: 'Join with camera and microphone' }).click()
	await student.page.getByRole('button', { name: 'Join with camera and microphone' }).click()
	await expect(student.page.getByText('Taylor Morgan · Connected')).toBeVisible({ timeout: 15_000 })
	await expect(teacher.page.getByText('Sam Rivera · Connected')).toBeVisible({ timeout: 15_000 })
	// The fake camera's picture really arrives at the other side.
	await expect
		.poll(
			() =>
				student.page
					.getByLabel('Video of Taylor Morgan')
					.evaluate((video: HTMLVideoElement) => video.videoWidth),
			{ timeout: 10_000 },
		)
		.toBeGreaterThan(0)
	await expect(
		teacherParticipants.getByRole('listitem').filter({ hasText: 'Sam Rivera' }),
	).toContainText('In the call')

	await teacher.page.getByRole('button', { name: 'Mute everyone' }).click()
	await expect(student.page.getByText("Taylor Morgan muted everyone's microphone")).toBeVisible()
	await expect(student.page.getByRole('button', { name: 'Unmute microphone' })).toBeVisible()
	await expect(
		teacherParticipants.getByRole('listitem').filter({ hasText: 'Sam Rivera' }),
	).toContainText('Microphone off')

	await teacher.page.getByRole('button', { name: 'Show whiteboard' }).click()
	await expect(
		teacher.page.getByRole('region', { name: 'Whiteboard beside the call' }),
	).toBeVisible()
	await expect(teacher.page.getByRole('img', { name: 'Whiteboard with 0 drawings' })).toBeVisible()

	await teacher.page.getByRole('button', { name: 'End session for everyone' }).click()
	await expect(teacher.page.getByText('Session ended', { exact: true })).toBeVisible()
	await expect(student.page.getByRole('status').getByText('The session has ended.')).toBeVisible()
	await expect(student.page.getByRole('button', { name: 'Turn camera off' })).toHaveCount(0)
	await done(teacher, student)
})

test('a chat message the server could not store comes back to its author with Send again', async ({
	browser,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'the live chat needs JavaScript')
	const room = await newRoom('Unsent messages')
	const student = await person(browser, testInfo, 'student@example.com')
	// The real room socket, except that the first message is answered as the API answers one it
	// could not store (its database away): the multi-process suite shows the API doing so.
	let refused = false
	await student.page.routeWebSocket(/\/rooms\/[^/]+\/socket/, (socket) => {
		const server = socket.connectToServer()
		socket.onMessage((message) => {
			const chat = typeof message === 'string' ? (JSON.parse(message) as { type?: string }) : null
			if (chat?.type === 'chat' && !refused) {
				refused = true
				socket.send(
					JSON.stringify({
						type: 'error',
						message: 'Your message could not be sent. Send it again.',
						unsent: 'Said during the outage',
					}),
				)
				return
			}
			server.send(message)
		})
	})
	await student.page.goto(`/conference/classroom/${room.id}`)
	await expect(student.page.getByRole('status').getByText('Connected')).toBeVisible()

	await student.page.getByRole('textbox', { name: 'Message' }).fill('Said during the outage')
	await student.page.getByRole('button', { name: 'Send', exact: true }).click()
	await expect(
		student.page.getByText('Your message could not be sent. Send it again.'),
	).toBeVisible()
	const unsent = student.page.getByRole('list', { name: 'Messages not sent' })
	await expect(unsent).toContainText('Not sent: Said during the outage')
	const chat = student.page.getByRole('list', { name: 'Chat messages' })
	await expect(chat.getByText('Said during the outage')).toHaveCount(0)

	await unsent.getByRole('button', { name: 'Send again' }).click()
	await expect(chat.getByText('Said during the outage')).toBeVisible()
	await expect(unsent).toHaveCount(0)
	await done(student)
})

test('the room without JavaScript: what it needs, the chat history, and posting to it', async ({
	page,
}, testInfo) => {
	const room = await newRoom('Homework help')
	await apiCall('POST', `/rooms/${room.id}/messages`, {
		token: room.teacher,
		json: { text: 'Welcome to homework help' },
	})
	await logIn(page, 'student@example.com')
	await expect(page).toHaveURL(/\/studentdashboard/)

	for (const path of [`/conference/classroom/${room.id}`, `/conference/whiteboard/${room.id}`]) {
		await page.goto(path)
		await expect(page.getByText('Welcome to homework help')).toBeVisible()
	}

	if (testInfo.project.name === 'no-js') {
		await expect(page.getByRole('heading', { name: 'What this room needs' })).toBeVisible()
		await expect(page.getByText('The shared whiteboard needs JavaScript turned on')).toBeVisible()
		await page.goto(`/conference/classroom/${room.id}`)
		await expect(page.getByText('The live classroom needs JavaScript turned on')).toBeVisible()
		await page.getByRole('textbox', { name: 'Message' }).fill('  I am stuck on question 4  ')
		await page.getByRole('button', { name: 'Send message' }).click()
	} else {
		await expect(page.getByRole('heading', { name: 'What this room needs' })).toHaveCount(0)
		await expect(page.getByRole('status').getByText('Connected')).toBeVisible()
		await page.getByRole('textbox', { name: 'Message' }).fill('I am stuck on question 4')
		await page.getByRole('button', { name: 'Send', exact: true }).click()
	}
	await expect(
		page.getByRole('list', { name: 'Chat messages' }).getByText('I am stuck on question 4'),
	).toBeVisible()
	const student = await apiLogin('student@example.com')
	const { messages } = await apiCall('GET', `/rooms/${room.id}/messages`, { token: student })
	expect(messages.map((message: { text: string }) => message.text)).toEqual([
		'Welcome to homework help',
		'I am stuck on question 4',
	])
})

test('the teacher ends a session with a plain form; the history stays readable', async ({
	page,
}) => {
	const room = await newRoom('Quick review')
	await apiCall('POST', `/rooms/${room.id}/messages`, {
		token: room.teacher,
		json: { text: 'Review starts now' },
	})
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard/)
	await page.goto(`/conference/classroom/${room.id}`)
	await page.getByRole('button', { name: 'End session for everyone' }).click()
	await expect(page.getByText('Session ended', { exact: true })).toBeVisible()
	await expect(page.getByText(/This session ended on/)).toBeVisible()
	await expect(page.getByText('Review starts now')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0)
})

test('someone outside the course is refused the room', async ({ page }) => {
	const room = await newRoom('Members only')
	const email = uniqueEmail('outsider')
	await apiCall('POST', '/auth/register-student', {
		json: { firstName: 'Olga', lastName: 'Outsider', email, password: 'a-good-password' },
	})
	await logIn(page, email, 'a-good-password')
	await expect(page).toHaveURL(/\/studentdashboard/)
	const response = await page.goto(`/conference/classroom/${room.id}`)
	expect(response?.status()).toBe(403)
	await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
	await page.goto(`/conference/whiteboard/${room.id}`)
	await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
})

test('a teacher starts a room from Live rooms and invites a guest, who gets in', async ({
	page,
}) => {
	const email = uniqueEmail('guest')
	await apiCall('POST', '/auth/register-student', {
		json: { firstName: 'Gina', lastName: 'Guest', email, password: 'a-good-password' },
	})
	const title = `Office hours ${Date.now()}`
	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard/)
	await page.getByRole('link', { name: 'Live rooms' }).click()
	await expect(page.getByRole('heading', { name: 'Start a live room' })).toBeVisible()
	await page.getByLabel('Course', { exact: true }).selectOption({ label: 'Algebra Foundations' })
	await page.getByLabel('Title').fill(title)
	await page.getByRole('button', { name: 'Start the room' }).click()
	await expect(page).toHaveURL(/\/conference\/classroom\/[0-9a-f-]{36}$/)
	await expect(page.getByText('Room created successfully')).toBeVisible()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()

	await page.getByText('Invite someone').click()
	await page.getByLabel('Email of their account').fill(email)
	await page.getByRole('button', { name: 'Send invitation' }).click()
	await expect(page.getByText('Invitation sent to Gina Guest')).toBeVisible()

	// The toast sits over the header's Log out button; the next page has none.
	await page.goto('/conference')
	await logOut(page)
	await logIn(page, email, 'a-good-password')
	await expect(page).toHaveURL(/\/studentdashboard/)
	await page.getByRole('link', { name: 'Live rooms' }).click()
	await page.getByRole('link', { name: `Join ${title}` }).click()
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await expect(page.getByRole('button', { name: 'End session for everyone' })).toHaveCount(0)
})

/** Opens a room socket through the app's origin: the welcome's peer id, or the refusal. */
function openThroughApp(url: string, headers: Record<string, string> = {}) {
	return new Promise<{ status: number; reason?: string; peerId?: string }>((resolve, reject) => {
		const socket = new WebSocket(url, { headers })
		socket.on('message', (raw, isBinary) => {
			if (isBinary) return
			const message = JSON.parse(String(raw))
			if (message.type !== 'welcome') return
			socket.close()
			resolve({ status: 101, peerId: message.peerId })
		})
		socket.on('unexpected-response', (_request, response) =>
			resolve({
				status: response.statusCode ?? 0,
				reason: response.headers['x-refusal'] as string,
			}),
		)
		socket.on('error', reject)
	})
}

test('the app passes room sockets on to the API, and outsiders stay out', async ({ baseURL }) => {
	const room = await newRoom('Socket check')
	const other = await newRoom('Another room')
	const socketUrl = (id: string, ticket?: string) =>
		`${baseURL!.replace(/^http/, 'ws')}/api/v1/rooms/${id}/socket${ticket ? `?ticket=${ticket}` : ''}`
	const student = await apiLogin('student@example.com')
	const ticket = async (id: string) =>
		(await apiCall('POST', `/rooms/${id}/ticket`, { token: student })).ticket as string

	const member = await openThroughApp(socketUrl(room.id, await ticket(room.id)))
	expect(member).toMatchObject({ status: 101, peerId: expect.any(String) })

	// No ticket: the bearer header is not passed through, so a token alone gets nobody in.
	expect(await openThroughApp(socketUrl(room.id), { authorization: `Bearer ${student}` })).toEqual({
		status: 403,
		reason: 'Access token is missing or expired',
	})
	expect((await openThroughApp(socketUrl(other.id, await ticket(room.id)))).status).toBe(403)
	expect(
		await openThroughApp(socketUrl(room.id, await ticket(room.id)), {
			origin: 'https://elsewhere.example',
		}),
	).toEqual({ status: 403, reason: 'Cross-site WebSocket connections are not accepted' })

	const outsiderEmail = uniqueEmail('outsider')
	await apiCall('POST', '/auth/register-student', {
		json: {
			firstName: 'Otto',
			lastName: 'Side',
			email: outsiderEmail,
			password: 'a-good-password',
		},
	})
	const outsider = await apiLogin(outsiderEmail, 'a-good-password')
	await expect(apiCall('POST', `/rooms/${room.id}/ticket`, { token: outsider })).rejects.toThrow(
		/403/,
	)
	expect(
		(await openThroughApp(`${baseURL!.replace(/^http/, 'ws')}/api/v1/users/tutors`)).status,
	).toBe(404)
})

// A stack of its own (API and app on free ports, database on disk) that this test may restart.
async function freePort() {
	const server = createServer()
	server.listen(0, '127.0.0.1')
	await once(server, 'listening')
	const { port } = server.address() as { port: number }
	server.close()
	await once(server, 'close')
	return port
}

async function answering(url: string, child: ChildProcess) {
	for (let tries = 0; tries < 300; tries += 1) {
		if (child.exitCode !== null) throw new Error(`${url}: the process exited`)
		try {
			await fetch(url, { signal: AbortSignal.timeout(1000) })
			return
		} catch {
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
	}
	throw new Error(`${url} did not answer`)
}

async function startOwnApi(port: number, dataDir: string) {
	const api = spawn(process.execPath, ['api/src/main.ts'], {
		stdio: 'ignore',
		env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', DATA_DIR: dataDir },
	})
	await answering(`http://127.0.0.1:${port}/api/v1/`, api)
	return api
}

async function stopProcess(child: ChildProcess) {
	if (child.exitCode !== null) return
	child.kill('SIGTERM')
	await once(child, 'exit')
}

const DEMO_ROOM_ID = '7a1c0de5-9b0a-4c1e-8d2f-000000000009'

test('the whiteboard outlasts an API restart, and open pages reconnect by themselves', async ({
	browser,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'reconnecting is the live page’s job')
	test.setTimeout(180_000)
	const dataDir = mkdtempSync(join(tmpdir(), 'rooms-restart-'))
	const [apiPort, appPort] = [await freePort(), await freePort()]
	let api = await startOwnApi(apiPort, dataDir)
	const app = spawn(
		process.execPath,
		['server.mjs', `${process.env.BUILD_DIR ?? 'build'}/server/index.js`],
		{
			stdio: 'ignore',
			env: {
				...process.env,
				NODE_ENV: 'production',
				PORT: String(appPort),
				HOST: '127.0.0.1',
				API_URL: `http://127.0.0.1:${apiPort}`,
				PUBLIC_URL: `http://127.0.0.1:${appPort}`,
				SESSION_SECRET: 'restart-test-session-secret-0123456789',
				TOAST_SECRET: 'restart-test-toast-secret-0123456789',
			},
		},
	)
	// While the API is down, the page's tries to reconnect fail out loud; nothing else may.
	let outage = false
	const expected = () => (outage ? /WebSocket connection to|status of 50[23]/ : null)
	try {
		await answering(`http://127.0.0.1:${appPort}/`, app)
		const baseURL = `http://127.0.0.1:${appPort}`
		const board = `/conference/whiteboard/${DEMO_ROOM_ID}`
		const restartApi = async () => {
			outage = true
			await stopProcess(api)
			api = await startOwnApi(apiPort, dataDir)
		}

		const teacher = await person(browser, testInfo, 'teacher@example.com', { baseURL, expected })
		await teacher.page.goto(board)
		await expect(teacher.page.getByRole('status').getByText('Connected')).toBeVisible()
		await drag(teacher.page, [0.1, 0.1], [0.3, 0.5])
		await expect(teacher.page.getByRole('img', { name: 'Whiteboard with 1 drawing' })).toBeVisible()
		// Nobody holds the board while the API restarts: what comes back comes from the database.
		await teacher.page.goto('/teachersdashboard')
		await restartApi()
		outage = false

		const student = await person(browser, testInfo, 'student@example.com', { baseURL, expected })
		await student.page.goto(board)
		await expect(student.page.getByRole('img', { name: 'Whiteboard with 1 drawing' })).toBeVisible()
		await teacher.page.goto(board)
		await expect(teacher.page.getByRole('status').getByText('Connected')).toBeVisible()

		// A restart under open pages: they say so, get new tickets and carry on.
		await restartApi()
		for (const each of [teacher, student]) {
			await expect(each.page.getByRole('status').getByText('Connected')).toBeVisible({
				timeout: 30_000,
			})
		}
		outage = false
		await drag(student.page, [0.5, 0.5], [0.7, 0.7])
		await expect(teacher.page.getByRole('img', { name: 'Whiteboard with 2 drawings' })).toBeVisible(
			{
				timeout: 1000,
			},
		)
		await done(teacher, student)
	} finally {
		await stopProcess(app)
		await stopProcess(api)
		rmSync(dataDir, { recursive: true, force: true })
	}
})

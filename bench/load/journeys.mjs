// What each person of the load model does (bench/load/model.mjs), as their browser asks for it: the
// first page of a visit as a document, later pages as client-side navigations (`.data` of the one
// route that changes), forms posted as they are rendered (every field the page put in them, with
// what the person typed), the test island's JSON saves. Links and ids are read from the pages, as a
// person clicks what they see.
//
// Each journey runs until `person.running()` is false. Every write the app acknowledged is noted in
// `person.acknowledged` (key → what the database must hold) for the check after the run (`noteWrite`).
import WebSocket from 'ws'
import * as Y from 'yjs'
import { formsOf } from './browser.mjs'

const PASSWORD = 'DemoPass123!'
const pick = (list, random = Math.random) => list[Math.floor(random() * list.length)]
const linksOf = (html, pattern) =>
	[
		...new Set(
			[...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&')),
		),
	].filter((href) => pattern.test(href))
const formWith = (html, test) => formsOf(html).find(test)

const TAGS = /<[^>]*>/g
const said = (html) =>
	html
		.replace(TAGS, ' ')
		.replace(/<[^>]*$/, '')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 120)

/**
 * What a page that was not what the journey expected said, for its problem: the status, and its
 * alert, the room's ticket error, or its title (`200 "Could not join the room: …"`, `503 "…"`), or
 * `no answer (timeout)` when nothing came (the timeout itself is counted under the request's name).
 */
export function whatPageSaid(answer) {
	if (answer.status === 0) return 'no answer (timeout or refused)'
	const html = answer.body
	// The alert's title and the words after it (an error page's toast: "Error Internal server error").
	const alert = /role="alert"[^>]*>([\s\S]{0,600})/.exec(html)?.[1]
	const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]
	const text = [alert, ticketErrorOf(html), title].map((part) => part && said(part)).find(Boolean)
	return text ? `${answer.status} "${text}"` : `${answer.status}`
}

// The classroom page's data as React Router streams it into the page: keys and values in one flat
// list, a null value left out, so the key after it follows at once ("ticket","ticketError",…).
/** The room's socket ticket in a classroom page: 32 random bytes, base64url (43 characters). */
export const ticketOf = (html) => /\\"ticket\\",\\"([A-Za-z0-9_-]{43})\\"/.exec(html)?.[1] ?? null
/** Why the room gave no ticket, from the page's data (its alert shows once the page's script runs). */
export function ticketErrorOf(html) {
	const value = /\\"ticketError\\",\\"(.*?)\\"/.exec(html)?.[1]
	// A key has no space, a message does: what follows a null error is the next key.
	return value?.includes(' ') ? value : null
}

/** The name a role's requests are counted under. */
const LABELS = { studentBrowsing: 'student', studentTest: 'test', studentRoom: 'room' }

/** Opens the login page and signs in with its form; answers whether the session began. */
async function signIn(person, email, as, password = PASSWORD) {
	const { browser } = person
	const label = LABELS[person.role] ?? person.role
	const query = as ? `?as=${as}` : ''
	const page = await browser.document(`${label}: login page`, `/login${query}`)
	const form = formWith(page.body, (item) => item.fields.some(([name]) => name === 'password'))
	const fields = new URLSearchParams(form?.fields ?? (as ? [['as', as]] : []))
	fields.set('email', email)
	fields.set('password', password)
	const answer = await browser.postForm(`${label}: sign in`, `/login${query}`, fields)
	return answer.ok && browser.cookies.has('__session')
}

/** Pupils: dashboard, a course of theirs, the tasks, a task's work handed in with a file, the news. */
export async function studentBrowsing(person) {
	const { browser, think } = person
	if (!(await signIn(person, person.email))) return
	const dashboard = await browser.document('student: dashboard', '/studentdashboard')
	let taskLinks = linksOf(dashboard.body, /^\/studentdashboard\/task-details\?taskId=/)
	await think()
	const courses = await browser.document('student: courses', '/studentdashboard/courses')
	const courseLinks = linksOf(courses.body, /^\/studentdashboard\/[^/]+\/course-details$/)
	let handedIn = false
	while (person.running()) {
		await think()
		await browser.navigate(
			'student: dashboard (.data)',
			'/studentdashboard',
			'routes/student/dashboard',
		)
		if (courseLinks.length > 0) {
			await think()
			await browser.navigate(
				'student: a course (.data)',
				pick(courseLinks),
				'routes/student/course-details',
			)
		}
		await think()
		const tasks = await browser.document('student: tasks', '/studentdashboard/tasks')
		taskLinks = linksOf(tasks.body, /^\/studentdashboard\/task-details\?taskId=/).concat(taskLinks)
		if (!handedIn && taskLinks.length > 0 && person.running()) {
			await think()
			const path = pick(taskLinks)
			const task = await browser.document('student: a task', path)
			const form = formWith(task.body, (item) => item.html.includes('name="comment"'))
			if (form) {
				await think()
				const body = new FormData()
				for (const [name, value] of form.fields) body.append(name, value)
				body.set('comment', `Handed in by ${person.email}`)
				body.set(
					'file',
					new File([`Homework of ${person.email}\n`.repeat(200)], 'homework.txt', {
						type: 'text/plain',
					}),
				)
				const taskKey = `submission:${new URL(form.action, browser.appUrl).searchParams.get('taskId')}:${person.email}`
				const answer = await browser.postMultipart(
					'student: hand in a task (file)',
					form.action,
					body,
				)
				noteWrite(person, taskKey, { comment: `Handed in by ${person.email}` }, answer)
				if (answer.ok) {
					handedIn = true
				}
			}
		}
		await think()
		await browser.navigate(
			'student: announcements (.data)',
			'/studentdashboard/announcements',
			'routes/student/announcements',
		)
	}
}

/**
 * Notes a write's answer: acknowledged, or (no answer, or a server error: the server may have made
 * it all the same) a write the database may hold instead of the last acknowledged one, being newer.
 * Any other answer (a refusal, a redirect to the form) says it was not made.
 */
function noteWrite(person, key, value, answer) {
	if (answer.ok) person.acknowledged.set(key, value)
	else if (!(answer.status > 0 && answer.status < 500)) person.acknowledged.unanswered(key, value)
}

/** The test page's questions: `[question id, its options' ids]` from the radios answer-<id>. */
export function questionsOf(html) {
	const questions = new Map()
	for (const [input] of html.matchAll(/<input\b[^>]*name="answer-\d+"[^>]*>/g)) {
		const question = /name="answer-(\d+)"/.exec(input)[1]
		const option = Number(/value="(\d+)"/.exec(input)?.[1])
		if (!questions.has(question)) questions.set(question, [])
		questions.get(question).push(option)
	}
	return [...questions]
}

/**
 * When a pupil's test is handed in: at the end of its `testMinutes`, as the model says (the page
 * submits it when the time is up). The first test a pupil takes in the run ends after a share of
 * them drawn uniformly (at least one save), as the pupils at work at any moment of the hour are
 * spread over their tests: about 1 in 90 of them hands one in every 10 s, not all at once.
 *
 * Until decision 078 the test ended 20 s before the step did, whatever its minutes: each hold's
 * last 20 s had every test pupil start a test and hand it in at once, again and again (an
 * introduction, a start, the test's page, a submission and a result every 10 s or so a pupil,
 * 290 requests a second of the 376 at 3,000 people, where the model's 750 pupils in a 15-minute
 * test ask for about 80).
 */
export function testEndsAt(model, now, first, random = Math.random) {
	const minutes = model.testMinutes * 60_000
	if (!first) return now + minutes
	const save = model.testSaveEverySeconds * 1000
	return now + save + random() * Math.max(0, minutes - save)
}

/**
 * Pupils in the timed test: start it, an answer saved every `testSaveEverySeconds` by the page's
 * island, the whole test submitted when its time is over (`testEndsAt`); then another.
 */
export async function studentTest(person) {
	const { browser, model, ids } = person
	if (!(await signIn(person, person.email))) return
	await browser.document('test: dashboard', '/studentdashboard')
	const base = `/studentdashboard/test/${ids.templateId}`
	let first = true
	while (person.running()) {
		await person.think()
		const intro = await browser.document('test: introduction', base)
		const start = formWith(intro.body, (item) => item.fields.some(([, value]) => value === 'start'))
		if (!start) continue
		const started = await browser.postForm('test: start', start.action, start.fields)
		const sessionId =
			started.location && new URL(started.location, browser.appUrl).searchParams.get('session')
		if (!sessionId) continue
		const page = await browser.document('test: the test', started.location)
		// The radios: answer-<question id> with the option ids as values.
		const questions = questionsOf(page.body)
		if (questions.length === 0) {
			// Not the test (an error page, a timeout): a problem of its own, and the person starts again.
			person.stats.record(
				'test: the test',
				0,
				false,
				`no question on the test page: ${whatPageSaid(page)}`,
			)
			continue
		}
		const deadline = testEndsAt(model, Date.now(), first)
		first = false
		const answers = {}
		const progressPath = `${base}/progress`
		const key = `test:${sessionId}`
		while (person.running() && Date.now() < deadline) {
			await person.sleep(model.testSaveEverySeconds * 1000)
			const [question, options] = pick(questions)
			answers[question] = pick(options)
			const progress = { answers: { ...answers }, flagged: [] }
			const saved = await browser.postJson('test: answer saved', progressPath, {
				intent: 'save',
				sessionId,
				progress,
			})
			noteWrite(person, key, progress, saved)
		}
		if (!person.running()) return
		const progress = { answers: { ...answers }, flagged: [] }
		const submitted = await browser.postJson('test: submitted', progressPath, {
			intent: 'submit',
			sessionId,
			progress,
		})
		noteWrite(person, key, progress, submitted)
		if (submitted.ok) {
			const result = JSON.parse(submitted.body).resultUrl
			await browser.navigate('test: result (.data)', result, 'routes/student/test-result')
		}
	}
}

/**
 * Applies what the room passed on since the person last drew, in one transaction, just before they
 * draw again: their stroke then builds on the same board as on a page, which applies each update
 * as it comes, so it sends the same bytes. One transaction a stroke, where each update was one:
 * with 37 people a room, each stroke was decoded 36 times, each in a transaction of its own, with
 * its 'update' encoded for the listener that sends the person's own (decision 077).
 */
export function catchUpBoard(doc, heard) {
	if (heard.length === 0) return
	doc.transact(() => {
		for (const update of heard) Y.applyUpdate(doc, update, 'remote')
	}, 'remote')
	heard.length = 0
}

/**
 * Pupils in a live room: the classroom page (its ticket), the room's socket through the app's
 * origin, a whiteboard stroke now and then (a Yjs update of the board's `items`) and a chat
 * message now and then, each noted for the check after the run: a stroke once sent on an open
 * socket with no refusal, a message once the room echoed it.
 */
export async function studentRoom(person) {
	const { browser, model, room } = person
	if (!(await signIn(person, person.email))) return
	const page = await browser.document('room: classroom page', `/conference/classroom/${room}`)
	const ticket = ticketOf(page.body)
	if (!ticket) {
		person.stats.record(
			'room: socket opened',
			0,
			false,
			`no ticket on the classroom page: ${whatPageSaid(page)}`,
		)
		return
	}
	const url = new URL(browser.appUrl)
	const opened = performance.now()
	const socket = new WebSocket(
		`ws://${url.host}/api/v1/rooms/${room}/socket?ticket=${encodeURIComponent(ticket)}&view=whiteboard`,
		{
			headers: {
				Origin: browser.appUrl,
				Cookie: browser.cookieHeader(),
				...(browser.address && { 'X-Forwarded-For': browser.address }),
			},
		},
	)
	// The person's own board, as their page keeps it (decision 077 says why not one per room): what
	// the room passes on is applied to it, and their stroke is pushed after the last one it knows.
	const doc = new Y.Doc()
	const items = doc.getArray('items')
	doc.on('update', (update, origin) => {
		if (origin !== 'remote' && socket.readyState === WebSocket.OPEN) socket.send(update)
	})
	const heard = []
	const catchUp = () => catchUpBoard(doc, heard)
	const chats = new Map()
	let welcomed = false
	let closedByUs = false
	let lastStroke = null
	const ready = new Promise((resolve) => {
		socket.on('message', (data, binary) => {
			if (binary) return void heard.push(new Uint8Array(data))
			const message = JSON.parse(String(data))
			if (message.type === 'welcome' && !welcomed) {
				welcomed = true
				person.stats.record('room: socket opened', performance.now() - opened, true, null)
				resolve(true)
			} else if (message.type === 'chat' && chats.has(message.message?.text)) {
				const sent = chats.get(message.message.text)
				chats.delete(message.message.text)
				person.stats.record('room: chat echoed', performance.now() - sent, true, null)
				person.acknowledged.set(`chat:${room}:${message.message.text}`, true)
			} else if (message.type === 'error') {
				// A stroke or message refused (too fast, too big): not acknowledged, an error.
				if (lastStroke && /draw/i.test(message.message ?? '')) {
					person.acknowledged.delete(`stroke:${room}:${lastStroke}`)
				}
				person.stats.record('room: refused', 0, false, `room: ${message.message}`)
			}
		})
		socket.on('unexpected-response', (_request, response) => {
			person.stats.record(
				'room: socket opened',
				performance.now() - opened,
				false,
				`room: ${response.statusCode} ${response.headers['x-refusal'] ?? ''}`,
			)
			resolve(false)
		})
		socket.on('error', (error) => {
			if (!welcomed) {
				person.stats.record('room: socket opened', performance.now() - opened, false, error.message)
				resolve(false)
			}
		})
		socket.on('close', (code) => {
			if (!closedByUs && welcomed)
				person.stats.record('room: socket closed', 0, false, `room: closed ${code}`)
			resolve(false)
		})
	})
	try {
		if (!(await ready)) return
		const strokeMs = model.rooms.strokeEverySeconds * 1000
		const chatEvery = Math.max(
			1,
			Math.round(model.rooms.chatEverySeconds / model.rooms.strokeEverySeconds),
		)
		for (let n = 1; person.running() && socket.readyState === WebSocket.OPEN; n++) {
			await person.sleep(Math.round(strokeMs * (0.5 + Math.random())))
			const id = `${person.email}-${n}`
			const x = Math.round(Math.random() * 800)
			const y = Math.round(Math.random() * 600)
			catchUp()
			items.push([
				{
					id,
					kind: 'pen',
					color: '#1e3a8a',
					width: 2,
					points: [x, y, x + 20, y + 5, x + 40, y + 20],
				},
			])
			lastStroke = id
			person.acknowledged.set(`stroke:${room}:${id}`, true)
			if (n % chatEvery === 0) {
				const text = `${person.email} says hello ${n}`
				chats.set(text, performance.now())
				socket.send(JSON.stringify({ type: 'chat', text }))
			}
		}
	} finally {
		closedByUs = true
		socket.close()
	}
}

/**
 * Teachers, each signed in as a teacher of their own classes: dashboard, schedule, a session's
 * attendance, a batch of their classes' submissions graded, a post to one of their classes.
 */
export async function teacher(person) {
	const { browser, think, ids } = person
	if (!(await signIn(person, person.email))) return
	await browser.document('teacher: dashboard', '/teachersdashboard')
	let round = 0
	while (person.running()) {
		round += 1
		await think()
		await browser.navigate(
			'teacher: schedule (.data)',
			'/teachersdashboard/schedule',
			'routes/teacher/schedule',
		)
		await think()
		const sessionPath = `/teachersdashboard/schedule/${pick(ids.sessionsByTeacher.get(person.email))}/attendance`
		const attendance = await browser.document('teacher: attendance', sessionPath)
		const register = formWith(attendance.body, (item) =>
			item.buttons.some((button) => button.value === 'all-present'),
		)
		if (register) {
			await think()
			await browser.postForm('teacher: attendance saved', register.action, [
				...register.fields,
				['intent', 'all-present'],
			])
		}
		await think()
		await gradeBatch(person)
		if (round % 3 === 1) {
			await think()
			const list = await browser.document(
				'teacher: announcements',
				'/teachersdashboard/announcement/list',
			)
			const post = formWith(list.body, (item) => item.fields.some(([, value]) => value === 'post'))
			if (post) {
				const fields = new URLSearchParams(post.fields)
				fields.set('courseId', pick(ids.classesByTeacher.get(person.email)))
				fields.set('title', `Monday notice ${person.index}-${round}`)
				fields.set('body', 'Bring your calculators to the first lesson.')
				await browser.postForm('teacher: announcement posted', post.action, fields)
			}
		}
	}
}

/** A task's work handed in and not graded yet, a few of them opened and graded. */
async function gradeBatch(person) {
	const { browser, think, ids } = person
	// A task of one of the teacher's own classes.
	const courses = (ids.classesByTeacher.get(person.email) ?? []).filter((id) =>
		ids.tasksByCourse.has(id),
	)
	if (courses.length === 0) return
	const taskId = pick(ids.tasksByCourse.get(pick(courses)))
	const list = await browser.document(
		'teacher: submissions',
		`/teachersdashboard/tasks/submissions?taskId=${taskId}&status=Submitted`,
	)
	const submissions = linksOf(list.body, /^\/teachersdashboard\/tasks\/view-submissions\?/)
	for (const path of submissions.slice(0, 3)) {
		await think()
		const page = await browser.document('teacher: a submission', path)
		const form = formWith(page.body, (item) => item.fields.some(([name]) => name === 'grade'))
		if (!form) continue
		const fields = new URLSearchParams(form.fields)
		fields.set('grade', String(50 + Math.floor(Math.random() * 50)))
		fields.set('feedback', 'Well done.')
		await browser.postForm('teacher: grade saved', form.action ?? path, fields)
	}
}

/** The school office: score input (a grid saved), analytics, result cards. */
export async function organization(person) {
	const { browser, think } = person
	if (!(await signIn(person, 'organization@example.com', 'organization'))) return
	await browser.document('organization: dashboard', '/organization/dashboard')
	while (person.running()) {
		await think()
		const grid = await browser.document('organization: score input', '/organization/score-input')
		const save = formWith(grid.body, (item) =>
			item.fields.some(([name]) => /^scores\[\d+\]\[\d+\]$/.test(name)),
		)
		if (save) {
			await think()
			const fields = save.fields.map(([name, value]) =>
				/^scores\[\d+\]\[\d+\]$/.test(name) && Math.random() < 0.2
					? [name, String(40 + Math.floor(Math.random() * 60))]
					: [name, value],
			)
			await browser.postForm('organization: scores saved', save.action, fields)
		}
		await think()
		await browser.navigate(
			'organization: analytics (.data)',
			'/organization/analytics',
			'routes/organization/analytics',
		)
		await think()
		await browser.navigate(
			'organization: result cards (.data)',
			'/organization/result-cards',
			'routes/organization/result-cards',
		)
	}
}

/**
 * Visitors: the home page, a catalogue search, a course's page; one in `model.visitorBuys` then
 * signs up as a pupil and pays at checkout with the test card (a free course: enrols).
 */
export async function visitor(person) {
	const { browser, think, ids, model } = person
	let signedUp = false
	while (person.running()) {
		await browser.document('visitor: home', '/')
		await think()
		await browser.document('visitor: catalogue search', `/courses?search=course`)
		await think()
		const courseId = pick(ids.publicCourses)
		await browser.document('visitor: a course', `/courses/${courseId}`)
		await think()
		if (!signedUp && Math.random() < (model.visitorBuys ?? 0.5)) {
			signedUp = await signUp(person)
			if (signedUp) await think()
		}
		if (!signedUp) continue
		const checkout = await browser.document('visitor: checkout', `/course/${courseId}/checkout`, {
			expect: [200, 302],
		})
		const pay = formWith(checkout.body, (item) => item.html.includes('name="cardNumber"'))
		const free = formWith(checkout.body, (item) =>
			item.fields.some(([name, value]) => name === 'intent' && value === 'free'),
		)
		if (!pay && !free) continue
		await think()
		const fields = new URLSearchParams((pay ?? free).fields)
		if (pay) {
			fields.set('intent', 'pay')
			fields.set('name', 'Sam Visitor')
			fields.set('cardNumber', '4242 4242 4242 4242')
			fields.set('expiry', '12/30')
			fields.set('cvc', '123')
		}
		await browser.postForm(
			pay ? 'visitor: paid with the test card' : 'visitor: enrolled (free)',
			(pay ?? free).action ?? `/course/${courseId}/checkout`,
			fields,
		)
		await think()
	}
}

/** A new pupil's account, made with the sign-up form, then signed in as sign-up asks. */
async function signUp(person) {
	const { browser } = person
	const page = await browser.document('visitor: sign-up page', '/signup/student')
	const form = formWith(page.body, (item) =>
		item.fields.some(([name]) => name === 'confirmPassword'),
	)
	if (!form) return false
	await person.think()
	const fields = new URLSearchParams(form.fields)
	const password = 'Quiet-Harbour-Lantern-2026'
	fields.set('firstName', 'Sam')
	fields.set('lastName', `Visitor ${person.index}`)
	fields.set('email', `load-visitor-${process.pid}-${person.index}-${Date.now()}@example.com`)
	fields.set('password', password)
	fields.set('confirmPassword', password)
	const answer = await browser.postForm(
		'visitor: signed up',
		form.action ?? '/signup/student',
		fields,
	)
	if (!answer.ok) return false
	// The new account signs in on the login page sign-up sends them to.
	await person.think()
	return signIn(person, fields.get('email'), undefined, password)
}

export const JOURNEYS = {
	studentBrowsing,
	studentTest,
	studentRoom,
	teacher,
	organization,
	visitor,
}

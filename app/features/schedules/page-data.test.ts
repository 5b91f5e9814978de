import { expect, test } from 'vitest'
import { ResponseCache } from '~/platform/upstream-cache.server'
import { createUpstream } from '~/platform/upstream.server'
import { cancelSchedule, createSchedule, recordRegister, updateSchedule } from './api.server'
import { loadStudentSessions, loadTeacherSchedule } from './page-data.server'

const emptyList = { schedules: [], pagination: { total: 0, page: 1 } }
/** The form's fields for a new session, as createSchedule sends them. */
const aNewSchedule = {
	courseId: 'c1',
	title: 'T',
	scheduledDate: '2026-11-23',
	startTime: '16:30',
	duration: 60,
	timeZone: 'UTC',
}

const aSchedule = {
	id: 's1',
	courseId: 'c1',
	courseTitle: 'Algebra',
	tutorId: 't1',
	title: 'Graphing',
	description: null,
	scheduledDate: '2026-11-23',
	startTime: '16:30',
	duration: 60,
	timeZone: 'UTC',
	startsAt: '2026-11-23T16:30:00.000Z',
	endsAt: '2026-11-23T17:30:00.000Z',
	status: 'Scheduled',
	roomId: null,
	attendanceStatus: null,
}

/** An upstream over a fake API that records each call and answers `answer(method, url)`. */
function fakeApi(
	answer: (method: string, url: URL) => { status: number; body: unknown } = () => ({
		status: 200,
		body: emptyList,
	}),
) {
	const calls: { method: string; url: URL }[] = []
	const api = createUpstream({
		baseUrl: 'http://api.test/api/v1',
		timeoutMs: 2000,
		userKey: 'teacher-1',
		tokens: null,
		cookies: {},
		onSessionChange: () => {},
		cache: new ResponseCache(),
		retryDelayMs: () => 1,
		fetch: async (input, init) => {
			const url = new URL(String(input))
			const method = init?.method ?? 'GET'
			calls.push({ method, url })
			const { status, body } = answer(method, url)
			return new Response(JSON.stringify(body), {
				status,
				headers: { 'content-type': 'application/json' },
			})
		},
	})
	return { api, calls }
}

const page = (search = '', cookie = '') =>
	new Request(`http://app.test/teachersdashboard/schedule${search}`, {
		headers: cookie ? { cookie } : {},
	})

test('the page makes four list calls; the same filters within five minutes are served from the cache', async () => {
	const { api, calls } = fakeApi()
	const first = await loadTeacherSchedule(api, page())
	expect(calls).toHaveLength(4)
	expect(first.weekList.ok && first.todayList.ok && first.upcoming.ok && first.list.ok).toBe(true)
	await loadTeacherSchedule(api, page())
	expect(calls).toHaveLength(4)
	// Another week: only the week's call is new.
	await loadTeacherSchedule(api, page('?week=2030-01-08'))
	expect(calls).toHaveLength(5)
	expect(calls[4]?.url.searchParams.get('from')).toBe('2030-01-06T00:00:00.000Z')
	expect(calls[4]?.url.searchParams.get('to')).toBe('2030-01-13T00:00:00.000Z')
})

test('Refresh (fresh) goes to the API again and keeps the new answers', async () => {
	const { api, calls } = fakeApi()
	await loadTeacherSchedule(api, page())
	await loadTeacherSchedule(api, page(), { fresh: true })
	expect(calls).toHaveLength(8)
	await loadTeacherSchedule(api, page())
	expect(calls).toHaveLength(8)
})

test('every schedule change makes the lists stale, whichever of /schedule and /schedules it uses', async () => {
	const { api, calls } = fakeApi((method, url) => {
		if (method === 'GET') return { status: 200, body: emptyList }
		if (url.pathname.endsWith('/attendance/register')) {
			return {
				status: 200,
				body: { data: [{ scheduleId: 's1', studentId: 'st1', attendanceStatus: 'Present' }] },
			}
		}
		return { status: 200, body: { schedule: aSchedule } }
	})
	const changes = [
		() => createSchedule(api, aNewSchedule),
		() => updateSchedule(api, 's1', { title: 'Moved' }),
		() => cancelSchedule(api, 's1'),
		() => recordRegister(api, 's1', [{ studentId: 'st1', attendanceStatus: 'Present' }]),
	]
	await loadTeacherSchedule(api, page())
	for (const change of changes) {
		await change()
		const before = calls.length
		await loadTeacherSchedule(api, page())
		expect(calls.length - before).toBe(4)
	}
})

test('a failed fetch leaves the page usable with the spec’s text, after three attempts', async () => {
	const { api, calls } = fakeApi(() => ({ status: 500, body: {} }))
	const loaded = await loadTeacherSchedule(api, page())
	for (const result of [loaded.weekList, loaded.todayList, loaded.upcoming, loaded.list]) {
		expect(result).toMatchObject({ ok: false, error: { text: 'Failed to fetch schedules' } })
	}
	expect(calls).toHaveLength(12)
	const sessions = await loadStudentSessions(api, page())
	expect(sessions.todayList).toMatchObject({
		ok: false,
		error: { text: 'Failed to fetch schedules' },
	})
})

test('the server’s message is the stored text when it sends one', async () => {
	const { api } = fakeApi(() => ({
		status: 400,
		body: { message: 'Validation failed', errors: [{ path: 'from', msg: 'bad' }] },
	}))
	const loaded = await loadTeacherSchedule(api, page())
	expect(loaded.list).toMatchObject({
		ok: false,
		error: { text: 'Validation failed', toast: { title: 'Validation Error' } },
	})
})

test('weeks and days follow the viewer’s zone cookie; a bad cookie means UTC', async () => {
	const { api, calls } = fakeApi()
	const chicago = await loadTeacherSchedule(api, page('?week=2026-11-04', 'tz=America%2FChicago'))
	expect(chicago.zone).toBe('America/Chicago')
	expect(chicago.known).toBe(true)
	const weekCall = calls.find(
		(call) => call.url.searchParams.get('to') === '2026-11-08T06:00:00.000Z',
	)
	// Sunday 1 November 00:00 CDT to Sunday 8 November 00:00 CST.
	expect(weekCall?.url.searchParams.get('from')).toBe('2026-11-01T05:00:00.000Z')
	const bad = await loadTeacherSchedule(api, page('', 'tz=Mars%2FOlympus'))
	expect(bad).toMatchObject({ zone: 'UTC', known: false })
})

test('a create failure without an error text shows the spec’s toast and stores its own text', async () => {
	const { api } = fakeApi(() => ({ status: 500, body: {} }))
	const error = await createSchedule(api, aNewSchedule).catch((failure: unknown) => failure)
	expect(error).toMatchObject({
		text: 'Failed to create schedules',
		toast: { title: 'Failed to create schedule' },
	})

	const withError = fakeApi(() => ({
		status: 403,
		body: { error: 'You do not have permission to do this' },
	}))
	const refused = await createSchedule(withError.api, aNewSchedule).catch(
		(failure: unknown) => failure,
	)
	expect(refused).toMatchObject({
		text: 'You do not have permission to do this',
		toast: { title: 'Request Failed' },
	})
})

test('the week and today are asked for one page at a time, with their totals (issue 28)', async () => {
	const { api, calls } = fakeApi()
	await loadTeacherSchedule(api, page('?week=2030-01-08&weekPage=3&todayPage=2'))
	const week = calls.find(
		(call) => call.url.searchParams.get('from') === '2030-01-06T00:00:00.000Z',
	)
	expect(Object.fromEntries(week?.url.searchParams ?? [])).toMatchObject({
		page: '3',
		limit: '100',
		totals: 'true',
	})
	const today = calls.find(
		(call) => call.url.searchParams.get('page') === '2' && call.url.searchParams.has('to'),
	)
	expect(Object.fromEntries(today?.url.searchParams ?? [])).toMatchObject({
		limit: '10',
		totals: 'true',
	})
	// A page number that is not one means the first page.
	const sessions = fakeApi()
	await loadStudentSessions(sessions.api, page('?weekPage=x'))
	expect(sessions.calls.filter((call) => call.url.searchParams.get('totals'))).toHaveLength(2)
	for (const call of sessions.calls) expect(call.url.searchParams.get('page')).toBe('1')
})

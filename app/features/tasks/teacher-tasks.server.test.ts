import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { takeToasts } from '~/platform/toast.server'
import { teacherTaskAction } from './teacher-tasks.server'

function postTimeZone(timeZone: string) {
	const body = new FormData()
	body.set('intent', 'timezone')
	body.set('timeZone', timeZone)
	return new Request('http://app.test/teachersdashboard/tasks', { method: 'POST', body })
}

test('a time zone from the list is kept in the tz cookie, back on the task list', async () => {
	const context = new RouterContextProvider()
	const answer = await teacherTaskAction(context, postTimeZone('Asia/Tokyo'))
	if (!(answer instanceof Response)) throw new Error('expected a redirect')
	expect(answer.status).toBe(302)
	expect(answer.headers.get('Location')).toBe('/teachersdashboard/tasks')
	expect(answer.headers.get('Set-Cookie')).toMatch(/^tz=Asia%2FTokyo;/)
})

test('a tampered time zone is refused with 400 and the toast that says why', async () => {
	const context = new RouterContextProvider()
	const answer = await teacherTaskAction(context, postTimeZone('Mars/Olympus_Mons'))
	expect(answer).toMatchObject({ init: { status: 400 } })
	expect(takeToasts(context)).toEqual([
		{ type: 'error', title: 'Choose a time zone from the list', duration: 4000 },
	])
})

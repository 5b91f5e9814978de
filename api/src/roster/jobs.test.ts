import { expect, test } from 'vitest'
import { capInvitations, mailTimes } from './jobs.ts'
import type { RosterRow } from './preview.ts'

const now = new Date('2026-11-29T10:00:00Z')
const minutes = (n: number) => new Date(now.getTime() + n * 60_000)

test('mails: an hour’s budget goes at once, then one every hour / budget', () => {
	const { times, next } = mailTimes(null, 5, 3, now)
	expect(times).toEqual([now, now, now, minutes(20), minutes(40)])
	expect(next).toEqual(minutes(100))
	// The organization's next mails wait behind these.
	expect(mailTimes(next, 2, 3, now).times).toEqual([minutes(60), minutes(80)])
})

test('mails: a clock an hour or more in the past counts as a full budget again', () => {
	expect(mailTimes(minutes(-90), 3, 3, now).times).toEqual([now, now, now])
	// Twenty minutes of the last hour's allowance are still spent: one mail waits.
	expect(mailTimes(minutes(20), 3, 3, now).times).toEqual([now, now, minutes(0 + 20)])
})

const row = (line: number, outcome: RosterRow['outcome']): RosterRow => ({
	line,
	role: 'student',
	firstName: 'A',
	lastName: 'B',
	email: `${line}@example.com`,
	department: 'Maths',
	studentNumber: '',
	outcome,
})

test('invitations: the first so many stay, the rest are errors saying why; other rows untouched', () => {
	const rows = [row(2, 'invite'), row(3, 'create'), row(4, 'invite'), row(5, 'invite')]
	const capped = capInvitations(rows, 2, 50)
	expect(capped.map((r) => r.outcome)).toEqual(['invite', 'create', 'invite', 'error'])
	expect(capped[3]?.error).toBe(
		'Not invited: your organization can send 50 invitations an hour and this file goes over that. Upload the same file again in an hour to invite this student.',
	)
	expect(capInvitations(rows, 0, 50).filter((r) => r.outcome === 'error')).toHaveLength(3)
})

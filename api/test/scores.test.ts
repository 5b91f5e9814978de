import { beforeAll, describe, expect, test } from 'vitest'
import { apiForFile, call, login, organizationLogin } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'
import { averageOf, bucketOf, meanOf } from '../src/scores/grades.ts'

const api = apiForFile()

const save = (org: { id: string; token: string }, json: unknown) =>
	call(api, 'PUT', `/organizations/${org.id}/scores`, { token: org.token, json })

async function schoolWithTwoStudents() {
	const org = await newOrganization(api)
	const ada = await newMember(api, org.token, 'student', { firstName: 'Ada', lastName: 'Adams' })
	const ben = await newMember(api, org.token, 'student', { firstName: 'Ben', lastName: 'Brown' })
	return { org, ada, ben }
}

test('grade bands: a score on a boundary belongs to the upper band', () => {
	expect([0, 59.99, 60, 69.99, 70, 80, 89.99, 90, 100].map(bucketOf)).toEqual([
		'0-60',
		'0-60',
		'60-70',
		'60-70',
		'70-80',
		'80-90',
		'80-90',
		'90-100',
		'90-100',
	])
	expect(averageOf([])).toBeNull()
	expect(averageOf([70, 75, 80.5])).toBe(75.17)
})

test('a mean is banded before it is rounded for display: 89.995 shows as 90 and stays in 80-90', () => {
	expect(averageOf([90, 89.99])).toBe(90)
	expect(bucketOf(meanOf([90, 89.99]) as number)).toBe('80-90')
	expect(meanOf([])).toBeNull()
})

describe('scores', () => {
	test('a batch sets, corrects and removes scores; listing filters by term and subject', async () => {
		const { org, ada, ben } = await schoolWithTwoStudents()
		const first = await save(org, {
			term: 'Term 1 2026',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 59.5 },
				{ studentId: ada.id, subject: 'English', score: 90 },
				{ studentId: ben.id, subject: 'Maths', score: 70 },
			],
		})
		expect(first.status).toBe(200)
		expect(first.body).toEqual({
			message: 'Scores saved successfully',
			term: 'Term 1 2026',
			saved: 3,
			removed: 0,
		})
		const corrected = await save(org, {
			term: 'Term 1 2026',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 61 },
				{ studentId: ben.id, subject: 'Maths', score: null },
			],
		})
		expect(corrected.body).toMatchObject({ saved: 1, removed: 1 })
		await save(org, {
			term: 'Term 2 2026',
			scores: [{ studentId: ben.id, subject: 'Maths', score: 100 }],
		})

		const term1 = await call(api, 'GET', `/organizations/${org.id}/scores?term=Term%201%202026`, {
			token: org.token,
		})
		expect(term1.status).toBe(200)
		expect(term1.body.terms).toEqual(['Term 1 2026', 'Term 2 2026'])
		expect(term1.body.subjects).toEqual(['English', 'Maths'])
		expect(
			term1.body.scores.map((s: { studentName: string; subject: string; score: number }) => [
				s.studentName,
				s.subject,
				s.score,
			]),
		).toEqual([
			['Ada Adams', 'English', 90],
			['Ada Adams', 'Maths', 61],
		])
		const maths = await call(api, 'GET', `/organizations/${org.id}/scores?subject=Maths`, {
			token: org.token,
		})
		expect(maths.body.scores.map((s: { score: number }) => s.score)).toEqual([61, 100])
	})

	test('scores with two decimals that binary floating point cannot hold exactly are saved', async () => {
		// 0.29 * 100 is 28.999999999999996 in JavaScript: a check on `Number.isInteger(score * 100)`
		// refused them, and with them every grid page that held one (found by the load bench, issue 41).
		const { org, ada, ben } = await schoolWithTwoStudents()
		const answer = await save(org, {
			term: 'Term 1',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 0.29 },
				{ studentId: ada.id, subject: 'Art', score: 1.13 },
				{ studentId: ben.id, subject: 'Maths', score: 57.01 },
			],
		})
		expect(answer.status).toBe(200)
		expect(answer.body.saved).toBe(3)
		const listed = await call(api, 'GET', `/organizations/${org.id}/scores?term=Term%201`, {
			token: org.token,
		})
		expect(
			listed.body.scores
				.map((s: { score: number }) => s.score)
				.sort((a: number, b: number) => a - b),
		).toEqual([0.29, 1.13, 57.01])
	})

	test('nothing is saved when any entry is invalid, and each problem has its path', async () => {
		const { org, ada, ben } = await schoolWithTwoStudents()
		const stranger = await newMember(api, (await newOrganization(api)).token)
		const answer = await save(org, {
			term: 'Term 1',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 80 },
				{ studentId: ben.id, subject: 'Maths', score: 101 },
				{ studentId: ben.id, subject: 'Art', score: 'high' },
				{ studentId: ada.id, subject: 'Sci[ence]', score: 50 },
				{ studentId: ada.id, subject: 'Bio', score: 50.125 },
			],
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual([
			{ path: 'scores.1.score', msg: 'Score must be at most 100' },
			{ path: 'scores.2.score', msg: 'Score must be a number from 0 to 100, or null to remove it' },
			{ path: 'scores.3.subject', msg: 'Subject cannot contain [ or ]' },
			{ path: 'scores.4.score', msg: 'Score can have at most two decimals' },
		])
		const notOurs = await save(org, {
			term: 'Term 1',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 80 },
				{ studentId: stranger.id, subject: 'Maths', score: 80 },
			],
		})
		expect(notOurs.status).toBe(400)
		expect(notOurs.body.errors).toEqual([
			{ path: 'scores.1.studentId', msg: 'Not a student of this organization' },
		])
		const twice = await save(org, {
			term: 'Term 1',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 80 },
				{ studentId: ada.id, subject: 'maths', score: 81 },
			],
		})
		expect(twice.body.errors).toEqual([
			{ path: 'scores.1', msg: 'The same student and subject appear twice' },
		])
		const noTerm = await save(org, { term: '', scores: [] })
		expect(noTerm.body.errors).toEqual([
			{ path: 'term', msg: 'Term is required' },
			{ path: 'scores', msg: 'Send at least one score' },
		])
		const list = await call(api, 'GET', `/organizations/${org.id}/scores`, { token: org.token })
		expect(list.body.scores).toEqual([])
	})

	test('a result card bands its exact mean: 90 and 89.99 average 90 for display, band 80-90', async () => {
		const { org, ada } = await schoolWithTwoStudents()
		await save(org, {
			term: 'Spring',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 90 },
				{ studentId: ada.id, subject: 'Art', score: 89.99 },
			],
		})
		const one = await call(
			api,
			'GET',
			`/organizations/${org.id}/result-cards/${ada.id}?term=Spring`,
			{ token: org.token },
		)
		expect(one.body.resultCard).toMatchObject({ average: 90, bucket: '80-90' })
		const all = await call(api, 'GET', `/organizations/${org.id}/result-cards?term=Spring`, {
			token: org.token,
		})
		expect(all.body.resultCards[0]).toMatchObject({ average: 90, bucket: '80-90' })
	})

	test('result cards aggregate a term with the spec’s grade buckets', async () => {
		const { org, ada, ben } = await schoolWithTwoStudents()
		await save(org, {
			term: 'Autumn',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 60 },
				{ studentId: ada.id, subject: 'Art', score: 89.99 },
				{ studentId: ben.id, subject: 'Maths', score: 59.99 },
			],
		})
		const cards = await call(api, 'GET', `/organizations/${org.id}/result-cards?term=Autumn`, {
			token: org.token,
		})
		expect(cards.status).toBe(200)
		expect(cards.body.terms).toEqual(['Autumn'])
		expect(cards.body.resultCards).toEqual([
			{
				student: { id: ada.id, name: 'Ada Adams', email: ada.email },
				term: 'Autumn',
				subjects: [
					{ subject: 'Art', score: 89.99, bucket: '80-90' },
					{ subject: 'Maths', score: 60, bucket: '60-70' },
				],
				average: 75,
				bucket: '70-80',
			},
			{
				student: { id: ben.id, name: 'Ben Brown', email: ben.email },
				term: 'Autumn',
				subjects: [{ subject: 'Maths', score: 59.99, bucket: '0-60' }],
				average: 59.99,
				bucket: '0-60',
			},
		])
		const one = await call(
			api,
			'GET',
			`/organizations/${org.id}/result-cards/${ben.id}?term=Autumn`,
			{
				token: org.token,
			},
		)
		expect(one.body.resultCard.average).toBe(59.99)

		const own = await login(api, ben.email, 'Lantern-Harbour-42')
		const mine = await call(
			api,
			'GET',
			`/organizations/${org.id}/result-cards/${ben.id}?term=Autumn`,
			{
				token: own.token,
			},
		)
		expect(mine.status).toBe(200)
		const theirs = await call(
			api,
			'GET',
			`/organizations/${org.id}/result-cards/${ada.id}?term=Autumn`,
			{
				token: own.token,
			},
		)
		expect(theirs.status).toBe(403)

		await save(org, {
			term: 'Winter',
			scores: [{ studentId: ada.id, subject: 'Maths', score: 99 }],
		})
		const latest = await call(api, 'GET', `/organizations/${org.id}/result-cards`, {
			token: org.token,
		})
		expect(latest.body.term).toBe('Winter')
		expect(latest.body.terms).toEqual(['Autumn', 'Winter'])
		expect(latest.body.resultCards).toHaveLength(1)
		const fresh = await newOrganization(api)
		const none = await call(api, 'GET', `/organizations/${fresh.id}/result-cards`, {
			token: fresh.token,
		})
		expect(none.body).toEqual({ term: null, terms: [], resultCards: [] })
		const noTerm = await call(api, 'GET', `/organizations/${org.id}/result-cards/${ada.id}`, {
			token: org.token,
		})
		expect(noTerm.status).toBe(400)
		expect(noTerm.body.errors).toEqual([{ path: 'term', msg: 'Term is required' }])
		const emptyTerm = await call(
			api,
			'GET',
			`/organizations/${org.id}/result-cards/${ada.id}?term=Spring`,
			{
				token: org.token,
			},
		)
		expect(emptyTerm.status).toBe(404)
		expect(emptyTerm.body).toEqual({ message: 'Result card not found', code: 'not_found' })
		const unknown = await call(
			api,
			'GET',
			`/organizations/${org.id}/result-cards/00000000-0000-4000-8000-000000000000?term=Autumn`,
			{ token: org.token },
		)
		expect(unknown.body).toEqual({ message: 'Student not found', code: 'not_found' })
	})

	test('analytics: enrolment per month, average per term, distribution in buckets', async () => {
		const { org, ada, ben } = await schoolWithTwoStudents()
		await newMember(api, org.token, 'tutor')
		await save(org, {
			term: 'T1',
			scores: [
				{ studentId: ada.id, subject: 'Maths', score: 95 },
				{ studentId: ben.id, subject: 'Maths', score: 45 },
			],
		})
		await save(org, { term: 'T2', scores: [{ studentId: ada.id, subject: 'Maths', score: 72 }] })
		const answer = await call(api, 'GET', `/organizations/${org.id}/analytics`, {
			token: org.token,
		})
		expect(answer.status).toBe(200)
		const month = new Date().toISOString().slice(0, 7)
		expect(answer.body.enrolment).toEqual([
			{ month, role: 'student', count: 2 },
			{ month, role: 'tutor', count: 1 },
		])
		expect(answer.body.performance).toEqual([
			{ term: 'T1', average: 70, scores: 2 },
			{ term: 'T2', average: 72, scores: 1 },
		])
		expect(answer.body.distribution).toEqual([
			{ bucket: '0-60', count: 1 },
			{ bucket: '60-70', count: 0 },
			{ bucket: '70-80', count: 1 },
			{ bucket: '80-90', count: 0 },
			{ bucket: '90-100', count: 1 },
		])
		const t2 = await call(api, 'GET', `/organizations/${org.id}/analytics?term=T2`, {
			token: org.token,
		})
		expect(t2.body.distribution.map((d: { count: number }) => d.count)).toEqual([0, 0, 1, 0, 0])
		expect(t2.body.term).toBe('T2')
	})

	test('an organization cannot read or change another organization’s scores', async () => {
		const { org, ada } = await schoolWithTwoStudents()
		const intruder = await newOrganization(api)
		await save(org, { term: 'T1', scores: [{ studentId: ada.id, subject: 'Maths', score: 80 }] })
		const paths = [
			['GET', `/organizations/${org.id}/scores`],
			['GET', `/organizations/${org.id}/result-cards?term=T1`],
			['GET', `/organizations/${org.id}/result-cards/${ada.id}?term=T1`],
			['GET', `/organizations/${org.id}/analytics`],
		] as const
		for (const [method, path] of paths) {
			const answer = await call(api, method, path, { token: intruder.token })
			expect(answer.status, path).toBe(403)
		}
		const write = await save(
			{ id: org.id, token: intruder.token },
			{
				term: 'T1',
				scores: [{ studentId: ada.id, subject: 'Maths', score: 0 }],
			},
		)
		expect(write.status).toBe(403)
		// Writing through its own id does not reach another organization's student either.
		const sideways = await save(intruder, {
			term: 'T1',
			scores: [{ studentId: ada.id, subject: 'Maths', score: 0 }],
		})
		expect(sideways.status).toBe(400)
		const still = await call(api, 'GET', `/organizations/${org.id}/scores`, { token: org.token })
		expect(still.body.scores[0].score).toBe(80)
	})

	test('the demo organization has two terms of seeded scores', async () => {
		const demo = await organizationLogin(api, 'organization@example.com')
		const answer = await call(api, 'GET', `/organizations/${demo.user.id}/scores`, {
			token: demo.token,
		})
		expect(answer.body.terms).toEqual(['Term 1 2026', 'Term 2 2026'])
		expect(answer.body.scores).toHaveLength(18)
	})
})

describe('a school larger than one page (issue 28)', () => {
	const TERMS = ['Term 1', 'Term 2']
	const SUBJECTS = ['Art', 'Maths', 'Science']
	// A spread of scores in quarter points that lands in every band, fixed so failures repeat.
	const scoreOf = (student: number, subject: number, term: number) =>
		((student * 37 + subject * 53 + term * 71) % 401) / 4

	let org: { id: string; token: string }
	const students: { id: string; name: string }[] = []
	beforeAll(async () => {
		org = await newOrganization(api)
		for (let n = 0; n < 45; n++) {
			const lastName = `Student ${String(n).padStart(2, '0')}`
			const member = await newMember(api, org.token, 'student', { firstName: 'Pat', lastName })
			students.push({ id: member.id, name: `Pat ${lastName}` })
		}
		for (const [t, term] of TERMS.entries()) {
			const scores = students.flatMap((student, s) =>
				SUBJECTS.map((subject, j) => ({
					studentId: student.id,
					subject,
					score: scoreOf(s, j, t),
				})),
			)
			const saved = await save(org, { term, scores })
			expect(saved.body).toMatchObject({ saved: 135 })
		}
	}, 120_000)
	const get = (path: string) =>
		call(api, 'GET', `/organizations/${org.id}${path}`, { token: org.token })

	test('the scores call pages when asked, filters by students, and names each term’s subjects', async () => {
		const all = await get('/scores?term=Term%202')
		expect(all.body.scores).toHaveLength(135)
		expect(all.body.pagination).toBeUndefined()
		expect(all.body.termSubjects).toEqual({ 'Term 1': SUBJECTS, 'Term 2': SUBJECTS })

		const second = await get('/scores?term=Term%202&page=2&limit=20')
		expect(second.status).toBe(200)
		expect(second.body.pagination).toEqual({ total: 135, page: 2, limit: 20, totalPages: 7 })
		expect(second.body.scores).toEqual(all.body.scores.slice(20, 40))

		const three = students.slice(20, 23)
		const some = await get(`/scores?term=Term%201&studentIds=${three.map((s) => s.id).join(',')}`)
		expect(
			some.body.scores.map((score: { studentName: string; subject: string; score: number }) => [
				score.studentName,
				score.subject,
				score.score,
			]),
		).toEqual(
			three.flatMap((student, k) =>
				SUBJECTS.map((subject, j) => [student.name, subject, scoreOf(20 + k, j, 0)]),
			),
		)
		// No student named: no score, the terms and each term's subjects alone (the grid's first call).
		const none = await get('/scores?studentIds=')
		expect(none.body).toMatchObject({ scores: [], terms: TERMS })
		expect(none.body.termSubjects).toEqual(all.body.termSubjects)
		const wrong = await get('/scores?studentIds=not-an-id')
		expect(wrong.status).toBe(400)
		expect(JSON.stringify(wrong.body)).toContain('studentIds must be UUIDs, separated by commas')
		expect((await get('/scores?page=0')).status).toBe(400)
	})

	test('result cards page by student with the true total, each card’s numbers right', async () => {
		const last = await get('/result-cards?term=Term%201&page=3&limit=20')
		expect(last.status).toBe(200)
		expect(last.body.pagination).toEqual({ total: 45, page: 3, limit: 20, totalPages: 3 })
		expect(last.body.resultCards).toHaveLength(5)
		for (const [k, card] of last.body.resultCards.entries()) {
			const s = 40 + k
			const values = SUBJECTS.map((_, j) => scoreOf(s, j, 0))
			expect(card.student).toMatchObject({ id: students[s]!.id, name: students[s]!.name })
			expect(card.subjects.map((entry: { score: number }) => entry.score)).toEqual(values)
			expect(card.average).toBe(averageOf(values))
			expect(card.bucket).toBe(bucketOf(meanOf(values) as number))
		}
		// Without paging, every card, as before.
		const whole = await get('/result-cards?term=Term%201')
		expect(whole.body.resultCards).toHaveLength(45)
		expect(whole.body.pagination).toBeUndefined()
		expect(whole.body.resultCards.slice(40)).toEqual(last.body.resultCards)
	})

	test('analytics’ averages and bands equal those computed from the rows', async () => {
		const rows = TERMS.map((_, t) =>
			students.flatMap((_, s) => SUBJECTS.map((_, j) => scoreOf(s, j, t))),
		)
		const bands = (values: number[]) =>
			['0-60', '60-70', '70-80', '80-90', '90-100'].map((bucket) => ({
				bucket,
				count: values.filter((value) => bucketOf(value) === bucket).length,
			}))
		const answer = await get('/analytics')
		expect(answer.body.performance).toEqual(
			TERMS.map((term, t) => ({ term, average: averageOf(rows[t]!), scores: 135 })),
		)
		expect(answer.body.distribution).toEqual(bands(rows.flat()))
		expect(answer.body.distribution.every((band: { count: number }) => band.count > 0)).toBe(true)
		const second = await get('/analytics?term=Term%202')
		expect(second.body.distribution).toEqual(bands(rows[1]!))
	})
})

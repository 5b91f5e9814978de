import { beforeAll, expect, test } from 'vitest'
import { sql } from 'kysely'
import { apiForFile, call, login, uniqueEmail } from './helpers.ts'

const api = apiForFile()
let teacher = ''
let otherTeacher = ''
const titles = ['Percent_Rates 100% Explained', 'Ornithology in Winter'] as const

async function publish(token: string, title: string, description: string) {
	const answer = await call(api, 'POST', '/courses/create-course', {
		token,
		json: {
			title,
			description,
			category: 'Science',
			level: 'Beginner',
			price: { amount: 10, currency: 'USD' },
			isPublished: true,
		},
	})
	if (answer.status !== 201) throw new Error(`create course: ${answer.status}`)
	return answer.body.course
}

const search = async (query: string) => {
	const answer = await call(api, 'GET', `/courses/public/list?limit=50&${query}`)
	expect(answer.status).toBe(200)
	return answer.body.courses.map((course: { title: string }) => course.title) as string[]
}

beforeAll(async () => {
	teacher = (await login(api, 'teacher@example.com')).token
	const email = uniqueEmail('searchtutor')
	await call(api, 'POST', '/auth/register-tutor', {
		json: {
			firstName: 'Zéphyrine',
			lastName: 'Quillfeather',
			email,
			password: 'Lantern-Harbour-42',
		},
	})
	otherTeacher = (await login(api, email, 'Lantern-Harbour-42')).token
	await publish(teacher, titles[0], 'Ratios and proportions for everyday life.')
	await publish(otherTeacher, titles[1], 'Watching garden birds through the cold months.')
})

test('search matches the title, the description and the teacher name, any letter case', async () => {
	expect(await search('search=ornithology')).toEqual([titles[1]])
	expect(await search('search=GARDEN%20BIRDS')).toEqual([titles[1]])
	expect(await search(`search=${encodeURIComponent('zéphyrine quill')}`)).toEqual([titles[1]])
})

test('LIKE wildcards in the search are plain characters', async () => {
	expect(await search(`search=${encodeURIComponent('100%')}`)).toEqual([titles[0]])
	expect(await search('search=t_R')).toEqual([titles[0]])
	// `%` alone would match everything if it were a wildcard.
	expect(await search(`search=${encodeURIComponent('%%')}`)).toEqual([])
	expect(await search(`search=${encodeURIComponent("'; DROP TABLE courses; --")}`)).toEqual([])
})

test('search combines with the other filters and the page total counts only matches', async () => {
	expect(await search('search=ornithology&category=Science')).toEqual([titles[1]])
	expect(await search('search=ornithology&category=Mathematics')).toEqual([])
	const answer = await call(api, 'GET', '/courses/public/list?search=ornithology&limit=1')
	expect(answer.body.pagination).toMatchObject({ total: 1, totalPages: 1 })
})

test('a blank search lists everything; an overlong one is a 400 with the field', async () => {
	const all = await call(api, 'GET', '/courses/public/list?limit=1')
	const blank = await call(api, 'GET', '/courses/public/list?limit=1&search=%20%20')
	expect(blank.body.pagination.total).toBe(all.body.pagination.total)
	const long = await call(api, 'GET', `/courses/public/list?search=${'a'.repeat(101)}`)
	expect(long.status).toBe(400)
	expect(JSON.stringify(long.body)).toContain('Search must be at most 100 characters')
})

test('the signed-in list searches too, drafts of others stay hidden', async () => {
	await call(api, 'POST', '/courses/create-course', {
		token: otherTeacher,
		json: {
			title: 'Ornithology Draft',
			description: 'Not yet.',
			category: 'Science',
			level: 'Beginner',
			price: { amount: 10, currency: 'USD' },
		},
	})
	const mine = await call(api, 'GET', '/courses/list?limit=50&search=ornithology', {
		token: otherTeacher,
	})
	expect(mine.body.courses.map((course: { title: string }) => course.title).sort()).toEqual([
		'Ornithology Draft',
		titles[1],
	])
	const theirs = await call(api, 'GET', '/courses/list?limit=50&search=ornithology', {
		token: teacher,
	})
	expect(theirs.body.courses.map((course: { title: string }) => course.title)).toEqual([titles[1]])
})

test('trigram indexes serve the search on both databases (issue 28)', async () => {
	const { rows: indexes } = await sql<{ indexname: string }>`
		SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_trgm_idx' ORDER BY indexname`.execute(
		api.db,
	)
	expect(indexes.map((row) => row.indexname)).toEqual([
		'courses_description_trgm_idx',
		'courses_title_trgm_idx',
		'users_full_name_trgm_idx',
	])
	// With scans ruled out, the planner can still answer the course lookups of the search: only
	// through the trigram indexes, which the extension's operator classes make usable for ILIKE (the
	// teacher-name index is left to the planner: on a table this small it prefers another).
	await api.db.transaction().execute(async (trx) => {
		await sql`SET LOCAL enable_seqscan = off`.execute(trx)
		for (const [query, index] of [
			[sql`SELECT id FROM courses WHERE title ILIKE '%ornith%'`, 'courses_title_trgm_idx'],
			[
				sql`SELECT id FROM courses WHERE description ILIKE '%ornith%'`,
				'courses_description_trgm_idx',
			],
		] as const) {
			const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx)
			expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(index)
		}
	})
	expect(await search('search=rnitholog')).toEqual(['Ornithology in Winter'])
})

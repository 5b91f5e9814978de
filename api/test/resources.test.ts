import { beforeAll, describe, expect, test, vi } from 'vitest'
import { apiForFile, call, PNG_BYTES, registerStudent } from './helpers.ts'
import { registerTeacher, UNKNOWN_ID } from './library-helpers.ts'

// Each file starts a fresh API and hashes a few passwords: generous limits for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const api = apiForFile({ seed: false })
let teacher: { token: string; user: { id: string } }
let otherTeacher: { token: string }
let student: { token: string }

beforeAll(async () => {
	// No demo seed: the counts below are of this file's uploads alone.
	teacher = await registerTeacher(api)
	otherTeacher = await registerTeacher(api, 'Other')
	student = await registerStudent(api)
})

function uploadForm(
	fields: Record<string, string>,
	file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.append(key, value)
	if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name)
	return form
}

const pdf = {
	bytes: Uint8Array.from(Buffer.from('%PDF-1.4\n% test document\n')),
	name: 'fractions.pdf',
	type: 'application/pdf',
}

async function upload(token: string, fields: Record<string, string>, file?: typeof pdf) {
	return call(api, 'POST', '/resources/upload', { token, body: uploadForm(fields, file) })
}

describe('POST /resources/upload', () => {
	test('a tutor uploads a file; anyone signed in downloads it', async () => {
		const answer = await upload(
			teacher.token,
			{
				title: 'Fractions worksheet',
				description: 'Practice adding fractions',
				subject: 'Mathematics',
				resourceType: 'worksheet',
			},
			pdf,
		)
		expect(answer.status).toBe(201)
		expect(answer.body.message).toBe('Resource uploaded successfully')
		expect(answer.body.resource).toMatchObject({
			title: 'Fractions worksheet',
			subject: 'Mathematics',
			resourceType: 'worksheet',
			url: null,
			file: { name: 'fractions.pdf', contentType: 'application/pdf', size: pdf.bytes.byteLength },
			uploadedBy: { id: teacher.user.id, name: 'Tia Teach' },
		})
		const download = await fetch(`${api.baseUrl}${answer.body.resource.file.downloadPath}`, {
			headers: { authorization: `Bearer ${student.token}` },
		})
		expect(download.status).toBe(200)
		expect(download.headers.get('content-type')).toBe('application/pdf')
		expect(download.headers.get('content-disposition')).toContain('fractions.pdf')
		expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf.bytes)
		const anonymous = await call(api, 'GET', answer.body.resource.file.downloadPath)
		expect(anonymous.status).toBe(403)
	})

	test('a link resource needs no file', async () => {
		const answer = await upload(teacher.token, {
			title: 'Photosynthesis video',
			subject: 'Biology',
			resourceType: 'video',
			url: 'https://video.example.com/photosynthesis',
		})
		expect(answer.status).toBe(201)
		expect(answer.body.resource).toMatchObject({
			url: 'https://video.example.com/photosynthesis',
			file: null,
			description: null,
		})
	})

	test('bad input answers 400 with the field', async () => {
		const cases: [Record<string, string>, typeof pdf | undefined, string][] = [
			[{ subject: 'Maths', resourceType: 'document' }, pdf, 'title'],
			[{ title: 'T', resourceType: 'document' }, pdf, 'subject'],
			[{ title: 'T', subject: 'Maths', resourceType: 'podcast' }, pdf, 'resourceType'],
			[{ title: 'T', subject: 'Maths', resourceType: 'document' }, undefined, 'file'],
			[
				{ title: 'T', subject: 'Maths', resourceType: 'link', url: 'javascript:alert(1)' },
				undefined,
				'url',
			],
			[
				{ title: 'T', subject: 'Maths', resourceType: 'document', url: 'https://example.com' },
				pdf,
				'file',
			],
			[
				{ title: 'T', subject: 'Maths', resourceType: 'document' },
				{ ...pdf, name: 'run.exe' },
				'file',
			],
			[
				{ title: 'T', subject: 'Maths', resourceType: 'document' },
				{ bytes: PNG_BYTES, name: 'fake.pdf', type: 'application/pdf' },
				'file',
			],
		]
		for (const [fields, file, path] of cases) {
			const answer = await upload(teacher.token, fields, file)
			expect(answer.status, JSON.stringify(fields)).toBe(400)
			expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path)
		}
	})

	test('a file over 10 MB answers 413', async () => {
		const big = {
			bytes: new Uint8Array(10 * 1024 * 1024 + 10),
			name: 'big.pdf',
			type: 'application/pdf',
		}
		big.bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d])
		const answer = await upload(
			teacher.token,
			{ title: 'Big', subject: 'Maths', resourceType: 'document' },
			big,
		)
		expect(answer.status).toBe(413)
	})

	test('only tutors upload', async () => {
		const answer = await upload(
			student.token,
			{ title: 'T', subject: 'Maths', resourceType: 'document' },
			pdf,
		)
		expect(answer.status).toBe(403)
		expect((await call(api, 'POST', '/resources/upload', { body: uploadForm({}) })).status).toBe(
			403,
		)
	})

	test('a body that is not multipart answers 400', async () => {
		const answer = await call(api, 'POST', '/resources/upload', {
			token: teacher.token,
			json: { title: 'T' },
		})
		expect(answer.status).toBe(400)
	})
})

describe('GET /resources', () => {
	beforeAll(async () => {
		const rows: [string, string, string, string][] = [
			['Algebra slides 100%', 'Algebra', 'slides', 'Linear equations'],
			['Algebra quiz', 'algebra', 'worksheet', 'Quick quiz'],
			['Chemistry notes', 'Chemistry', 'document', 'Periodic table and bonding'],
		]
		for (const [title, subject, resourceType, description] of rows) {
			const answer = await upload(teacher.token, { title, subject, resourceType, description }, pdf)
			expect(answer.status).toBe(201)
		}
	})

	const list = async (query: string, token = student.token) =>
		call(api, 'GET', `/resources${query}`, { token })
	const titles = (answer: { body: { resources: { title: string }[] } }) =>
		answer.body.resources.map((resource) => resource.title)

	test('lists newest first with pagination and the subjects', async () => {
		const answer = await list('')
		expect(answer.status).toBe(200)
		expect(answer.body.pagination).toEqual({ total: 5, currentPage: 1, totalPages: 1, limit: 10 })
		expect(titles(answer)[0]).toBe('Chemistry notes')
		expect(answer.body.subjects).toEqual(['Algebra', 'Biology', 'Chemistry', 'Mathematics'])
		const paged = await list('?page=2&limit=2')
		expect(paged.body.pagination).toEqual({ total: 5, currentPage: 2, totalPages: 3, limit: 2 })
		expect(titles(paged)).toHaveLength(2)
	})

	test('searches title and description, case-insensitively, wildcards taken literally', async () => {
		expect(titles(await list('?search=periodic'))).toEqual(['Chemistry notes'])
		expect(titles(await list('?search=ALGEBRA')).sort()).toEqual([
			'Algebra quiz',
			'Algebra slides 100%',
		])
		expect(titles(await list('?search=100%25'))).toEqual(['Algebra slides 100%'])
		expect(titles(await list('?search=_'))).toEqual([])
	})

	test('filters by subject (any case, All for every one) and type (all for every one)', async () => {
		expect(titles(await list('?subject=ALGEBRA')).sort()).toEqual([
			'Algebra quiz',
			'Algebra slides 100%',
		])
		expect(titles(await list('?subject=All&type=all'))).toHaveLength(5)
		expect(titles(await list('?subject=Algebra&type=slides'))).toEqual(['Algebra slides 100%'])
		expect(titles(await list('?type=video'))).toEqual(['Photosynthesis video'])
		expect((await list('?subject=Physics')).body.pagination.total).toBe(0)
	})

	test('bad filters answer 400; no token answers 403', async () => {
		expect((await list('?type=podcast')).status).toBe(400)
		expect((await list('?page=0')).status).toBe(400)
		expect((await list(`?search=${'x'.repeat(101)}`)).status).toBe(400)
		expect((await call(api, 'GET', '/resources')).status).toBe(403)
	})
})

describe('GET and DELETE /resources/{id}', () => {
	test('reads one; unknown 404, bad id 400', async () => {
		const created = await upload(teacher.token, {
			title: 'One',
			subject: 'Art',
			resourceType: 'other',
			url: 'https://art.example.com',
		})
		const id = created.body.resource.id
		expect(
			(await call(api, 'GET', `/resources/${id}`, { token: student.token })).body.resource.title,
		).toBe('One')
		expect(
			(await call(api, 'GET', `/resources/${UNKNOWN_ID}`, { token: student.token })).status,
		).toBe(404)
		expect((await call(api, 'GET', '/resources/nope', { token: student.token })).status).toBe(400)
		const noFile = await call(api, 'GET', `/resources/${id}/file`, { token: student.token })
		expect(noFile.status).toBe(404)
	})

	test('only the uploader deletes, and the file goes with it', async () => {
		const created = await upload(
			teacher.token,
			{ title: 'Temp', subject: 'Art', resourceType: 'document' },
			pdf,
		)
		const { id } = created.body.resource
		expect(
			(await call(api, 'DELETE', `/resources/${id}`, { token: otherTeacher.token })).status,
		).toBe(403)
		expect((await call(api, 'DELETE', `/resources/${id}`, { token: student.token })).status).toBe(
			403,
		)
		const deleted = await call(api, 'DELETE', `/resources/${id}`, { token: teacher.token })
		expect(deleted.body).toEqual({ message: 'Resource deleted successfully', id })
		expect((await call(api, 'GET', `/resources/${id}/file`, { token: teacher.token })).status).toBe(
			404,
		)
		expect((await call(api, 'DELETE', `/resources/${id}`, { token: teacher.token })).status).toBe(
			404,
		)
	})
})

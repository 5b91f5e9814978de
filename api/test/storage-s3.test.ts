import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createS3Storage, s3ClientConfig } from '../src/platform/storage-s3.ts'
import { readStoredBytes, type Storage } from '../src/platform/storage.ts'
import {
	call,
	imageForm,
	login,
	openTestDatabase,
	PNG_BYTES,
	registerStudent,
	startApi,
	type TestApi,
	type TestDatabase,
} from './helpers.ts'
import { migrate } from '../src/migrate.ts'
import { seedDemo } from '../src/seed.ts'
import { createPasswords } from '../src/platform/passwords.ts'

// Uploads in an S3-compatible bucket (s3rver, a real S3 server in Node, on loopback), shared by two
// API processes over one database: what one stores, the other serves, streamed either way.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const BUCKET = 'tutorhub-uploads'
let s3rver: S3rver
let s3Dir: string
let endpoint: string
let database: TestDatabase
let apiA: TestApi
let apiB: TestApi

/** The client settings the SDK would read from AWS_* variables, given here explicitly. */
const clientConfig = () => ({
	...s3ClientConfig({ AWS_ENDPOINT_URL_S3: endpoint }),
	endpoint,
	credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
})

beforeAll(async () => {
	s3Dir = await mkdtemp(join(tmpdir(), 's3rver-'))
	s3rver = new S3rver({
		address: '127.0.0.1',
		port: 0,
		silent: true,
		directory: s3Dir,
		configureBuckets: [{ name: BUCKET, configs: [] }],
	})
	const { port } = await s3rver.run()
	endpoint = `http://127.0.0.1:${port}`

	database = await openTestDatabase()
	await migrate(database.db)
	await seedDemo(
		database.db,
		createPasswords({ memoryCost: 4096, timeCost: 2 }),
		createS3Storage(BUCKET, clientConfig()),
	)
	// Two processes' worth of API: each its own S3 client, one bucket, one database.
	apiA = await startApi({ database: database.db, storage: createS3Storage(BUCKET, clientConfig()) })
	apiB = await startApi({ database: database.db, storage: createS3Storage(BUCKET, clientConfig()) })
})

afterAll(async () => {
	await apiA?.close()
	await apiB?.close()
	await database?.drop()
	await s3rver?.close()
	await rm(s3Dir, { recursive: true, force: true })
})

describe('the S3 storage itself', () => {
	let storage: Storage
	beforeAll(() => {
		storage = createS3Storage(BUCKET, clientConfig())
	})

	test('stores bytes and answers them as a stream with their type and length; delete removes them', async () => {
		await storage.put(
			'plain.txt',
			new TextEncoder().encode('hello bucket'),
			'text/plain; charset=utf-8',
		)
		const file = await storage.get('plain.txt')
		expect(file).toMatchObject({ contentType: 'text/plain; charset=utf-8', size: 12 })
		expect(await new Response(file?.body).text()).toBe('hello bucket')
		await storage.delete('plain.txt')
		expect(await storage.get('plain.txt')).toBeNull()
		// Deleting what is not there is not an error.
		await storage.delete('plain.txt')
	})

	test('a stream larger than one part (5 MiB) is written as it arrives, and read back whole', async () => {
		const chunk = new Uint8Array(1024 * 1024).map((_, index) => index % 251)
		let sent = 0
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (sent === 6) return controller.close()
				sent++
				controller.enqueue(chunk)
			},
		})
		await storage.put('large.bin', body, 'application/octet-stream')
		const file = await storage.get('large.bin')
		expect(file?.size).toBe(6 * chunk.byteLength)
		const bytes = await readStoredBytes(storage, 'large.bin')
		expect(bytes?.byteLength).toBe(6 * chunk.byteLength)
		expect(bytes?.subarray(5 * chunk.byteLength, 5 * chunk.byteLength + 10)).toEqual(
			chunk.subarray(0, 10),
		)
		await file?.body.cancel()
		await storage.delete('large.bin')
	})

	test('an unknown key answers null; a key outside the allowed shape is refused before any request', async () => {
		expect(await storage.get('never-stored.png')).toBeNull()
		await expect(storage.get('../escape')).rejects.toThrow(/Invalid storage key/)
	})

	test('with a custom endpoint the client uses path-style addressing and a default region', () => {
		expect(s3ClientConfig({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' })).toEqual({
			forcePathStyle: true,
			region: 'us-east-1',
		})
		expect(
			s3ClientConfig({ AWS_ENDPOINT_URL_S3: 'http://minio:9000', AWS_REGION: 'eu-west-1' }),
		).toEqual({
			forcePathStyle: true,
		})
		// Amazon S3 itself: everything is the SDK's own default.
		expect(s3ClientConfig({ AWS_REGION: 'eu-west-1' })).toEqual({})
	})
})

describe('the bucket down', () => {
	test('an upload answers 503 saying file storage is unavailable, and nothing changes', async () => {
		// An endpoint nobody listens on: the store stopped.
		const closed = createServer()
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
		const { port } = closed.address() as { port: number }
		await new Promise((resolve) => closed.close(resolve))
		const down = `http://127.0.0.1:${port}`
		const api = await startApi({
			database: database.db,
			storage: createS3Storage(BUCKET, {
				...s3ClientConfig({ AWS_ENDPOINT_URL_S3: down }),
				endpoint: down,
				credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
				maxAttempts: 1,
			}),
		})
		try {
			const { token, user } = await registerStudent(api)
			const answer = await call(api, 'POST', '/auth/upload-student-profile-picture', {
				token,
				body: imageForm('profilePicture', PNG_BYTES, 'image/png'),
			})
			expect(answer.status).toBe(503)
			expect(answer.body).toEqual({
				message: 'File storage is unavailable. Please try again later.',
				code: 'storage_unavailable',
			})
			const stored = await database.db
				.selectFrom('users')
				.select('profile_picture')
				.where('id', '=', user.id)
				.executeTakeFirstOrThrow()
			expect(stored.profile_picture).toBeNull()
		} finally {
			await api.close()
		}
	})
})

describe('two APIs sharing one bucket', () => {
	test('a profile picture uploaded through A is served through B, same bytes and type; replaced, it is gone from both', async () => {
		const { token } = await registerStudent(apiA)
		const first = await call(apiA, 'POST', '/auth/upload-student-profile-picture', {
			token,
			body: imageForm('profilePicture', PNG_BYTES, 'image/png'),
		})
		expect(first.status).toBe(200)
		const served = await fetch(`${apiB.baseUrl}${first.body.profilePicture}`)
		expect(served.status).toBe(200)
		expect(served.headers.get('content-type')).toBe('image/png')
		expect(served.headers.get('content-length')).toBe(String(PNG_BYTES.byteLength))
		expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES)

		const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')
		const second = await call(apiB, 'POST', '/auth/upload-student-profile-picture', {
			token,
			body: imageForm('profilePicture', gif, 'image/gif', 'a.gif'),
		})
		expect(second.status).toBe(200)
		for (const api of [apiA, apiB]) {
			expect((await fetch(`${api.baseUrl}${first.body.profilePicture}`)).status).toBe(404)
			const now = await fetch(`${api.baseUrl}${second.body.profilePicture}`)
			expect(now.headers.get('content-type')).toBe('image/gif')
			expect(new Uint8Array(await now.arrayBuffer())).toEqual(gif)
		}
	})

	test('an unknown file is 404 through either', async () => {
		for (const api of [apiA, apiB]) {
			const answer = await call(api, 'GET', '/files/00000000-0000-4000-8000-000000000000.png')
			expect(answer.status).toBe(404)
			expect(answer.body).toEqual({ message: 'File not found', code: 'not_found' })
		}
	})

	test('a task attachment stays private: its students download it through B, nobody else, never by /files', async () => {
		const teacher = await login(apiA, 'teacher@example.com')
		const { id: courseId } = await database.db
			.selectFrom('courses')
			.select('id')
			.where('tutor_id', '=', teacher.user.id)
			.executeTakeFirstOrThrow()
		const enrolled = await registerStudent(apiA)
		await database.db
			.insertInto('enrollments')
			.values({ course_id: courseId, student_id: enrolled.user.id })
			.execute()
		const outsider = await registerStudent(apiA)

		const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
		const form = new FormData()
		form.set('courseId', courseId)
		form.set('title', 'Reading in the bucket')
		form.set('dueDate', new Date(Date.now() + 3 * 86_400_000).toISOString())
		form.set('attachment', new Blob([pdf], { type: 'application/pdf' }), 'reading.pdf')
		const created = await call(apiA, 'POST', '/tasks/create-task', {
			token: teacher.token,
			body: form,
		})
		expect(created.status).toBe(201)
		const taskId = created.body.task.id as string

		const download = await fetch(`${apiB.baseUrl}/tasks/${taskId}/attachment`, {
			headers: { authorization: `Bearer ${enrolled.token}` },
		})
		expect(download.status).toBe(200)
		expect(download.headers.get('content-type')).toBe('application/pdf')
		expect(download.headers.get('content-disposition')).toContain('reading.pdf')
		expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf)

		expect(
			(await call(apiB, 'GET', `/tasks/${taskId}/attachment`, { token: outsider.token })).status,
		).toBe(403)
		expect((await call(apiB, 'GET', `/tasks/${taskId}/attachment`)).status).toBe(403)
		const { attachment_key: key } = await database.db
			.selectFrom('tasks')
			.select('attachment_key')
			.where('id', '=', taskId)
			.executeTakeFirstOrThrow()
		expect(key).toMatch(/^private-/)
		expect((await call(apiB, 'GET', `/files/${key}`)).status).toBe(404)
	})

	test('a library file deleted through A is gone through B', async () => {
		const teacher = await login(apiA, 'teacher@example.com')
		const student = await registerStudent(apiB)
		const form = new FormData()
		form.set('title', 'Bucket worksheet')
		form.set('subject', 'Mathematics')
		form.set('resourceType', 'worksheet')
		const bytes = new TextEncoder().encode('%PDF-1.4\n% from the bucket\n')
		form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'bucket.pdf')
		const created = await call(apiA, 'POST', '/resources/upload', {
			token: teacher.token,
			body: form,
		})
		expect(created.status).toBe(201)
		const { id, file } = created.body.resource
		const served = await fetch(`${apiB.baseUrl}${file.downloadPath}`, {
			headers: { authorization: `Bearer ${student.token}` },
		})
		expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
		expect((await call(apiA, 'DELETE', `/resources/${id}`, { token: teacher.token })).status).toBe(
			200,
		)
		expect(
			(await call(apiB, 'GET', `/resources/${id}/file`, { token: student.token })).status,
		).toBe(404)
	})

	test('the demo seed wrote its files to the bucket, so either API serves them', async () => {
		const student = await login(apiB, 'student@example.com')
		const library = await call(apiB, 'GET', '/resources', { token: student.token })
		const withFile = library.body.resources.find((resource: { file: unknown }) => resource.file)
		expect(withFile).toBeDefined()
		for (const api of [apiA, apiB]) {
			const download = await call(api, 'GET', withFile.file.downloadPath, { token: student.token })
			expect(download.status).toBe(200)
		}
	})
})

import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import zlib from 'node:zlib'
import { expect, test } from '@playwright/test'
import { appOrigin, logInApp, registerUser } from './security-world'

// The app compresses its answers at zlib's and brotli's fastest levels (decision 066): the default
// levels cost about a tenth of the app's time under load. Pages still come compressed, whole.

/** The raw bytes of a GET, not decoded (fetch would decode them). */
function rawGet(path: string, acceptEncoding: string, cookie?: string) {
	return new Promise<{ encoding: string | undefined; length: string | undefined; body: Buffer }>(
		(resolve, reject) => {
			const request = http.get(
				`${appOrigin}${path}`,
				{ headers: { 'Accept-Encoding': acceptEncoding, ...(cookie && { Cookie: cookie }) } },
				(response) => {
					const chunks: Buffer[] = []
					response.on('data', (chunk: Buffer) => chunks.push(chunk))
					response.on('end', () =>
						resolve({
							encoding: response.headers['content-encoding'],
							length: response.headers['content-length'],
							body: Buffer.concat(chunks),
						}),
					)
				},
			)
			request.on('error', reject)
		},
	)
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
	gzip: zlib.gunzipSync,
	br: zlib.brotliDecompressSync,
}

for (const path of ['/', '/courses', '/_root.data']) {
	test(`${path} comes compressed as the browser asks, and whole`, async () => {
		const plain = await rawGet(path, 'identity')
		expect(plain.encoding).toBeUndefined()
		expect(plain.body.length).toBeGreaterThan(1024)
		for (const encoding of ['gzip', 'br']) {
			const packed = await rawGet(path, encoding)
			expect(packed.encoding).toBe(encoding)
			const text = decoders[encoding]!(packed.body).toString('utf8')
			// Whole: a page ends as it should; an answer of data is as long, give or take its nonce.
			if (path.endsWith('.data')) expect(Math.abs(text.length - plain.body.length)).toBeLessThan(64)
			else expect(text.trimEnd()).toMatch(/<\/html>$/)
			// Compressed: pages to under a third, a small answer of data to well under its size.
			expect(packed.body.length).toBeLessThan(
				plain.body.length * (path.endsWith('.data') ? 0.7 : 0.34),
			)
		}
	})
}

// A sync flush ends in an empty stored block, whose bytes are 00 00 ff ff (RFC 1951, 3.2.4).
const SYNC_FLUSH = Buffer.from([0x00, 0x00, 0xff, 0xff])

test('a page rendered at once is compressed in one go, not flushed piece by piece', async () => {
	// A signed-in page (visitors' pages may come from the page cache, written whole). React writes
	// a page in 4 KB pieces; flushing after each cost four to six times the CPU of compressing the
	// page in one go (decision 073). A part that waits for data is still flushed when it comes.
	const client = await logInApp('student')
	const plain = await rawGet('/studentdashboard', 'identity', client.cookieHeader())
	expect(plain.body.length).toBeGreaterThan(8 * 1024)
	const packed = await rawGet('/studentdashboard', 'gzip', client.cookieHeader())
	expect(packed.encoding).toBe('gzip')
	expect(zlib.gunzipSync(packed.body).toString('utf8').trimEnd()).toMatch(/<\/html>$/)
	expect(packed.body.indexOf(SYNC_FLUSH)).toBe(-1)
	// Whole at once, so compressed in one go and sent with its length, in either coding.
	expect(packed.length).toBe(String(packed.body.length))
	const brotli = await rawGet('/studentdashboard', 'gzip, deflate, br, zstd', client.cookieHeader())
	expect(brotli.encoding).toBe('br')
	expect(brotli.length).toBe(String(brotli.body.length))
	expect(zlib.brotliDecompressSync(brotli.body).toString('utf8').trimEnd()).toMatch(/<\/html>$/)
	// The compression's own choice where the browser weighs its codings.
	const weighed = await rawGet('/studentdashboard', 'gzip;q=0.5, identity', client.cookieHeader())
	expect(weighed.encoding).toBeUndefined()
	expect(weighed.body.toString('utf8').trimEnd()).toMatch(/<\/html>$/)
})

test('an answer under a kilobyte is sent as it is, not compressed', async () => {
	// The test's autosave answers in JSON of a few dozen bytes, every 10 s for each pupil in a
	// test. The compression's threshold is a kilobyte, but it saw no length, so it compressed
	// them anyway: 62 bytes became 77 (decision 073). Its refusal of a GET answers the same way.
	const client = await logInApp('student')
	const answer = await rawGet('/studentdashboard/test/x/progress', 'gzip', client.cookieHeader())
	expect(answer.body.length).toBeGreaterThan(0)
	expect(answer.body.length).toBeLessThan(1024)
	expect(answer.encoding).toBeUndefined()
	expect(answer.length).toBe(String(answer.body.length))
})

/** A GET read slowly: nothing for a while, then a pause after every megabyte. */
function slowGet(path: string, acceptEncoding: string, cookie: string) {
	return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>(
		(resolve, reject) => {
			const request = http.get(
				`${appOrigin}${path}`,
				{ headers: { 'Accept-Encoding': acceptEncoding, Cookie: cookie } },
				(response) => {
					response.pause()
					void (async () => {
						await sleep(500)
						const chunks: Buffer[] = []
						let sinceRest = 0
						for await (const chunk of response as AsyncIterable<Buffer>) {
							chunks.push(chunk)
							sinceRest += chunk.length
							if (sinceRest >= 1024 * 1024) {
								sinceRest = 0
								await sleep(100)
							}
						}
						resolve({
							status: response.statusCode ?? 0,
							encoding: response.headers['content-encoding'],
							body: Buffer.concat(chunks),
						})
					})().catch(reject)
				},
			)
			request.on('error', reject)
		},
	)
}

test('a large file read slowly arrives whole, compressed or not', async () => {
	// The app writes an answer a burst at a time and waits while the socket (or the compression)
	// is full (decision 073); a file of several megabytes read slowly must arrive byte for byte.
	const tutor = await registerUser('tutor', 'slow-file-tutor')
	const student = await registerUser('student', 'slow-file-student')
	const { course } = await tutor.api.ok('POST', '/courses/create-course', {
		title: 'Slow reader course',
		description: 'A course with one large worksheet',
		category: 'Science',
		level: 'Beginner',
		price: { amount: 0, currency: 'USD' },
		isPublished: true,
	})
	await student.api.ok('POST', '/payments/checkout', { courseId: course.id })
	// Text that compresses to about three quarters: the compressed answer is megabytes too.
	const text = randomBytes(4_500_000).toString('base64')
	const form = new FormData()
	for (const [name, value] of Object.entries({
		courseId: course.id,
		title: 'Large worksheet',
		taskType: 'homework',
		dueDate: '2030-01-01T10:00:00.000Z',
	}))
		form.append(name, value)
	form.append('attachment', new Blob([text], { type: 'text/plain' }), 'large.txt')
	const { task } = await tutor.api.ok('POST', '/tasks/create-task', form)
	const client = await logInApp('student', student.email)
	const path = `/studentdashboard/task-details/file?taskId=${task.id}`
	const plain = await slowGet(path, 'identity', client.cookieHeader())
	expect(plain.status).toBe(200)
	expect(plain.encoding).toBeUndefined()
	expect(plain.body.toString('utf8') === text).toBe(true)
	const packed = await slowGet(path, 'gzip', client.cookieHeader())
	expect(packed.status).toBe(200)
	expect(packed.encoding).toBe('gzip')
	expect(zlib.gunzipSync(packed.body).toString('utf8') === text).toBe(true)
})

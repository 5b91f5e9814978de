import { describe, expect, test } from 'vitest'
import { apiForFile, call, imageForm, login, PNG_BYTES, registerStudent } from './helpers.ts'

const api = apiForFile()

const upload = (path: string, token: string | undefined, body: BodyInit) =>
	call(api, 'POST', path, { token, body })

const STUDENT_UPLOAD = '/auth/upload-student-profile-picture'
const TEACHER_UPLOAD = '/auth/upload-tutor-profile-picture'

/** A file of `size` bytes that starts like the given image type. */
const sized = (signature: Uint8Array, size: number) => {
	const bytes = new Uint8Array(size)
	bytes.set(signature)
	return bytes
}

describe('profile picture upload', () => {
	test('a student uploads a PNG and the file is served back', async () => {
		const { token, user } = await registerStudent(api)
		const answer = await upload(
			STUDENT_UPLOAD,
			token,
			imageForm('profilePicture', PNG_BYTES, 'image/png'),
		)
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({
			message: 'Profile picture updated',
			profilePicture: expect.stringMatching(/^\/files\/[0-9a-f-]{36}\.png$/),
			user: expect.objectContaining({ id: user.id, profilePicture: answer.body.profilePicture }),
		})

		const file = await fetch(`${api.baseUrl}${answer.body.profilePicture}`)
		expect(file.status).toBe(200)
		expect(file.headers.get('content-type')).toBe('image/png')
		expect(file.headers.get('x-content-type-options')).toBe('nosniff')
		expect(file.headers.get('cache-control')).toContain('max-age=31536000')
		expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_BYTES)

		const profile = await call(api, 'GET', `/users/student-profile/${user.id}`, { token })
		expect(profile.body.studentProfile.profilePicture).toBe(answer.body.profilePicture)
	})

	test('a new picture replaces the old one, whose file is removed', async () => {
		const { token } = await registerStudent(api)
		const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')
		const first = await upload(
			STUDENT_UPLOAD,
			token,
			imageForm('profilePicture', PNG_BYTES, 'image/png'),
		)
		const second = await upload(
			STUDENT_UPLOAD,
			token,
			imageForm('profilePicture', gif, 'image/gif', 'a.gif'),
		)
		expect(second.body.profilePicture).toMatch(/\.gif$/)
		expect((await fetch(`${api.baseUrl}${first.body.profilePicture}`)).status).toBe(404)
		const served = await fetch(`${api.baseUrl}${second.body.profilePicture}`)
		expect(served.headers.get('content-type')).toBe('image/gif')
	})

	test('each role uploads on its own call only', async () => {
		const { token: tutorToken } = await login(api, 'teacher@example.com')
		const teacher = await upload(
			TEACHER_UPLOAD,
			tutorToken,
			imageForm('profilePicture', PNG_BYTES, 'image/png'),
		)
		expect(teacher.status).toBe(200)
		expect(teacher.body.user.role).toBe('tutor')
		const wrongRole = await upload(
			STUDENT_UPLOAD,
			tutorToken,
			imageForm('profilePicture', PNG_BYTES, 'image/png'),
		)
		expect(wrongRole.status).toBe(403)
		const anonymous = await upload(
			TEACHER_UPLOAD,
			undefined,
			imageForm('profilePicture', PNG_BYTES, 'image/png'),
		)
		expect(anonymous.status).toBe(403)
	})

	test('a file that is not a PNG, JPEG, WebP or GIF, by type or by bytes, answers 400', async () => {
		const { token } = await registerStudent(api)
		const forms = [
			imageForm(
				'profilePicture',
				new TextEncoder().encode('<svg></svg>'),
				'image/svg+xml',
				'a.svg',
			),
			imageForm('profilePicture', new TextEncoder().encode('just text'), 'image/png'),
			imageForm('profilePicture', PNG_BYTES, 'image/gif', 'a.gif'),
			imageForm('profilePicture', PNG_BYTES, 'application/octet-stream', 'a.bin'),
		]
		for (const form of forms) {
			const answer = await upload(STUDENT_UPLOAD, token, form)
			expect(answer.status).toBe(400)
			expect(answer.body).toEqual({
				message: 'Validation failed',
				code: 'validation_failed',
				errors: [{ path: 'profilePicture', msg: 'Use a PNG, JPEG, WebP or GIF image' }],
			})
		}
	})

	test('JPEG and WebP are accepted by their bytes', async () => {
		const { token } = await registerStudent(api)
		const jpeg = sized(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), 64)
		const webp = sized(new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 '), 64)
		const asJpeg = await upload(
			STUDENT_UPLOAD,
			token,
			imageForm('profilePicture', jpeg, 'image/jpeg', 'a.jpg'),
		)
		expect(asJpeg.body.profilePicture).toMatch(/\.jpg$/)
		const asWebp = await upload(
			STUDENT_UPLOAD,
			token,
			imageForm('profilePicture', webp, 'image/webp', 'a.webp'),
		)
		expect(asWebp.body.profilePicture).toMatch(/\.webp$/)
	})

	test('no file, an empty file input or a JSON body answers 400', async () => {
		const { token } = await registerStudent(api)
		const missing = [{ path: 'profilePicture', msg: 'Choose an image to upload' }]
		const noFile = new FormData()
		noFile.append('other', 'value')
		const emptyInput = new FormData()
		emptyInput.append('profilePicture', new Blob([]), '')
		for (const body of [noFile, emptyInput]) {
			const answer = await upload(STUDENT_UPLOAD, token, body)
			expect(answer.status).toBe(400)
			expect(answer.body.errors).toEqual(missing)
		}
		const json = await call(api, 'POST', STUDENT_UPLOAD, { token, json: { profilePicture: 'x' } })
		expect(json.status).toBe(400)
		expect(json.body.errors).toEqual(missing)
	})

	test('an image over 2 MB answers 413, just over or far over', async () => {
		const { token } = await registerStudent(api)
		for (const size of [2 * 1024 * 1024 + 1, 5 * 1024 * 1024]) {
			const answer = await upload(
				STUDENT_UPLOAD,
				token,
				imageForm('profilePicture', sized(PNG_BYTES, size), 'image/png'),
			)
			expect(answer.status).toBe(413)
			expect(answer.body).toEqual({
				message: 'File is too large (max 2 MB)',
				code: 'file_too_large',
			})
		}
		const exactly = await upload(
			STUDENT_UPLOAD,
			token,
			imageForm('profilePicture', sized(PNG_BYTES, 2 * 1024 * 1024), 'image/png'),
		)
		expect(exactly.status).toBe(200)
	})
})

describe('GET /files/{key}', () => {
	test('unknown keys and keys reaching outside the uploads answer 404', async () => {
		for (const key of [
			'00000000-0000-4000-8000-000000000000.png',
			'..%2Fjwt-secret',
			'a.png.content-type',
		]) {
			const answer = await call(api, 'GET', `/files/${key}`)
			expect(answer.status).toBe(404)
			expect(answer.body).toEqual({ message: 'File not found', code: 'not_found' })
		}
		for (const path of ['/files/a/b.png', '/files/%2E%2E']) {
			expect((await call(api, 'GET', path)).status).toBe(404)
		}
	})

	test('a file is streamed with its length; HEAD answers the headers alone', async () => {
		const { token } = await registerStudent(api)
		const uploaded = await upload(
			STUDENT_UPLOAD,
			token,
			imageForm('profilePicture', PNG_BYTES, 'image/png'),
		)
		const path = `${api.baseUrl}${uploaded.body.profilePicture}`
		const head = await fetch(path, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(head.headers.get('content-type')).toBe('image/png')
		expect(head.headers.get('content-length')).toBe(String(PNG_BYTES.byteLength))
		expect((await head.arrayBuffer()).byteLength).toBe(0)
		// The file is still there, whole, after the HEAD let go of it.
		const get = await fetch(path)
		expect(new Uint8Array(await get.arrayBuffer())).toEqual(PNG_BYTES)
	})
})

import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	call,
	imageForm,
	organizationLogin,
	PNG_BYTES,
	startApi,
	uniqueEmail,
	type TestApi,
} from './helpers.ts'

let api: TestApi
beforeAll(async () => {
	api = await startApi()
})
afterAll(() => api.close())

const organizationForm = (fields: Record<string, string> = {}, form = new FormData()) => {
	const values = {
		name: 'Northwind Academy',
		email: uniqueEmail('org'),
		password: 'Password123',
		type: 'school',
		country: 'US',
		...fields,
	}
	for (const [key, value] of Object.entries(values)) form.append(key, value)
	return form
}

const register = (body: BodyInit) => call(api, 'POST', '/organizations/register', { body })

describe('POST /organizations/register', () => {
	test('registers without a logo; the organization then signs in', async () => {
		const email = uniqueEmail('org')
		const answer = await register(
			organizationForm({
				email: email.toUpperCase(),
				phone: '+1 555 0199',
				website: 'https://northwind.example',
				description: 'A school',
				address: '',
			}),
		)
		expect(answer.status).toBe(201)
		expect(answer.body).toEqual({
			message: 'Organization created successfully!',
			id: answer.body.organization.id,
			organization: {
				id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				role: 'organization',
				email,
				name: 'Northwind Academy',
				type: 'school',
				country: 'US',
				phone: '+1 555 0199',
				address: null,
				website: 'https://northwind.example',
				description: 'A school',
				logo: null,
				createdAt: expect.any(String),
			},
		})
		const session = await organizationLogin(api, email, 'Password123')
		expect(session.user.id).toBe(answer.body.id)
	})

	test('registers with a logo, which is served back', async () => {
		const form = organizationForm({}, imageForm('logo', PNG_BYTES, 'image/png', 'logo.png'))
		const answer = await register(form)
		expect(answer.status).toBe(201)
		expect(answer.body.organization.logo).toMatch(/^\/files\/[0-9a-f-]{36}\.png$/)
		const logo = await fetch(`${api.baseUrl}${answer.body.organization.logo}`)
		expect(logo.headers.get('content-type')).toBe('image/png')
		expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG_BYTES)
	})

	test('an empty logo input, as browsers send it, counts as no logo', async () => {
		const boundary = 'browser-boundary'
		const fields = {
			name: 'Empty Logo',
			email: uniqueEmail('org'),
			password: 'Password123',
			type: 'other',
			country: 'FR',
		}
		const parts = Object.entries(fields).map(
			([key, value]) =>
				`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
		)
		parts.push(
			`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`,
		)
		const answer = await call(api, 'POST', '/organizations/register', {
			body: parts.join(''),
			headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
		})
		expect(answer.status).toBe(201)
		expect(answer.body.organization.logo).toBeNull()
	})

	test('a taken email answers 409 in the error field', async () => {
		const email = uniqueEmail('org')
		expect((await register(organizationForm({ email }))).status).toBe(201)
		const again = await register(organizationForm({ email }))
		expect(again.status).toBe(409)
		expect(again.body).toEqual({ error: 'An organization with this email already exists' })
	})

	test('bad fields answer 400 in the error field with a path per problem', async () => {
		const answer = await register(
			organizationForm({
				name: ' ',
				type: 'club',
				website: 'javascript:alert(1)',
				password: 'short',
			}),
		)
		expect(answer.status).toBe(400)
		expect(answer.body).toEqual({
			error: 'Validation failed',
			errors: [
				{ path: 'name', msg: 'Name is required' },
				{ path: 'password', msg: 'Password must be at least 8 characters' },
				{
					path: 'type',
					msg: 'Type must be one of school, tutoring_center, university, company, other',
				},
				{ path: 'website', msg: 'Enter a website address starting with http:// or https://' },
			],
		})
		const json = await call(api, 'POST', '/organizations/register', { json: { name: 'x' } })
		expect(json.status).toBe(400)
		expect(json.body.errors.map((error: { path: string }) => error.path)).toEqual([
			'name',
			'email',
			'password',
			'type',
			'country',
		])
	})

	test('a logo of the wrong type answers 400, one too large 413, both in the error field', async () => {
		const wrongType = await register(
			organizationForm(
				{},
				imageForm('logo', new TextEncoder().encode('%PDF-1.7'), 'application/pdf', 'a.pdf'),
			),
		)
		expect(wrongType.status).toBe(400)
		expect(wrongType.body).toEqual({
			error: 'Validation failed',
			errors: [{ path: 'logo', msg: 'Use a PNG, JPEG, WebP or GIF image' }],
		})
		const big = new Uint8Array(2 * 1024 * 1024 + 10)
		big.set(PNG_BYTES)
		const tooLarge = await register(organizationForm({}, imageForm('logo', big, 'image/png')))
		expect(tooLarge.status).toBe(413)
		expect(tooLarge.body).toEqual({ error: 'File is too large (max 2 MB)' })
		const farTooLarge = await register(
			organizationForm({}, imageForm('logo', new Uint8Array(4 * 1024 * 1024), 'image/png')),
		)
		expect(farTooLarge.status).toBe(413)
		expect(farTooLarge.body).toEqual({ error: 'File is too large (max 2 MB)' })
	})
})

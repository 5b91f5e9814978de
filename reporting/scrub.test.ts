import { describe, expect, it } from 'vitest'
import { FILTERED, scrubEvent, scrubString } from './scrub.ts'

const jwt =
	'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJzaWQiOiJhYmMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWc'
const jwe = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..aXZpdml2aXZpdg.Y2lwaGVydGV4dA.dGFndGFndGFn'
const refreshToken = 'q8Vb3yF2kR9xN1mT7wL4pZ6sD0hJ5cG8aE2uY9oI3nB'

describe('scrubString', () => {
	it('masks JWTs, JWEs, 32-byte tokens and credentials in URLs', () => {
		expect(scrubString(`Bearer ${jwt}`)).toBe(`Bearer ${FILTERED}`)
		expect(scrubString(`__session=${jwe}; theme=dark`)).toBe(`__session=${FILTERED}; theme=dark`)
		expect(scrubString(`refresh ${refreshToken} failed`)).toBe(`refresh ${FILTERED} failed`)
		expect(scrubString('/api/v1/rooms/1/socket?ticket=abc123&x=1')).toBe(
			`/api/v1/rooms/1/socket?ticket=${FILTERED}&x=1`,
		)
	})

	it('masks the user and password of connection URLs, keeping scheme and host', () => {
		expect(scrubString('connect to postgres://tutor:s3cret-pw@db.internal:5432/app failed')).toBe(
			`connect to postgres://${FILTERED}@db.internal:5432/app failed`,
		)
		expect(scrubString('SMTP_URL=smtps://mailer%40x.org:p%23ss@smtp.example.org:465')).toBe(
			`SMTP_URL=smtps://${FILTERED}@smtp.example.org:465`,
		)
		expect(scrubString('Redis redis://:hunter2@cache:6379/0 refused')).toBe(
			`Redis redis://${FILTERED}@cache:6379/0 refused`,
		)
		expect(scrubString('"url":"https://user:pw@example.org/x"')).toBe(
			`"url":"https://${FILTERED}@example.org/x"`,
		)
	})

	it('masks Stripe secret and webhook keys, and AWS access key ids and secret keys', () => {
		const stripe = `sk_live_${'51HqLyjWDarjtT1zdp7dc'}abcDEF`
		expect(scrubString(`Invalid API Key provided: ${stripe}`)).toBe(
			`Invalid API Key provided: ${FILTERED}`,
		)
		expect(scrubString('key rk_test_4eC39HqLyjWDarjtT1zdp7dc and whsec_abc123DEF456ghi')).toBe(
			`key ${FILTERED} and ${FILTERED}`,
		)
		expect(
			scrubString('id AKIAIOSFODNN7EXAMPLE secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY.'),
		).toBe(`id ${FILTERED} secret ${FILTERED}.`)
	})

	it('leaves a commit id, a publishable key and a long path alone', () => {
		const text =
			'release 305f9b1cab8384e8ea26528c6051ce754a5698db pk_live_51HqLyjWDarjtT1zdp7dc /work/Projects/TutorHub/app/platform/upstreamserver.ts'
		expect(scrubString(text)).toBe(text)
	})

	it('leaves ids, paths and prose alone', () => {
		const text =
			'GET /teachersdashboard/courses/edit/3f2b8c1e-9d4a-4f6b-8e2a-1c5d7e9f0a1b failed: Cannot read properties'
		expect(scrubString(text)).toBe(text)
	})
})

describe('scrubEvent', () => {
	it('drops cookies and Authorization, blanks secret-named fields, keeps the user', () => {
		const event = scrubEvent({
			event_id: '0123456789abcdef0123456789abcdef',
			user: { id: 'user-1', email: 'teacher@example.com' },
			request: {
				url: 'http://localhost:3000/teachersdashboard',
				cookies: { __session: jwe },
				headers: {
					Cookie: `__session=${jwe}`,
					Authorization: `Bearer ${jwt}`,
					'User-Agent': 'Chromium',
				},
				data: { email: 'teacher@example.com', password: 'Lantern-Harbour-42' },
			},
			breadcrumbs: [{ message: `fetch ${jwt}`, data: { refreshToken } }],
			exception: { values: [{ type: 'Error', value: `token ${refreshToken} was refused` }] },
		})
		expect(event.user).toEqual({ id: 'user-1', email: 'teacher@example.com' })
		expect(event.event_id).toBe('0123456789abcdef0123456789abcdef')
		expect(event.request).toEqual({
			url: 'http://localhost:3000/teachersdashboard',
			headers: { 'User-Agent': 'Chromium' },
			data: { email: 'teacher@example.com', password: FILTERED },
		})
		expect(event.breadcrumbs).toEqual([
			{ message: `fetch ${FILTERED}`, data: { refreshToken: FILTERED } },
		])
		expect(event.exception.values[0]?.value).toBe(`token ${FILTERED} was refused`)
		expect(JSON.stringify(event)).not.toMatch(/eyJ|q8Vb3y/)
	})
})

import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { apiText } from './api-text.server'
import { accountLocaleMiddleware } from './i18n.server'
import { errorFromReply } from './upstream-answers.server'

/** Runs `fn` inside a request whose person reads `locale`, as the root middleware does. */
async function inRequestOf<T>(locale: 'en' | 'es' | 'ar', fn: () => T): Promise<T> {
	let result: T | undefined
	await accountLocaleMiddleware(() => locale)(
		{
			request: new Request('http://app.test/'),
			context: new RouterContextProvider(),
			params: {},
			unstable_pattern: '/',
		} as unknown as Parameters<ReturnType<typeof accountLocaleMiddleware>>[0],
		async () => {
			result = fn()
			return new Response('')
		},
	)
	return result as T
}

test("the API's 404 is shown in the reader's language, found by its English text", async () => {
	expect(await inRequestOf('es', () => apiText('Course not found'))).toBe('No se encontró el curso')
	expect(await inRequestOf('ar', () => apiText('Course not found'))).toBe('الدورة غير موجودة')
	expect(await inRequestOf('en', () => apiText('Course not found'))).toBe('Course not found')
	// A text the catalog does not hold (a name, a new message) stays as it is.
	expect(await inRequestOf('es', () => apiText('Geometry Basics'))).toBe('Geometry Basics')
})

test("an upstream 404's toast and stored error, and a field error, speak Spanish", async () => {
	const error = await inRequestOf('es', () =>
		errorFromReply(
			{ status: 404, ok: false, text: JSON.stringify({ message: 'Course not found' }) },
			{ fallback: 'x' },
		),
	)
	expect(error.text).toBe('No se encontró el curso')
	expect(error.toast.description).toBe('No se encontró el curso')

	const invalid = await inRequestOf('es', () =>
		errorFromReply(
			{
				status: 400,
				ok: false,
				text: JSON.stringify({
					message: 'Validation failed',
					errors: [{ path: 'picture', msg: 'Use a PNG, JPEG, WebP or GIF image' }],
				}),
			},
			{ fallback: 'x' },
		),
	)
	expect(invalid.fieldErrors).toEqual([
		{ path: 'picture', msg: 'Usa una imagen PNG, JPEG, WebP o GIF' },
	])
})

import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { documentMessages, pageMessages, visitorLocaleMiddleware } from './i18n.server'

/**
 * What the root loader gives a request, run inside the root's language middleware as React Router
 * runs it: the page's messages, and what it kept for the document's data script (decision 075).
 */
async function rootLoaderOf(url: string) {
	const context = new RouterContextProvider()
	let loaded: ReturnType<typeof pageMessages> | undefined
	await visitorLocaleMiddleware(
		{
			request: new Request(url, { headers: { 'Accept-Language': 'es-ES,es;q=0.9' } }),
			context,
			params: {},
			unstable_pattern: '/',
		} as unknown as Parameters<typeof visitorLocaleMiddleware>[0],
		async () => {
			loaded = pageMessages(context, '/')
			return new Response('')
		},
	)
	return { loaded, kept: documentMessages(context) }
}

test("a document's loader data carries no messages: the page writes them once, in a data script", async () => {
	const { loaded, kept } = await rootLoaderOf('http://app.test/?page=2')
	expect(loaded).toBeNull()
	expect(kept?.page.locale).toBe('es')
	const messages = JSON.parse(kept!.page.messages) as Record<string, unknown>
	expect(Object.keys(messages).length).toBeGreaterThan(100)
	// Written as it may stand in a script element: no `<` (messages with tags have them), and the
	// same messages when read back.
	expect(kept!.page.messages).toContain('<0>')
	expect(kept!.script).not.toContain('<')
	expect(JSON.parse(kept!.script)).toEqual(messages)
})

test("a page's data (a client-side navigation) carries its messages, as before", async () => {
	for (const url of ['http://app.test/courses.data', 'http://app.test/_.data?_routes=root']) {
		const { loaded, kept } = await rootLoaderOf(url)
		expect(loaded?.locale).toBe('es')
		expect(JSON.parse(loaded!.messages)).toEqual(
			JSON.parse((await rootLoaderOf('http://app.test/')).kept!.page.messages),
		)
		expect(kept).toBeNull()
	}
})

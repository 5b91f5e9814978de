import { parseWithZod } from '@conform-to/zod/v4'
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { LIST_ITEMS_LIMIT, readForm, upstreamErrorReply } from './form.server'
import { UpstreamError } from './upstream-errors'

const refused = new UpstreamError({
	kind: 'validation',
	status: 400,
	text: 'Validation failed',
	toast: { type: 'error', title: 'Validation failed', duration: 4000 },
	fieldErrors: [
		{ path: 'title', msg: 'Title is taken' },
		{ path: 'items.1.name', msg: 'Name is required' },
	],
})

const submission = () => {
	const form = new FormData()
	form.set('title', 'Fractions')
	return parseWithZod(form, { schema: z.object({ title: z.string() }) })
}

test('upstream field errors are listed on the form and attached to the field of the same path', () => {
	const { result, status } = upstreamErrorReply(new RouterContextProvider(), submission(), refused)
	expect(status).toBe(400)
	expect(result.error).toEqual({
		'': ['title: Title is taken', 'items.1.name: Name is required'],
		title: ['Title is taken'],
		'items.1.name': ['Name is required'],
	})
})

test('a form that names its fields otherwise says which field each path is, or none', () => {
	const { result } = upstreamErrorReply(
		new RouterContextProvider(),
		submission(),
		refused,
		[],
		(path) => (path.startsWith('items.1') ? 'rows[1]' : undefined),
	)
	expect(result.error).toEqual({
		'': ['title: Title is taken', 'items.1.name: Name is required'],
		'rows[1]': ['Name is required'],
	})
})

test('anything but an upstream failure is not an answer', () => {
	const bug = new Error('bug')
	expect(() => upstreamErrorReply(new RouterContextProvider(), submission(), bug)).toThrow(bug)
})

const post = (entries: [string, string][]) => {
	const form = new URLSearchParams(entries)
	return new Request('http://app.test/form', { method: 'POST', body: form })
}

/** What readForm throws, as a status (it throws React Router's data() answer). */
const refusal = (promise: Promise<unknown>) =>
	promise.then(
		() => null,
		(thrown: { init?: { status?: number } | null }) => thrown.init?.status,
	)

test('a form of lists as long as real ones is read', async () => {
	const entries: [string, string][] = []
	for (let row = 0; row < 100; row += 1)
		for (let col = 0; col < 12; col += 1) entries.push([`scores[${row}][${col}]`, '1'])
	const form = await readForm(post(entries))
	expect(form.get('scores[99][11]')).toBe('1')
})

test('a form naming an absurdly long list is refused as too large before conform makes it', async () => {
	expect(await refusal(readForm(post([['x[99999999]', '1']])))).toBe(413)
	expect(await refusal(readForm(post([['x[99999999999999999999].y', '1']])))).toBe(413)
	expect(await refusal(readForm(post([[`x[${LIST_ITEMS_LIMIT}]`, '1']])))).toBe(413)
	expect(await refusal(readForm(post([[`x[${LIST_ITEMS_LIMIT - 1}]`, '1']])))).toBeNull()
	// Many lists, each short enough, add up.
	const nested = Array.from({ length: 20 }, (_, row): [string, string] => [`x[${row}][9999]`, '1'])
	expect(await refusal(readForm(post(nested)))).toBe(413)
})

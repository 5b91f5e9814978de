import { parseWithZod } from '@conform-to/zod/v4'
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { z } from 'zod'
import {
	DEPTH_LIMIT,
	FIELDS_LIMIT,
	LIST_ITEMS_LIMIT,
	NAME_LIMIT,
	parseForm,
	readForm,
	upstreamErrorReply,
} from './form.server'
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

test('a form of more fields than any form has is refused before it is parsed, URL-encoded or multipart', async () => {
	const fields = (count: number) =>
		Array.from({ length: count }, (_, index): [string, string] => [`f${index}`, 'x'])
	expect(await refusal(readForm(post(fields(FIELDS_LIMIT))))).toBeNull()
	expect(await refusal(readForm(post(fields(FIELDS_LIMIT + 1))))).toBe(413)
	// The attack of issue 29: 150,000 fields without brackets, 0.8 MB.
	const flood = `${'a=1&'.repeat(150_000)}email=x`
	const request = new Request('http://app.test/login', {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: flood,
	})
	expect(await refusal(readForm(request))).toBe(413)
	const multipart = new FormData()
	for (const [name, value] of fields(FIELDS_LIMIT + 1)) multipart.append(name, value)
	expect(
		await refusal(
			readForm(new Request('http://app.test/form', { method: 'POST', body: multipart })),
		),
	).toBe(413)
})

test('a field name longer or deeper than any form’s is refused (conform’s parser would overflow its stack)', async () => {
	expect(await refusal(readForm(post([['a'.repeat(NAME_LIMIT), '1']])))).toBeNull()
	expect(await refusal(readForm(post([['a'.repeat(NAME_LIMIT + 1), '1']])))).toBe(413)
	const deep = (step: string, levels: number) => `a${step.repeat(levels)}`
	expect(await refusal(readForm(post([[deep('.a', DEPTH_LIMIT), '1']])))).toBeNull()
	expect(await refusal(readForm(post([[deep('.a', DEPTH_LIMIT + 1), '1']])))).toBe(413)
	expect(await refusal(readForm(post([[deep('[0]', DEPTH_LIMIT + 1), '1']])))).toBe(413)
	// Ten thousand levels: a 413, whatever the form's overall size.
	expect(await refusal(readForm(post([[deep('.a', 10_000), '1']])))).toBe(413)
	expect(await refusal(readForm(post([[deep('[0]', 10_000), '1']])))).toBe(413)
})

test('a form’s answer echoes only its own fields', async () => {
	const form = await readForm(
		post([
			['email', 'someone@example.com'],
			['password', ''],
			['junk', 'x'.repeat(1000)],
			['junk.deeper', 'y'],
			['__intent__', ''],
		]),
	)
	const schema = z.object({ email: z.string(), password: z.string().min(1) })
	const submission = parseForm(form, { schema })
	expect(submission.status).toBe('error')
	const reply = submission.reply()
	expect(reply.initialValue).toEqual({ email: 'someone@example.com' })
	expect(JSON.stringify(reply)).not.toContain('junk')
	// A union over `intent` keeps every option's fields.
	const union = z.discriminatedUnion('intent', [
		z.object({ intent: z.literal('a'), one: z.string() }),
		z.object({ intent: z.literal('b'), two: z.string() }),
	])
	const both = new FormData()
	for (const [name, value] of [
		['intent', 'b'],
		['two', '2'],
		['one', '1'],
		['other', 'x'],
	])
		both.append(name as string, value as string)
	expect(parseForm(both, { schema: union }).reply().initialValue).toEqual({
		intent: 'b',
		two: '2',
		one: '1',
	})
})

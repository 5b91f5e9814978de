import { parseWithZod } from '@conform-to/zod/v4'
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { upstreamErrorReply } from './form.server'
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

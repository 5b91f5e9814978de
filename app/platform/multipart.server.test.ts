import { expect, test } from 'vitest'
import { readFormWithin } from './multipart.server'

const formRequest = (form: FormData) =>
	new Request('http://app.test/upload', { method: 'POST', body: form })

test('a form within the limit is parsed with its files', async () => {
	const form = new FormData()
	form.set('comment', 'hello')
	form.set('file', new File(['abc'], 'work.txt', { type: 'text/plain' }))
	const result = await readFormWithin(formRequest(form), 10_000)
	expect(result.tooLarge).toBe(false)
	expect(result.formData.get('comment')).toBe('hello')
	const file = result.formData.get('file') as File
	expect(file.name).toBe('work.txt')
	expect(await file.text()).toBe('abc')
})

test('a body over the limit is read to the end but not parsed', async () => {
	const form = new FormData()
	form.set('file', new File([new Uint8Array(50_000)], 'big.pdf'))
	const request = formRequest(form)
	const result = await readFormWithin(request, 10_000)
	expect(result).toMatchObject({ tooLarge: true })
	expect([...result.formData.keys()]).toEqual([])
	expect(request.bodyUsed).toBe(true)
})

test('a declared length over the limit is refused before reading', async () => {
	const request = new Request('http://app.test/upload', {
		method: 'POST',
		body: 'x'.repeat(20),
		headers: { 'Content-Type': 'multipart/form-data; boundary=abc', 'Content-Length': '999999' },
	})
	expect((await readFormWithin(request, 100)).tooLarge).toBe(true)
})

test('a body that is not a form reads as an empty form', async () => {
	const request = new Request('http://app.test/upload', {
		method: 'POST',
		body: '--broken',
		headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' },
	})
	const result = await readFormWithin(request, 1000)
	expect(result.tooLarge).toBe(false)
	expect([...result.formData.keys()]).toEqual([])
})

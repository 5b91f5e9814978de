import { expect, test } from 'vitest'
import { filtersFrom, formatBytes, resourceUploadSchema } from './schema'

test('filters default to an empty search, subject All, type all and page 1', () => {
	expect(filtersFrom(new URL('http://x/library'))).toEqual({
		search: '',
		subject: 'All',
		type: 'all',
		page: 1,
	})
})

test('filters read the URL and refuse unknown types and bad pages', () => {
	expect(
		filtersFrom(new URL('http://x/library?search=%20algebra%20&subject=Maths&type=slides&page=3')),
	).toEqual({
		search: 'algebra',
		subject: 'Maths',
		type: 'slides',
		page: 3,
	})
	expect(filtersFrom(new URL('http://x/library?type=podcast&page=-2&subject='))).toMatchObject({
		type: 'all',
		page: 1,
		subject: 'All',
	})
})

const fields = { title: 'Notes', subject: 'Maths', resourceType: 'document' }

test('an upload needs a file or a link, not both', () => {
	const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' })
	expect(resourceUploadSchema.safeParse(fields).error?.issues[0]?.path).toEqual(['file'])
	expect(resourceUploadSchema.safeParse({ ...fields, file }).success).toBe(true)
	expect(
		resourceUploadSchema.safeParse({ ...fields, url: 'https://example.com/video' }).success,
	).toBe(true)
	expect(
		resourceUploadSchema.safeParse({ ...fields, file, url: 'https://example.com' }).error?.issues[0]
			?.path,
	).toEqual(['url'])
	expect(resourceUploadSchema.safeParse({ ...fields, url: 'javascript:alert(1)' }).success).toBe(
		false,
	)
})

test('file sizes read in B, KB and MB', () => {
	expect(formatBytes(512)).toBe('512 B')
	expect(formatBytes(2048)).toBe('2.0 KB')
	expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB')
})

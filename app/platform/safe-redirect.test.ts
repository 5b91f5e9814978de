import { expect, test } from 'vitest'
import { safeRedirect } from './safe-redirect'

test('keeps same-site paths with query and hash', () => {
	expect(safeRedirect('/teachersdashboard?tab=1#top', '/')).toBe('/teachersdashboard?tab=1#top')
})

test('refuses other sites and tricks', () => {
	for (const to of [
		'https://evil.example',
		'//evil.example',
		'/\\evil.example',
		'evil',
		'/a\\b',
		'/\tx',
		'',
	]) {
		expect(safeRedirect(to, '/home')).toBe('/home')
	}
})

test('refuses non-strings', () => {
	expect(safeRedirect(null, '/x')).toBe('/x')
	expect(safeRedirect(undefined, '/x')).toBe('/x')
})

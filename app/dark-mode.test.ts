import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

// Dark mode turns Tailwind's palette around (app/dark-mode.css), hue by hue: a colour class of a
// hue it does not list would stay light on a dark page.

const appDir = new URL('.', import.meta.url).pathname
const sources = (readdirSync(appDir, { recursive: true }) as string[])
	.filter(
		(file) => /\.(tsx?|css)$/.test(file) && !file.endsWith('.test.ts') && file !== 'dark-mode.css',
	)
	.map((file) => readFileSync(join(appDir, file), 'utf8'))
const darkMode = readFileSync(join(appDir, 'dark-mode.css'), 'utf8')

test('every hue the app colours with is turned around in dark mode', () => {
	const hues = new Set<string>()
	for (const source of sources)
		for (const [, hue] of source.matchAll(
			/\b(?:bg|text|border|ring|fill|stroke|from|to|via|divide|outline|decoration|accent|placeholder|shadow|caret)-([a-z]+)-(?:50|[1-9]00|950)\b/g,
		))
			hues.add(hue ?? '')
	expect(hues.size).toBeGreaterThan(3)
	const missing = [...hues].filter((hue) => !darkMode.includes(`--color-${hue}-500:`))
	expect(missing, 'hues with no dark-mode colours').toEqual([])
})

test('no page colours text or charts with a fixed colour that dark mode cannot turn around', () => {
	const fixed = sources.flatMap((source) =>
		[...source.matchAll(/\b(?:fill|stroke|color)="#[0-9a-f]{3,6}"/gi)].map((match) => match[0]),
	)
	expect(fixed).toEqual([])
})

import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Arabic pages read right to left (decision 063): spacing, insets and alignment are written with
 * logical classes (`ms-`, `pe-`, `start-`, `text-end`), which flip with `dir`, never with the
 * physical ones, which would stay on the English side.
 */
const PHYSICAL =
	/(?<=[\s"'`:])(-?(?:ml|mr|pl|pr|left|right|scroll-ml|scroll-mr|rounded-[lr]|rounded-[tb][lr]|border-[lr])-[\w./[\]%]+|text-(?:left|right)|float-(?:left|right)|rounded-[lr]|border-[lr])(?=[\s"'`])/g

function* sources(dir: string): Generator<string> {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name)
		if (entry.isDirectory()) yield* sources(path)
		else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path
	}
}

describe('layout in both directions', () => {
	it('uses no physical left/right class in the app', () => {
		const found: string[] = []
		for (const file of sources('app')) {
			for (const match of readFileSync(file, 'utf8').matchAll(PHYSICAL))
				found.push(`${file}: ${match[0]}`)
		}
		expect(found).toEqual([])
	})
})

// The index of decisions (README.md) lists every record once, under its own number, so a new record
// cannot be missed by a reader who starts from the index.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const folder = dirname(fileURLToPath(import.meta.url))

test('every decision is in the index once, with its number, date and status', () => {
	const records = readdirSync(folder)
		.filter((name) => /^\d{3}-.+\.md$/.test(name))
		.sort()
	const rows = readFileSync(`${folder}/README.md`, 'utf8')
		.split('\n')
		.filter((line) => /^\| \d{3} \|/.test(line))
		.map((line) => line.split(' | '))
	const listed = rows.map((cells) => /\]\((\d{3}-[^)]+\.md)\)/.exec(cells[1] ?? '')?.[1])
	expect(listed).toEqual(records)
	rows.forEach(([number = '', , date, status], index) => {
		expect(listed[index]?.slice(0, 3), `${number}: its link names its own record`).toBe(
			number.slice(2),
		)
		expect(date, `${number}: a date`).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		expect(status, `${number}: a status`).toMatch(/^(accepted|superseded)/)
	})
})

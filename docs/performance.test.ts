// docs/performance.md's latest results are what the bench's committed results files say: the bench
// writes them (bench/lib/performance-doc.mjs), so a hand edit, or a results file committed without
// the page, fails here. `node bench/lib/performance-doc.mjs` writes the page again.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import {
	DEPLOY_DOC,
	deployDoc,
	DOC,
	END,
	performanceDoc,
	renderResults,
	START,
} from '../bench/lib/performance-doc.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const scratch = mkdtempSync(join(os.tmpdir(), 'performance-doc-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('docs/performance.md', () => {
	test('its latest results are made from the committed results files', () => {
		const page = readFileSync(join(root, DOC), 'utf8')
		expect(page).toContain(START)
		expect(page).toContain(END)
		expect(page, 'run `node bench/lib/performance-doc.mjs`').toBe(performanceDoc(page, root))
	})

	test("docs/deploy.md's sizing table is made from the committed busiest hour", () => {
		const guide = readFileSync(join(root, DEPLOY_DOC), 'utf8')
		expect(guide, 'run `node bench/lib/performance-doc.mjs`').toBe(deployDoc(guide, root))
		expect(guide).toMatch(/\| 50,000 \| [\d,]+ \|/)
	})

	test('a figure changed in a results file changes the page', () => {
		mkdirSync(join(scratch, 'bench'), { recursive: true })
		for (const name of ['results.json', 'scale-results.json', 'roster-results.json'])
			cpSync(join(root, 'bench', name), join(scratch, 'bench', name))
		const file = join(scratch, 'bench/results.json')
		const results = JSON.parse(readFileSync(file, 'utf8'))
		const before = renderResults(scratch)
		results.targets[0] = { ...results.targets[0], value: 0.1, met: false }
		writeFileSync(file, JSON.stringify(results))
		const after = renderResults(scratch)
		expect(after).not.toBe(before)
		expect(after).toContain(
			`**${results.targets.length - 1} of ${results.targets.length} targets met**`,
		)
	})

	test("a new mode's results file with targets renders as a table of its own", () => {
		mkdirSync(join(scratch, 'bench'), { recursive: true })
		writeFileSync(
			join(scratch, 'bench/results-example.json'),
			JSON.stringify({
				date: '2026-11-29T01:00:00.000Z',
				targets: [
					{ name: 'dashboard p99 at 200 connections', value: 180, limit: '<= 250', met: true },
					{ name: 'errors | timeouts', value: 2, limit: '= 0', met: false },
				],
			}),
		)
		const made = renderResults(scratch)
		expect(made).toContain('### Mode of `results-example.json`')
		expect(made).toContain('Run 2026-11-29 01:00 UTC: **1 of 2 targets met**')
		expect(made).toContain('| dashboard p99 at 200 connections | 180 | <= 250 | yes |')
		expect(made).toContain('| errors \\| timeouts | 2 | = 0 | **no** |')
	})

	test("the busiest hour's file renders each shape's steps and the people it served", () => {
		mkdirSync(join(scratch, 'bench'), { recursive: true })
		const step = (users: number, p95Ms: number) => ({
			users,
			requestsPerSecond: users / 10,
			p50Ms: 20,
			p95Ms,
			p99Ms: 400,
			errors: 0,
			lostWrites: 0,
			cpuSecondsPerUserHour: { app: 12.5, api: 30, loadGenerator: 2 },
			memoryMiB: { app: 180, api: 250 },
			ramp: { newcomers: 100, p95Ms: 350, cpuSeconds: { app: 1, api: 4, loadGenerator: 9 } },
		})
		writeFileSync(
			join(scratch, 'bench/results-load.json'),
			JSON.stringify({
				date: '2026-11-29T02:30:00.000Z',
				model: { name: 'Monday 8:00', notPlayed: ['studentRoom'], activeAtPeak: { a: 2500 } },
				conditions: { scale: 1, students: 5000, stepSeconds: 40, signInsPerSecond: 20 },
				shapes: [
					{
						shape: 'pglite-1+1',
						served: 100,
						lostWrites: 0,
						acknowledgedWrites: { test: 40, submission: 2 },
						steps: [step(100, 250), step(200, 900)],
					},
					{ shape: 'postgres-redis-2+2', notRun: 'not started yet' },
					{
						shape: 'postgres-1+1',
						database: 'postgres',
						served: 100,
						lostWrites: 0,
						cpuSecondsPerUserHourAtServed: { app: 1.44, loadGenerator: 2 },
						steps: [step(100, 250)],
					},
				],
				targets: [{ name: 'pglite-1+1 served', value: 100, limit: '>= 1', met: true }],
			}),
		)
		const made = renderResults(scratch)
		expect(made).toContain('### The busiest hour (load model)')
		expect(made).toContain(
			'Model: Monday 8:00 (not played yet: studentRoom); school ×1 (5,000 pupils)',
		)
		expect(made).toContain(
			'**pglite-1+1**: 100 active people served; 0 of 42 acknowledged writes lost.',
		)
		expect(made).toContain(
			'| 200 | 20 | 20 | 900 | 400 | 0 | 0 | 12.5 | 30 | – | – | 2 | 180 | 250 | – | 350 | 0.05 | – |',
		)
		// A header for every column of the rows.
		expect(made).toContain(
			'| people | requests/s | p50 | p95 | p99 | errors | lost | CPU app | CPU API | CPU PG | CPU Redis | CPU generator | MiB app | MiB API | MiB PG | ramp p95 | CPU s per newcomer | load average |',
		)
		// The sizing derived from the PostgreSQL shape: 2,500 people × 1.44 s ÷ 3,600 s = 1 busy
		// core, 1.7 at 60 % busy, two app processes of 180 MiB.
		expect(made).toContain('| 5,000 | 2,500 | 1.7 cores in 2 processes, 360 MiB |')
		expect(made).toContain('**postgres-redis-2+2**: not run (not started yet).')
	})
})

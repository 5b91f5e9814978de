import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { serveMetrics } from '../src/platform/metrics.ts'
import { call, startApi, type TestApi } from './helpers.ts'
import { newMember, newOrganization } from './org-helpers.ts'

// Issue 28: the statements a call runs stay the same as the data grows (no query per row). The
// API counts them on /metrics (api_db_statements_total), as the bench reads them around each page.

let api: TestApi
let metrics: Awaited<ReturnType<typeof serveMetrics>>
beforeAll(async () => {
	api = await startApi()
	metrics = await serveMetrics(api.db, 0, '127.0.0.1')
})
afterAll(async () => {
	metrics.close()
	await api.close()
})

async function statementsSoFar() {
	const url = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`
	const text = await (await fetch(url)).text()
	return Number(/^api_db_statements_total (\d+)$/m.exec(text)?.[1])
}

/** The statements one call runs: the fewest of three tries (a background job may add some). */
async function statementsOf(path: string, token: string) {
	const counts: number[] = []
	for (let attempt = 0; attempt < 3; attempt++) {
		const before = await statementsSoFar()
		const answer = await call(api, 'GET', path, { token })
		expect(answer.status).toBe(200)
		// Each reading's own query (the mail queue's gauge) counts in the next one.
		counts.push((await statementsSoFar()) - before - 1)
	}
	return Math.min(...counts)
}

async function school(students: number) {
	const org = await newOrganization(api)
	const ids: string[] = []
	for (let n = 0; n < students; n++) {
		ids.push((await newMember(api, org.token, 'student', { lastName: `N${n}` })).id)
	}
	for (const term of ['T1', 'T2']) {
		const saved = await call(api, 'PUT', `/organizations/${org.id}/scores`, {
			token: org.token,
			json: {
				term,
				scores: ids.flatMap((studentId, n) =>
					['Art', 'Maths', 'Science'].map((subject, j) => ({
						studentId,
						subject,
						score: (n * 7 + j * 13) % 100,
					})),
				),
			},
		})
		expect(saved.status).toBe(200)
	}
	return org
}

test('the organization’s score calls run as many statements for 30 students as for 2', async () => {
	const [small, large] = [await school(2), await school(30)]
	expect(await statementsSoFar()).toBeGreaterThan(0)
	for (const path of [
		'/analytics',
		'/result-cards?page=1&limit=10',
		'/result-cards?term=T1&page=2&limit=10',
		'/scores?page=1&limit=20',
	]) {
		const few = await statementsOf(`/organizations/${small.id}${path}`, small.token)
		const many = await statementsOf(`/organizations/${large.id}${path}`, large.token)
		expect({ path, statements: many }).toEqual({ path, statements: few })
		expect(few).toBeGreaterThan(0)
	}
}, 120_000)

import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'

// Decision 060: a call lives in the folder of api/src its URL names (its tag in the document is
// that folder), or its pair of folder and URL is listed here with the reason. The document is
// api/openapi.json, which api/test/openapi.test.ts keeps equal to what the API serves.

/** `<folder> /<first segment of the URL>`: why the call lives elsewhere than its URL says. */
const ELSEWHERE: Record<string, string> = {
	'departments /organizations': "an organization's own area, under its path",
	'scores /organizations':
		"an organization's own area (scores, result cards, analytics), under its path",
	'roster /organizations': "an organization's own area, under its path",
	'exports /organizations':
		"a big term's files in the background (decision 046), under the organization's path",
	'exports /tasks': "a task's submissions as CSV: exports/ streams every CSV file the API makes",
	'exports /courses': "a course's class list as CSV: exports/ streams every CSV file the API makes",
	'qa /templates': "the spec's path for deleting a quiz template; the templates are qa's",
	'quizzes /test':
		"the spec's /test paths for taking a quiz; the code and the app call them quizzes",
	'schedules /schedule':
		"the spec's /schedule paths (the list and its changes), beside /schedules/{id}",
}

type Document = { paths: Record<string, Record<string, { tags: string[] }>> }
const document: Document = JSON.parse(
	await readFile(new URL('../openapi.json', import.meta.url), 'utf8'),
)
const calls = Object.entries(document.paths).flatMap(([path, item]) =>
	Object.entries(item).map(([method, operation]) => ({
		call: `${method.toUpperCase()} ${path}`,
		pair: `${operation.tags[0]} /${path.split('/')[3]}`,
		named: operation.tags[0] === path.split('/')[3],
	})),
)

test('every call lives in the folder its URL names, or is listed with the reason', () => {
	expect(calls.length).toBeGreaterThan(150)
	const unlisted = calls.filter((one) => !one.named && !ELSEWHERE[one.pair])
	expect(unlisted.map((one) => `${one.call} lives in ${one.pair.split(' ')[0]}/`)).toEqual([])
})

test('every listed pair is still needed', () => {
	const pairs = new Set(calls.filter((one) => !one.named).map((one) => one.pair))
	expect(Object.keys(ELSEWHERE).filter((pair) => !pairs.has(pair))).toEqual([])
})

import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { expect, test } from 'vitest'
import { domainOrder } from '../eslint.config.js'

// The project's own ESLint config on small files placed where the rule applies: a broken layer, a
// domain importing one after it, a page under an area guarding again (decisions 028 and 045).

const eslint = new ESLint()

async function refusals(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath })
	return (result?.messages ?? [])
		.filter((message) => message.ruleId === 'no-restricted-imports')
		.map((message) => message.message)
}

test('a domain may not import a domain after it, and may import one before it', async () => {
	const [refusal, ...rest] = await refusals(
		'app/features/users/example.server.ts',
		"import { listCourses } from '~/features/courses/api.server'\nexport const x = listCourses",
	)
	expect(refusal).toContain('features/users may not import features/courses')
	expect(rest).toEqual([])
	expect(
		await refusals(
			'app/features/courses/example.ts',
			"import { userSchema } from '~/features/users/schema'\nexport const x = userSchema",
		),
	).toEqual([])
	// A relative import names the same domain.
	const [relative] = await refusals(
		'app/features/account/example.tsx',
		"import { userSchema } from '../users/schema'\nexport const x = userSchema",
	)
	expect(relative).toContain('features/account may not import features/users')
})

test('every folder of app/features has its place in the order', () => {
	const folders = readdirSync(new URL('./features', import.meta.url), { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
	expect([...domainOrder].sort()).toEqual(folders.sort())
})

test("an area's pages and the features do not guard again; public pages still do", async () => {
	const guard =
		"import { requireRole } from '~/platform/request.server'\nexport const x = requireRole"
	for (const file of [
		'app/routes/student/example.tsx',
		'app/routes/teacher/example.tsx',
		'app/routes/organization/example.tsx',
		'app/routes/conference/example.tsx',
		'app/features/tasks/example.server.ts',
	]) {
		const [refusal] = await refusals(file, guard)
		expect(refusal, file).toContain("The area's layout guards its pages (areaGuard middleware)")
	}
	expect(await refusals('app/routes/public/example.tsx', guard)).toEqual([])
	expect(await refusals('app/routes/account/example.tsx', guard)).toEqual([])
})

test('the layers stay kept beside the new rules', async () => {
	const [platform] = await refusals(
		'app/platform/example.server.ts',
		"import { listCourses } from '~/features/courses/api.server'\nexport const x = listCourses",
	)
	expect(platform).toContain('platform may not import from features')
	const [api] = await refusals(
		'app/features/courses/example.server.ts',
		"import { x } from '../../../api/server'\nexport const y = x",
	)
	expect(api).toContain('The app reaches the API over HTTP only')
	const [forms] = await refusals(
		'app/features/courses/example.server.ts',
		"import { parseWithZod } from '@conform-to/zod/v4'\nexport const y = parseWithZod",
	)
	expect(forms).toContain('Parse posted forms with parseForm')
})

// contract/ (decision 048): the rules both programs state, written once and imported by both.
async function contractRefusals(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath })
	return (result?.messages ?? []).map((message) => message.message)
}

test('contract/ imports only zod and its own modules, and touches no I/O', async () => {
	const PURE = 'contract/ imports only zod and its own modules'
	for (const source of [
		'../app/platform/dates',
		'~/platform/dates',
		'../api/src/platform/time.ts',
		'node:fs',
		'react',
		'@hono/zod-openapi',
	]) {
		const refusals = await contractRefusals(
			'contract/example.ts',
			`import * as x from '${source}'\nexport const y = x`,
		)
		expect(refusals, source).toEqual([expect.stringContaining(PURE)])
	}
	expect(
		await contractRefusals('contract/example.ts', 'export const origin = process.env.APP_ORIGIN'),
	).toEqual([expect.stringContaining('contract/ holds pure rules: no I/O')])
	expect(
		await contractRefusals(
			'contract/example.ts',
			"import { z } from 'zod'\nimport { isClockTime } from './calendar.ts'\nexport const time = z.string().refine(isClockTime)",
		),
	).toEqual([])
})

test('the app and every layer of the API may import contract/', async () => {
	for (const [file, path] of [
		['app/features/courses/example.ts', '../../../contract/courses.ts'],
		['app/features/courses/example.server.ts', '../../../contract/courses.ts'],
		['api/src/courses/schemas.ts', '../../../contract/courses.ts'],
		['api/src/courses/repository.ts', '../../../contract/courses.ts'],
		['api/src/courses/routes.ts', '../../../contract/courses.ts'],
		['api/src/platform/example.ts', '../../../contract/courses.ts'],
	] as const) {
		const [result] = await eslint.lintText(
			`import { COURSE_LEVELS } from '${path}'\nexport const x = COURSE_LEVELS\n`,
			{ filePath: file },
		)
		const imports = (result?.messages ?? []).filter((message) =>
			message.ruleId?.endsWith('no-restricted-imports'),
		)
		expect(imports, file).toEqual([])
	}
})

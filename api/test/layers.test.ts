import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { expect, test } from 'vitest'
import { apiDomainOrder } from '../../eslint.config.js'

// Issue 30: the API's layers (decision 043) are kept by lint. Each bad file below, linted at the
// path it would have, fails with the layer's message; a file that keeps the layers passes.

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` })

async function layerMessages(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` })
	return (result?.messages ?? []).map((message) => message.message)
}

const SQL = "SQL only in a domain's repository.ts (or a script)"

test('a route file with SQL fails: SQL only in repositories', async () => {
	const messages = await layerMessages(
		'api/src/payments/routes.ts',
		`import type { Db } from '../db.ts'
export const paymentsOf = (db: Db, id: string) =>
	db.selectFrom('payments').selectAll().where('student_id', '=', id).execute()
`,
	)
	// A helper in a route file is also refused as service work (decision 060).
	expect(messages).toContainEqual(expect.stringContaining(SQL))
})

test("a service with kysely's sql tag fails, on the import and on the tag", async () => {
	const messages = await layerMessages(
		'api/src/courses/access.ts',
		`import { sql } from 'kysely'
import type { Db } from '../db.ts'
export const now = (db: Db) => sql\`select now()\`.execute(db)
`,
	)
	expect(messages).toEqual([expect.stringContaining(SQL), expect.stringContaining(SQL)])
})

test('platform/ importing a domain fails', async () => {
	const messages = await layerMessages(
		'api/src/platform/x.ts',
		`import { findCourse } from '../courses/repository.ts'
export const course = findCourse
`,
	)
	expect(messages).toEqual([expect.stringContaining('platform/ imports no domain')])
})

test('a repository importing a service fails', async () => {
	const messages = await layerMessages(
		'api/src/courses/repository.ts',
		`import { runsCourse } from './access.ts'
export const check = runsCourse
`,
	)
	// access.ts imports the repository, so the import-cycle rule (decision 044) also speaks.
	expect(messages).toContainEqual(expect.stringContaining('A repository imports only repositories'))
})

test('present.ts importing a repository fails; a type from it is allowed', async () => {
	const messages = await layerMessages(
		'api/src/users/present.ts',
		`import { findUser, type UserRow } from './repository.ts'
export const row = (r: UserRow) => r
export const find = findUser
`,
	)
	expect(messages).toEqual([expect.stringContaining('present.ts and schemas.ts are pure')])
	const typeOnly = await layerMessages(
		'api/src/users/present.ts',
		`import type { UserRow } from './repository.ts'
export const row = (r: UserRow) => r
`,
	)
	expect(typeOnly).toEqual([])
})

test('importing a routes.ts fails anywhere but app.ts', async () => {
	const messages = await layerMessages(
		'api/src/exports/routes.ts',
		`import { courseRoutes } from '../courses/routes.ts'
export const routes = courseRoutes
`,
	)
	expect(messages).toEqual([expect.stringContaining('Nothing imports a routes.ts but app.ts')])
})

test('a file that keeps the layers passes: a route calls its repository, which holds the SQL', async () => {
	expect(
		await layerMessages(
			'api/src/payments/routes.ts',
			`import { findPayment } from './repository.ts'
import { toPayment } from './present.ts'
export const payment = { findPayment, toPayment }
`,
		),
	).toEqual([])
	expect(
		await layerMessages(
			'api/src/payments/repository.ts',
			`import { sql } from 'kysely'
import type { Db } from '../db.ts'
export const settle = (db: Db, id: string) =>
	db.updateTable('payments').set({ settled_at: sql<Date>\`now()\` }).where('id', '=', id).execute()
`,
		),
	).toEqual([])
})

// Decision 060: the API's domains in an order (apiDomainOrder), types included; the calls are the
// top layer and may call any domain.

const ORDER = 'a domain imports only the domains before it'

test('a domain importing one after it fails, a type as much as a value', async () => {
	expect(
		await layerMessages(
			'api/src/users/repository.ts',
			`import type { AuthSession } from '../auth/repository.ts'
export const session = (s: AuthSession) => s
`,
		),
	).toEqual([expect.stringContaining(ORDER)])
	expect(
		await layerMessages(
			'api/src/mail/compose.ts',
			`import { findAccount } from '../account/repository.ts'
export const find = findAccount
`,
		),
	).toContainEqual(expect.stringContaining(ORDER))
})

test('a domain may import one before it; a route file may call any domain', async () => {
	expect(
		await layerMessages(
			'api/src/auth/accounts.ts',
			`import type { Db } from '../db.ts'
import { findUserByEmail } from '../users/repository.ts'
export const find = (db: Db, email: string) => findUserByEmail(db, email)
`,
		),
	).toEqual([])
	expect(
		await layerMessages(
			'api/src/account/routes.ts',
			`import { listSessions } from '../auth/devices.ts'
export const sessions = listSessions
`,
		),
	).toEqual([])
})

test('every domain folder of api/src has its place in apiDomainOrder', async () => {
	const folders = (await readdir(`${root}api/src`, { withFileTypes: true }))
		.filter((entry) => entry.isDirectory() && !['platform', 'test-hooks'].includes(entry.name))
		.map((entry) => entry.name)
	expect([...apiDomainOrder].sort()).toEqual(folders.sort())
})

// Decision 060: a route file declares its calls; what a call does beyond reading the request and
// answering lives in a service of its domain.

const DECLARES = 'A route file declares calls'

test('a route file with service work fails: a helper function, a loop, a transaction', async () => {
	const messages = await layerMessages(
		'api/src/payments/routes.ts',
		`import type { ApiDeps } from '../platform/context.ts'
import { ApiRoutes } from '../platform/openapi.ts'
async function viaStripe<T>(call: () => Promise<T>) {
	return call()
}
export function paymentRoutes({ db, config }: ApiDeps) {
	const payee = (id: string) => ({ type: 'user', id }).id.trim()
	for (const id of ['a']) void payee(id)
	void db.transaction().execute(async () => viaStripe(async () => null))
	return new ApiRoutes(config, 'payments')
}
`,
	)
	expect(messages).toEqual([
		expect.stringContaining(DECLARES),
		expect.stringContaining(DECLARES),
		expect.stringContaining(DECLARES),
		expect.stringContaining(DECLARES),
	])
})

test('a route file that declares its calls passes: a factory, route declarations, handlers', async () => {
	expect(
		await layerMessages(
			'api/src/payments/routes.ts',
			`import type { ApiDeps } from '../platform/context.ts'
import { answers, ApiRoutes } from '../platform/openapi.ts'
import { deletedAnswer } from '../platform/openapi.ts'
import { refund } from './stripe.ts'
export function paymentRoutes({ db, config }: ApiDeps) {
	const refundRoute = (path: string) =>
		({ method: 'post', path, operationId: 'refund', responses: answers({ 200: deletedAnswer }) }) as const
	return new ApiRoutes(config, 'payments').endpoint(refundRoute('/refund'), async (c) =>
		c.json(await refund(db, c.get('account')), 200),
	)
}
`,
		),
	).toEqual([])
})

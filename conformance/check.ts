import { randomUUID } from 'node:crypto'
import { type Contract, type Operation, ROLES, type Role } from './document.ts'
import { type Ids, SCENARIO, type Step } from './scenario.ts'

// `npm run contract -- <base URL>` (decision 042): the contract's HTTP checks against any
// backend. Every declared call gets the checks its declaration allows without data (a refusal
// without a token and for each role not in its `x-roles`, 400 for a body off its schema, the
// answer of a list that needs no id); the calls that need ids are made in the scenario's order,
// on what the scenario created. Each answer is parsed against the document's JSON Schema.

export type Verdict = 'conforms' | 'does not conform' | 'not exercised'
export type CallReport = { call: string; verdict: Verdict; checks: string[]; problems: string[] }
export type Credentials = { email: string; password: string }
export type Report = {
	calls: CallReport[]
	/** Areas the reference API has not declared yet: the check cannot judge them. */
	notInContract: string[]
	/** What went wrong outside a declared call: a sign-in, a step of the scenario's setup. */
	notes: string[]
}

export const BASE = '/api/v1'
export const TOKEN_MISSING = 'Access token is missing or expired'
export const FORBIDDEN = 'You do not have permission to do this'
export const INVALID = 'Validation failed'
const PASSWORD = 'Lantern-Harbour-42'
/** An id nothing has: the guard, and the body's schema, come before any lookup. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

type Answer = { status: number; contentType: string; body: unknown }
type Session = { token: string; id: string }

export async function checkBackend({
	baseUrl,
	contract,
	accounts = {},
	pending = [],
}: {
	baseUrl: string
	contract: Contract
	/** A test account per role; a role without one gets a fresh account through registration. */
	accounts?: Partial<Record<Role, Credentials>>
	pending?: string[]
}): Promise<Report> {
	const root = baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
	const notes: string[] = []
	const reports = new Map<string, CallReport>(
		contract.operations.map((operation) => [
			operation.name,
			{ call: operation.name, verdict: 'not exercised', checks: [], problems: [] },
		]),
	)

	async function send(
		method: string,
		path: string,
		{
			token,
			json,
			form,
		}: { token?: string; json?: unknown; form?: Record<string, string | File> } = {},
	): Promise<Answer> {
		let body: BodyInit | undefined
		if (json !== undefined) body = JSON.stringify(json)
		else if (form) {
			body = new FormData()
			for (const [name, value] of Object.entries(form)) body.append(name, value)
		}
		try {
			const response = await fetch(`${root}${path}`, {
				method,
				redirect: 'manual',
				signal: AbortSignal.timeout(15_000),
				headers: {
					...(json !== undefined && { 'content-type': 'application/json' }),
					...(token && { authorization: `Bearer ${token}` }),
				},
				body,
			})
			const contentType = response.headers.get('content-type') ?? ''
			const text = await response.text()
			if (!contentType.includes('application/json'))
				return { status: response.status, contentType, body: text }
			try {
				return { status: response.status, contentType, body: JSON.parse(text) }
			} catch {
				return { status: response.status, contentType, body: Symbol('not JSON') }
			}
		} catch (error) {
			return { status: 0, contentType: '', body: String(error) }
		}
	}

	/** Records one check of a call: what was checked, and why it failed if it did. */
	function record(operation: Operation, check: string, problems: string[]) {
		const report = reports.get(operation.name)!
		report.checks.push(check)
		report.problems.push(...problems.map((problem) => `${check}: ${problem}`))
	}

	/** Why an answer is not what the call declares, or not the status expected of it. */
	function judge(operation: Operation, answer: Answer, expected: number[], text?: string) {
		if (answer.status === 0) return [`no answer (${answer.body})`]
		const problems: string[] = []
		if (!expected.includes(answer.status))
			problems.push(`answered ${answer.status}${said(answer)}, expected ${expected.join(' or ')}`)
		const declared = operation.statuses.get(answer.status)
		const json = answer.status >= 400 || declared?.json
		if (answer.status < 400 && !declared)
			problems.push(`${answer.status} is not a status the contract declares for it`)
		else if (json && !answer.contentType.includes('application/json'))
			problems.push(`answered ${answer.contentType || 'no content type'}, not the JSON declared`)
		else if (declared && !json && !declared.mediaTypes.some(fits(answer.contentType)))
			problems.push(
				`answered ${answer.contentType || 'no content type'}, not one of ${declared.mediaTypes.join(', ')}`,
			)
		else if (json && typeof answer.body === 'symbol') problems.push('answered malformed JSON')
		else if (json) problems.push(...contract.problems(operation, answer.status, answer.body))
		if (text && !problems.length && messageOf(answer) !== text)
			problems.push(`said "${messageOf(answer)}", not "${text}"`)
		return problems
	}

	const successes = (operation: Operation) =>
		[...operation.statuses.keys()].filter((status) => status < 300)

	// Sign in as each role: with the given account, or a fresh one registered for the check.
	const sessions: Partial<Record<Role, Session>> = {}
	for (const role of ROLES) {
		const given = accounts[role]
		const credentials = given ?? (await register(role))
		if (!credentials) continue
		const path = `${BASE}/auth/${role === 'organization' ? 'organization-login' : 'login'}`
		const login = await send('POST', path, { json: credentials })
		// Judged as a call once it succeeds (a wrong account given is a note), its request always.
		const operation = contract.find('POST', path)
		if (operation)
			record(operation, `${role} signs in ${login.status}`, [
				...(login.status === 200 ? judge(operation, login, [200]) : []),
				...contract.requestProblems(operation, { method: 'POST', path, json: credentials }),
			])
		const user = (login.body as { user?: { accessToken?: string; id?: string } } | undefined)?.user
		if (login.status === 200 && user?.accessToken && user.id)
			sessions[role] = { token: user.accessToken, id: user.id }
		else
			notes.push(`could not sign in as ${role} ${credentials.email}: ${login.status}${said(login)}`)
	}

	async function register(role: Role): Promise<Credentials | undefined> {
		const email = `contract-${role}-${randomUUID().slice(0, 8)}@example.com`
		const request =
			role === 'organization'
				? {
						path: `${BASE}/organizations/register`,
						form: {
							name: 'Contract Check School',
							email,
							password: PASSWORD,
							type: 'school',
							country: 'US',
						},
					}
				: {
						path: `${BASE}/auth/register-${role === 'tutor' ? 'tutor' : 'student'}`,
						json: { firstName: 'Contract', lastName: 'Check', email, password: PASSWORD },
					}
		const answer = await send('POST', request.path, request)
		// Registering is a call of the contract too: judged like every other, its request as well.
		const operation = contract.find('POST', request.path)
		if (operation)
			record(operation, `anyone ${answer.status}`, [
				...judge(operation, answer, [201]),
				...contract.requestProblems(operation, { method: 'POST', ...request }),
			])
		if (answer.status === 201) return { email, password: PASSWORD }
		notes.push(`could not register a ${role}: ${answer.status}${said(answer)}`)
		return undefined
	}

	const ids: Ids = {}
	for (const role of ROLES) if (sessions[role]) ids[role] = sessions[role].id

	async function run(step: Step) {
		const [method, template] = step.call.split(' ') as [string, string]
		const missing = [...template.matchAll(/\{(\w+)\}/g)]
			.map(([, name]) => name as keyof Ids)
			.filter((name) => !ids[name])
		const session = step.as && sessions[step.as]
		if (missing.length || (step.as && !session)) return
		const path = `${BASE}${template.replaceAll(/\{(\w+)\}/g, (_, name: keyof Ids) => ids[name]!)}`
		const request = { method, path, json: step.json?.(ids), form: step.form?.(ids) }
		const answer = await send(method, path, { token: session?.token, ...request })
		const operation = contract.find(method, path.split('?')[0]!)
		const expected = step.status ? [step.status] : operation ? successes(operation) : [200, 201]
		// What the scenario sends is a request the contract allows, or the check is wrong: a
		// backend that follows the document must be able to take it (decision 055).
		if (operation)
			record(operation, `${step.as ?? 'anyone'} ${answer.status}`, [
				...judge(operation, answer, expected),
				...contract.requestProblems(operation, request),
			])
		else if (!expected.includes(answer.status))
			notes.push(`setup ${step.call} as ${step.as ?? 'anyone'}: ${answer.status}${said(answer)}`)
		if (expected.includes(answer.status) && answer.status < 300)
			step.keep?.(answer.body as never, ids)
	}

	const [setup, cleanup] = [
		SCENARIO.filter((step) => !step.last),
		SCENARIO.filter((step) => step.last),
	]
	for (const step of setup) await run(step)

	for (const operation of contract.operations) {
		const path = operation.path.replaceAll(/\{[^}]+\}/g, UNKNOWN_ID)
		if (operation.roles) {
			const answer = await send(operation.method, path)
			record(operation, 'no token 403', judge(operation, answer, [403], TOKEN_MISSING))
			for (const role of ROLES) {
				if (operation.roles.includes(role) || !sessions[role]) continue
				const refused = await send(operation.method, path, { token: sessions[role].token })
				record(operation, `${role} 403`, judge(operation, refused, [403], FORBIDDEN))
			}
		}
		const caller = operation.roles?.find((role) => sessions[role])
		const token = caller && sessions[caller]!.token
		if (operation.takesJson && !operation.signed && (!operation.roles || token)) {
			const answer = await send(operation.method, path, { token, json: ['not', 'the', 'body'] })
			record(operation, 'bad body 400', judge(operation, answer, [400], INVALID))
		}
		const needsNothing = !operation.pathParameters.length && !operation.requiredQuery.length
		if (operation.method === 'GET' && needsNothing) {
			for (const role of operation.roles ?? [undefined]) {
				const session = role && sessions[role]
				if (role && !session) continue
				const answer = await send('GET', operation.path, { token: session?.token })
				// A role the call takes may still be refused what is not its own (a student outside
				// any organization asking for its departments): ownership is not checked here.
				record(
					operation,
					`${role ?? 'anyone'} ${answer.status}`,
					judge(operation, answer, [...successes(operation), ...(role ? [403] : [])]),
				)
			}
		}
	}

	for (const step of cleanup) await run(step)

	const calls = [...reports.values()].map((report) => ({
		...report,
		verdict: (report.problems.length
			? 'does not conform'
			: report.checks.length
				? 'conforms'
				: 'not exercised') as Verdict,
	}))
	return { calls, notInContract: pending, notes }
}

/** Whether a declared media type (`text/csv`, `image/*`, `*\/*`) covers an answer's content type. */
const fits = (contentType: string) => (declared: string) => {
	const type = contentType.split(';')[0]!.trim().toLowerCase()
	const [kind, sub] = declared.toLowerCase().split('/')
	return (
		declared === '*/*' ||
		type === declared.toLowerCase() ||
		(sub === '*' && type.startsWith(`${kind}/`))
	)
}

function messageOf(answer: Answer) {
	const body = answer.body as { message?: unknown; error?: unknown } | undefined
	return typeof body === 'object' && body ? (body.message ?? body.error) : undefined
}

/** The refusal's own words, to say why a call was refused. */
function said(answer: Answer) {
	const message = messageOf(answer)
	const errors = (answer.body as { errors?: { path?: string; msg?: string }[] } | undefined)?.errors
	const first = Array.isArray(errors) && errors[0] ? ` (${errors[0].path}: ${errors[0].msg})` : ''
	return typeof message === 'string' ? ` "${message}"${first}` : ''
}

import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// The pieces of the fuzz suite that do not need the servers: the route table's action modules,
// the forms a page renders, the hostile payloads, and what counts as a good answer.

const root = join(import.meta.dirname, '..', '..')

/** Every route module of app/routes.ts that exports an `action`, as 'routes/area/file.tsx'. */
export function actionRouteFiles(): string[] {
	const table = readFileSync(join(root, 'app', 'routes.ts'), 'utf8')
	const files = [
		...new Set([...table.matchAll(/'(routes\/[^']+\.tsx?)'/g)].map((match) => match[1] as string)),
	]
	return files.filter((file) =>
		/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(
			readFileSync(join(root, 'app', file), 'utf8'),
		),
	)
}

export type FormShape = {
	/** Where the form posts (the page's own address, search included). */
	action: string
	intent?: string
	fields: string[]
	multipart: boolean
}

function attributes(tag: string) {
	const found: Record<string, string> = {}
	for (const match of tag.matchAll(/([a-zA-Z-:]+)="([^"]*)"/g))
		found[(match[1] as string).toLowerCase()] = decode(match[2] as string)
	return found
}

function decode(value: string) {
	return value
		.replace(/&quot;/g, '"')
		.replace(/&#x27;/g, "'")
		.replace(/&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
}

/**
 * The post forms of a server-rendered page that post to the page itself (the layout's log-out
 * form posts elsewhere), one shape per intent: a hidden `intent`, or each `intent` button.
 */
export function pageForms(html: string, pageUrl: string): FormShape[] {
	const page = new URL(pageUrl, 'http://app.invalid')
	const shapes: FormShape[] = []
	for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
		const form = attributes(match[1] as string)
		if ((form.method ?? 'get').toLowerCase() !== 'post') continue
		const target = new URL(form.action ?? page.pathname + page.search, page)
		const path = (url: URL) => decodeURIComponent(url.pathname).replace(/\/$/, '')
		if (path(target) !== path(page)) continue
		// An index route's form carries ?index; the fuzzing posts to the page as the browser would.
		const action = target.pathname + target.search
		const fields = new Set<string>()
		const intents = new Set<string>()
		for (const control of (match[2] as string).matchAll(
			/<(input|select|textarea|button)\b([^>]*)>/g,
		)) {
			const attrs = attributes(control[2] as string)
			if (!attrs.name) continue
			if (attrs.name === 'intent') {
				if (attrs.value !== undefined) intents.add(attrs.value)
				continue
			}
			if (control[1] === 'button') continue
			fields.add(attrs.name)
		}
		const multipart = (form.enctype ?? '').toLowerCase() === 'multipart/form-data'
		const base = { action, fields: [...fields].sort(), multipart }
		if (intents.size === 0) shapes.push(base)
		for (const intent of intents) shapes.push({ ...base, intent })
	}
	const seen = new Set<string>()
	return shapes.filter((shape) => {
		const key = `${shape.action} ${shape.intent ?? ''} ${shape.fields.join(',')}`
		if (seen.has(key)) return false
		seen.add(key)
		return true
	})
}

export const SCRIPT = '<script>alert(1)</script>'
const TEN_MB = 10 * 1024 * 1024

/** Values that are never a valid form (the whole body is wrong) vs. values a text field may take. */
export type Phase = 'malformed' | 'values'

export type FuzzCase = {
	name: string
	phase: Phase
	/**
	 * Wrong as a whole body (unreadable, oversized): an action reads its body before it looks at
	 * the intent, so once per action address is enough.
	 */
	wholeBody?: true
	/** Builds the request body and its content type for a form shape. */
	body: (shape: FormShape) => { body?: BodyInit; contentType?: string }
}

function encoded(shape: FormShape, value: (field: string) => string | string[]) {
	const params = new URLSearchParams()
	if (shape.intent !== undefined) params.append('intent', shape.intent)
	for (const field of shape.fields) {
		const chosen = value(field)
		for (const one of Array.isArray(chosen) ? chosen : [chosen]) params.append(field, one)
	}
	return { body: params.toString(), contentType: 'application/x-www-form-urlencoded' }
}

function multipart(shape: FormShape, value: (field: string) => string) {
	const form = new FormData()
	if (shape.intent !== undefined) form.append('intent', shape.intent)
	for (const field of shape.fields) form.append(field, value(field))
	return { body: form }
}

const everyField = (value: string | string[]) => (shape: FormShape) => encoded(shape, () => value)

const HUGE = 'x'.repeat(TEN_MB)
const withField = (shape: FormShape) =>
	shape.fields.length ? shape : { ...shape, fields: ['fuzz'] }
const oneHuge = (shape: FormShape) => (field: string) => (field === shape.fields[0] ? HUGE : 'x')
const LONG = 'y'.repeat(100_000)

export const fuzzCases: FuzzCase[] = [
	// The whole body is wrong: nothing of it can be valid input, whatever the form.
	{
		name: 'empty body',
		phase: 'malformed',
		wholeBody: true,
		body: () => ({ body: '', contentType: 'application/x-www-form-urlencoded' }),
	},
	{ name: 'no body, no content type', phase: 'malformed', wholeBody: true, body: () => ({}) },
	{
		name: 'missing fields (intent only)',
		phase: 'malformed',
		body: (shape) => encoded({ ...shape, fields: [] }, () => ''),
	},
	{ name: 'every field empty', phase: 'malformed', body: everyField('') },
	// One field of 10 MB (the first, or an extra one on a form without fields); the rest short.
	{
		name: '10 MB field, urlencoded',
		phase: 'malformed',
		wholeBody: true,
		body: (shape) => encoded(withField(shape), oneHuge(withField(shape))),
	},
	{
		name: '10 MB field, multipart',
		phase: 'malformed',
		wholeBody: true,
		body: (shape) => multipart(withField(shape), oneHuge(withField(shape))),
	},
	{
		name: 'JSON body',
		phase: 'malformed',
		wholeBody: true,
		body: (shape) => ({
			body: JSON.stringify({
				intent: shape.intent,
				...Object.fromEntries(shape.fields.map((field) => [field, SCRIPT])),
			}),
			contentType: 'application/json',
		}),
	},
	{
		name: 'text/plain body',
		phase: 'malformed',
		wholeBody: true,
		body: (shape) => ({ body: `intent=${shape.intent ?? ''}\nhello`, contentType: 'text/plain' }),
	},
	{
		name: 'malformed multipart',
		phase: 'malformed',
		wholeBody: true,
		body: () => ({
			body: '--xyz\r\nContent-Disposition: form-da',
			contentType: 'multipart/form-data; boundary=xyz',
		}),
	},
	{
		name: 'multipart without a boundary',
		phase: 'malformed',
		wholeBody: true,
		body: () => ({ body: 'a=b', contentType: 'multipart/form-data' }),
	},
	{
		name: 'percent-encoding broken',
		phase: 'malformed',
		body: (shape) => ({
			body: `intent=${shape.intent ?? ''}&%zz=%E0%A4%A&x=%`,
			contentType: 'application/x-www-form-urlencoded',
		}),
	},
	// Values a free-text field may well accept: stored or not, never a crash, never live markup.
	{ name: 'wrong type: letters', phase: 'values', body: everyField('abc') },
	{ name: 'wrong type: array', phase: 'values', body: everyField(['1', 'two', '']) },
	{ name: 'wrong type: object as JSON', phase: 'values', body: everyField('{"$gt":"","a":[1,2]}') },
	{ name: 'huge number 1e309', phase: 'values', body: everyField('1e309') },
	{ name: 'negative number', phase: 'values', body: everyField('-1') },
	{ name: '99999999999999999999', phase: 'values', body: everyField('99999999999999999999') },
	{ name: 'script tag', phase: 'values', body: everyField(SCRIPT) },
	{ name: 'SQL injection', phase: 'values', body: everyField("' OR 1=1 --") },
	{ name: 'NUL bytes', phase: 'values', body: everyField('a\u0000b\u0000') },
	{
		name: 'unicode RTL override',
		phase: 'values',
		body: everyField('\u202Egnp.exe\u202C \u0645\u0631\u062D\u0628\u0627 \u{1F600}'),
	},
	{ name: '100k characters', phase: 'values', body: everyField(LONG) },
]

export type Answer = { status: number; location: string | null; html: string }

/** The statuses an action may answer fuzzing with (a refusal of some kind, never a crash). */
// 429 too: a form that checks the current password (decision 053) refuses the fuzzer's wrong
// ones, and from the 5th in 15 minutes says how long to wait instead, as it would to a person.
const refusals = new Set([400, 403, 404, 409, 413, 415, 422, 429])

/**
 * A good answer to bad input: a refusal (400/413/422, or the upstream's 403/404/409 for an id
 * that is not the caller's) that shows what was wrong when the body was a readable form, or a
 * page showing a field or form error; a redirect only where the action takes no input or the
 * value is valid text for every field (`mayStore`). Never
 * 5xx, never a live copy of a posted script.
 */
export function problemWith(
	answer: Answer,
	{
		takesNoInput,
		readable,
		mayStore,
	}: { takesNoInput: boolean; readable: boolean; mayStore: boolean },
): string | null {
	if (answer.status >= 500) return `answered ${answer.status}`
	if (answer.html.includes(SCRIPT)) return 'the posted <script> came back unescaped'
	if (answer.status >= 300 && answer.status < 400) {
		if (answer.location && /^\/login\b/.test(answer.location) && !takesNoInput)
			return `redirected to ${answer.location} (session lost)`
		return takesNoInput || mayStore ? null : `accepted: redirected to ${answer.location}`
	}
	if (takesNoInput) return null
	if (!refusals.has(answer.status) && answer.status !== 200) return `answered ${answer.status}`
	// A body that is not a readable form names no form of the page: its refusal status says it all.
	if ((answer.status === 200 || readable) && !showsError(answer.html))
		return `answered ${answer.status} without an error message`
	return null
}

/** A field error, a form error, or an error page: what a person sees when the input was refused. */
export function showsError(html: string) {
	if (!html.trim()) return false
	if (html.trimStart().startsWith('{')) return /"(ok":false|error|message|errors)/.test(html)
	return /aria-invalid="true"|role="alert"|<h1[^>]*>(Something is wrong|That is too large|Page not found|Access denied)/.test(
		html,
	)
}

import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { parse } from '@babel/parser'
import type { ExtractorType } from '@lingui/conf'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

/**
 * The `api` catalog's extractor (decision 064). The API runs its TypeScript unbundled, so no
 * Lingui macro can compile there; its messages are plain calls and literals, found here:
 *
 * - the first argument of `say('Your certificate for {course}', { course })`, of `msg('…')`, a
 *   text said later, and of `phrase('…', values)`, `labelled('{label} is required', label)` and
 *   `builtText('…', values)`, texts built from values said in an error answer's language
 *   (api/src/platform/i18n.ts, validation.ts);
 * - the zod schemas' own texts (decision 067): the message of a check (`.min(1, 'Send at least
 *   one score')`, `.regex(…, '…')`, `.refine(…, '…')`), and the `error` or `message` given in an
 *   object (`{ error: 'Scores must be a list' }`, `{ path, message }`, a success answer's
 *   `message`), a conditional's or an arrow function's literals included;
 * - a field's label: the first argument of a function whose first parameter is named `label`
 *   (`requiredText('Title', 200)`, `money('Price')`), said inside its field's sentences;
 * - the error texts the app shows: `new ApiError(status, 'Task not found')`, `msg: '…'` of a
 *   field error, and the top-level UPPER_CASE constants (strings, or objects of strings such as
 *   `MESSAGES`) that the API gives as such texts anywhere in api/src.
 *
 * Ids are Lingui's own (`generateMessageId` of the English text), so the app's server finds an
 * API error text in this catalog by its English words (app/platform/api-text.server.ts).
 */

type Node = { type: string; [key: string]: unknown }

const API_DIR = `${sep}api${sep}src${sep}`
const isApiSource = (filename: string) =>
	filename.includes(API_DIR) && /\.ts$/.test(filename) && !/\.test\.ts$/.test(filename)

const parseTs = (code: string) =>
	parse(code, { sourceType: 'module', plugins: ['typescript'], errorRecovery: true })
		.program as unknown as Node

/** Every node under `node`, depth first. */
function* walk(node: unknown): Generator<Node> {
	if (!node || typeof node !== 'object') return
	if (Array.isArray(node)) {
		for (const child of node) yield* walk(child)
		return
	}
	const n = node as Node
	if (typeof n.type !== 'string') return
	yield n
	for (const [key, value] of Object.entries(n)) {
		if (key === 'loc' || key === 'start' || key === 'end' || key.endsWith('Comments')) continue
		if (value && typeof value === 'object') yield* walk(value)
	}
}

/** A string literal's text (or a template literal's without placeholders), else null. */
function literal(node: unknown): string | null {
	const n = node as Node | undefined
	if (!n) return null
	if (n.type === 'StringLiteral') return n.value as string
	if (n.type === 'TemplateLiteral' && (n.expressions as unknown[]).length === 0) {
		return ((n.quasis as Node[])[0]!.value as { cooked: string }).cooked
	}
	if (n.type === 'TSAsExpression' || n.type === 'TSSatisfiesExpression')
		return literal(n.expression)
	return null
}

const isNamed = (node: unknown, name: string) =>
	(node as Node | undefined)?.type === 'Identifier' && (node as Node).name === name

const keyName = (property: Node) => {
	const key = property.key as Node
	return key.type === 'Identifier'
		? (key.name as string)
		: key.type === 'StringLiteral'
			? (key.value as string)
			: null
}

/** The expressions a file gives as error texts: ApiError's message and field errors' `msg`. */
function* errorTexts(program: Node): Generator<Node> {
	for (const node of walk(program)) {
		if (node.type === 'NewExpression' && isNamed(node.callee, 'ApiError')) {
			const message = (node.arguments as Node[])[1]
			if (message) yield message
		}
		if (node.type === 'ObjectProperty' && keyName(node) === 'msg') yield node.value as Node
	}
}

/** The UPPER_CASE names (`NOT_FOUND`, `MESSAGES` of `MESSAGES.forbidden`) given as error texts. */
const constantName = (node: Node): string | null => {
	if (node.type === 'Identifier') return node.name as string
	if (node.type === 'MemberExpression') return constantName(node.object as Node)
	if (node.type === 'ConditionalExpression') return null
	return null
}
const UPPER_CASE = /^[A-Z][A-Z0-9_]*$/

let errorConstants: Set<string> | undefined
function errorConstantNames(root: string): Set<string> {
	if (errorConstants) return errorConstants
	const names = new Set<string>()
	errorConstants = names
	const visit = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name)
			if (entry.isDirectory()) visit(path)
			else if (isApiSource(path)) {
				for (const text of errorTexts(parseTs(readFileSync(path, 'utf8')))) {
					for (const candidate of text.type === 'ConditionalExpression'
						? [text.consequent as Node, text.alternate as Node]
						: [text]) {
						const name = constantName(candidate)
						if (name && UPPER_CASE.test(name)) names.add(name)
					}
				}
			}
		}
	}
	visit(root)
	return errorConstants
}

/** zod's checks whose message follows a limit or a pattern (`.min(1, 'X is required')`). */
const CHECKS_AFTER_A_LIMIT = new Set([
	'min',
	'max',
	'length',
	'regex',
	'refine',
	'gt',
	'gte',
	'lt',
	'lte',
	'multipleOf',
])
/** zod's checks whose message comes first (`.int('…')`, `.email('…')`). */
const CHECKS_MESSAGE_FIRST = new Set(['int', 'positive', 'nonnegative', 'email', 'url', 'nonempty'])
/** Functions that say their first argument (a message, or the message a text is built from). */
const SAYERS = new Set(['say', 'msg', 'phrase', 'labelled', 'builtText', 'tooMany'])
/** validation.ts's functions of a field's label (their first parameter is `label` there). */
const LABELLED = new Set([
	'requiredText',
	'optionalText',
	'textType',
	'isRequired',
	'mustBeText',
	'atMost',
])

/** The literals an `error`/`message` value gives: itself, a conditional's two, an arrow's result. */
function* givenTexts(node: Node | null | undefined): Generator<Node> {
	if (!node) return
	if (node.type === 'ConditionalExpression') {
		yield* givenTexts(node.consequent as Node)
		yield* givenTexts(node.alternate as Node)
	} else if (node.type === 'ArrowFunctionExpression') {
		yield* givenTexts(node.body as Node)
	} else yield node
}

/** The names of a file's functions whose first parameter is `label` (`const money = (label) => …`). */
function labelFunctions(program: Node): Set<string> {
	const names = new Set(LABELLED)
	for (const node of walk(program)) {
		let name: string | null = null
		let params: Node[] | null = null
		if (node.type === 'FunctionDeclaration' && node.id) {
			name = (node.id as Node).name as string
			params = node.params as Node[]
		} else if (
			node.type === 'VariableDeclarator' &&
			(node.id as Node).type === 'Identifier' &&
			((node.init as Node | null)?.type === 'ArrowFunctionExpression' ||
				(node.init as Node | null)?.type === 'FunctionExpression')
		) {
			name = (node.id as Node).name as string
			params = (node.init as Node).params as Node[]
		}
		if (name && params?.[0] && isNamed(params[0], 'label')) names.add(name)
	}
	return names
}

/** Texts with no letters (`-`) are not messages, nor documentation's samples (`<domain> already…`). */
const hasLetters = (text: string) => /\p{L}/u.test(text) && !/<[a-z]/i.test(text)

export const apiMessages: ExtractorType = {
	match: isApiSource,
	extract(filename, code, onMessageExtracted) {
		const program = parseTs(code)
		const found = (text: string | null, node: Node) => {
			if (text === null || !hasLetters(text)) return
			const line = (node.loc as { start: { line: number } } | undefined)?.start.line ?? 0
			onMessageExtracted({ id: generateMessageId(text), message: text, origin: [filename, line] })
		}
		const labels = labelFunctions(program)
		for (const node of walk(program)) {
			if (node.type !== 'CallExpression') continue
			const callee = node.callee as Node
			const args = node.arguments as Node[]
			if (callee.type === 'Identifier') {
				const name = callee.name as string
				if (SAYERS.has(name) || labels.has(name)) found(literal(args[0]), node)
			} else if (
				callee.type === 'MemberExpression' &&
				(callee.property as Node).type === 'Identifier' &&
				(CHECKS_AFTER_A_LIMIT.has((callee.property as Node).name as string) ||
					CHECKS_MESSAGE_FIRST.has((callee.property as Node).name as string))
			) {
				const name = (callee.property as Node).name as string
				for (const arg of CHECKS_AFTER_A_LIMIT.has(name) ? args.slice(1) : args)
					found(literal(arg), node)
			}
		}
		// `{ error: '…' }`, `{ message: '…' }`: a schema's, an issue's or an answer's text.
		for (const node of walk(program)) {
			if (node.type !== 'ObjectProperty') continue
			const key = keyName(node)
			if (key !== 'error' && key !== 'message') continue
			for (const text of givenTexts(node.value as Node)) found(literal(text), text)
		}
		for (const text of errorTexts(program)) {
			if (text.type === 'ConditionalExpression') {
				found(literal(text.consequent), text)
				found(literal(text.alternate), text)
			} else found(literal(text), text)
		}
		const names = errorConstantNames(filename.slice(0, filename.indexOf(API_DIR) + API_DIR.length))
		for (const statement of program.body as Node[]) {
			const declaration =
				statement.type === 'ExportNamedDeclaration'
					? (statement.declaration as Node | null)
					: statement
			if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue
			for (const declarator of declaration.declarations as Node[]) {
				const name = (declarator.id as Node).name as string
				if (!names.has(name)) continue
				let value = declarator.init as Node | null
				while (value && (value.type === 'TSAsExpression' || value.type === 'TSSatisfiesExpression'))
					value = value.expression as Node
				if (!value) continue
				if (value.type === 'ObjectExpression') {
					for (const property of value.properties as Node[]) {
						if (property.type === 'ObjectProperty') found(literal(property.value), property)
					}
				} else found(literal(value), declarator)
			}
		}
	},
}

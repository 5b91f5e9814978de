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
 *   text said later, and of `phrase('…', values)`, a text built from values said in an error
 *   answer's language (api/src/platform/i18n.ts);
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
		for (const node of walk(program)) {
			if (
				node.type === 'CallExpression' &&
				(isNamed(node.callee, 'say') ||
					isNamed(node.callee, 'msg') ||
					isNamed(node.callee, 'phrase'))
			) {
				const first = (node.arguments as Node[])[0]
				found(literal(first), node)
			}
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

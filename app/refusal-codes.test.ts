import { readdirSync, readFileSync } from 'node:fs'
import ts from 'typescript'
import { expect, test } from 'vitest'

// Decision 072: the API says its refusals in the reader's language, so the app tells them apart by
// their `code` (`error.code === 'challenge_expired'`), never by their words. This test fails on
// any comparison of an upstream error's text with English, in a file that handles upstream errors.

/** The texts of an upstream error that are said in the reader's language. */
const SAID = new Set(['text', 'message', 'error', 'english', 'description', 'title'])
/** A string of words: at least two, separated by a space (a code has none). */
const ENGLISH = /[A-Za-z]+ [A-Za-z]+/

/** Each comparison of an error's said text with an English literal (or a constant holding one). */
export function englishComparisons(fileName: string, source: string): string[] {
	const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true)
	const constants = new Map<string, string>()
	const found: string[] = []
	const literal = (node: ts.Node): string | undefined => {
		if (ts.isStringLiteralLike(node)) return node.text
		if (ts.isIdentifier(node)) return constants.get(node.text)
		return undefined
	}
	const said = (node: ts.Node) =>
		(ts.isPropertyAccessExpression(node) && SAID.has(node.name.text)) ||
		(ts.isElementAccessExpression(node) &&
			ts.isStringLiteral(node.argumentExpression) &&
			SAID.has(node.argumentExpression.text))
	const visit = (node: ts.Node) => {
		if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
			if (ts.isStringLiteralLike(node.initializer))
				constants.set(node.name.text, node.initializer.text)
		}
		ts.forEachChild(node, visit)
	}
	visit(file)
	const check = (node: ts.Node) => {
		const compared = (a: ts.Node, b: ts.Node) => {
			const text = literal(b)
			if (said(a) && text !== undefined && ENGLISH.test(text))
				found.push(`${fileName}:${node.getText(file)}`)
		}
		if (
			ts.isBinaryExpression(node) &&
			[
				ts.SyntaxKind.EqualsEqualsEqualsToken,
				ts.SyntaxKind.ExclamationEqualsEqualsToken,
				ts.SyntaxKind.EqualsEqualsToken,
				ts.SyntaxKind.ExclamationEqualsToken,
			].includes(node.operatorToken.kind)
		) {
			compared(node.left, node.right)
			compared(node.right, node.left)
		}
		// `error.text.includes('took too long')`, `.startsWith(…)`, `.endsWith(…)`
		if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			['includes', 'startsWith', 'endsWith'].includes(node.expression.name.text) &&
			node.arguments[0]
		)
			compared(node.expression.expression, node.arguments[0])
		// `/took too long/.test(error.text)`
		if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			node.expression.name.text === 'test' &&
			ts.isRegularExpressionLiteral(node.expression.expression) &&
			node.arguments[0] &&
			said(node.arguments[0]) &&
			ENGLISH.test(node.expression.expression.text)
		)
			found.push(`${fileName}:${node.getText(file)}`)
		ts.forEachChild(node, check)
	}
	check(file)
	return found
}

/** The app's own files that handle an upstream call's failure. */
function upstreamHandlers() {
	const root = new URL('./', import.meta.url)
	return readdirSync(root, { recursive: true, encoding: 'utf8' })
		.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
		.map((file) => ({ file: `app/${file}`, source: readFileSync(new URL(file, root), 'utf8') }))
		.filter(({ source }) => /UpstreamError|errorFromReply|withApiTexts/.test(source))
}

test('the app tells the API’s refusals apart by their code, never by their English', () => {
	const handlers = upstreamHandlers()
	// The files that catch the refusals the app reacts to are among those read.
	expect(handlers.map(({ file }) => file)).toEqual(
		expect.arrayContaining([
			'app/features/auth/login.server.ts',
			'app/platform/upstream.server.ts',
			'app/features/certificates/api.server.ts',
		]),
	)
	expect(handlers.flatMap(({ file, source }) => englishComparisons(file, source))).toEqual([])
})

test('what the check finds: a said text against English words, not against a code', () => {
	const found = englishComparisons(
		'example.server.ts',
		`const EXPIRED = 'Your sign-in took too long. Log in again.'
		const CODE = 'challenge_expired'
		if (error.english === 'Certificate not found') {}
		if (error.text === EXPIRED) {}
		if (EXPIRED !== error.message) {}
		if (error.text.startsWith('Your sign-in')) {}
		if (/took too long/.test(error.text)) {}
		if (error.code === CODE || error.code === 'certificate_not_found') {}
		if (error.status === 404 && kind === 'some words') {}`,
	)
	expect(found).toHaveLength(5)
})

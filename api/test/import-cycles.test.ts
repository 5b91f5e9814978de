import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

// Decision 060: no import circle in api/src, type imports included. ESLint's import-x/no-cycle
// (decision 044) skips `import type`, which is how six small circles stayed (a repository taking
// a row type from a service). TypeScript's own scanner lists every import and export-from of a
// file, types too; the circles are the strongly connected parts of that graph.

const root = fileURLToPath(new URL('../src/', import.meta.url))

/** Each module of api/src and the modules of api/src it imports, by path from api/src. */
export function importGraph(dir = root) {
	const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
		.map((file) => file.split('\\').join('/'))
	const graph = new Map<string, string[]>()
	for (const file of files) {
		const { importedFiles } = ts.preProcessFile(readFileSync(join(dir, file), 'utf8'), true, true)
		graph.set(
			file,
			importedFiles
				.map((imported) => imported.fileName)
				.filter((name) => name.startsWith('.'))
				.map((name) =>
					relative(dir, join(dir, dirname(file), name))
						.split('\\')
						.join('/'),
				)
				.filter((target) => files.includes(target)),
		)
	}
	return graph
}

/** The circles of a graph: its strongly connected parts of more than one module (Tarjan). */
export function circles(graph: Map<string, string[]>) {
	const index = new Map<string, number>()
	const low = new Map<string, number>()
	const stack: string[] = []
	const found: string[][] = []
	const visit = (node: string) => {
		index.set(node, index.size)
		low.set(node, index.get(node)!)
		stack.push(node)
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next)
				low.set(node, Math.min(low.get(node)!, low.get(next)!))
			} else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
		}
		if (low.get(node) !== index.get(node)) return
		const part: string[] = []
		let member: string
		do {
			member = stack.pop()!
			part.push(member)
		} while (member !== node)
		if (part.length > 1 || graph.get(node)?.includes(node)) found.push(part.sort())
	}
	for (const node of graph.keys()) if (!index.has(node)) visit(node)
	return found
}

test('a circle of imports is found, a type import included', () => {
	const graph = new Map([
		['a/repository.ts', ['a/service.ts']],
		['a/service.ts', ['a/repository.ts']],
		['b/routes.ts', ['a/service.ts']],
	])
	expect(circles(graph)).toEqual([['a/repository.ts', 'a/service.ts']])
})

test('api/src has no import circle, type imports included', () => {
	const graph = importGraph()
	expect(graph.size).toBeGreaterThan(150)
	expect(circles(graph)).toEqual([])
})

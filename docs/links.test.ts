// Every link between the repository's documents works: a relative link names a file or folder that
// exists, and an anchor (`#…`, on its own or after a Markdown file) names a heading of that file, as
// GitHub spells a heading's anchor. The files are the repository's own (git's list, so nothing
// ignored: node_modules, builds, test results, the release folder). Links to other sites are not
// followed.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The repository's Markdown files, committed or new, without what git ignores. */
function markdownFiles() {
	const listed = execFileSync(
		'git',
		['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'],
		{ cwd: root, encoding: 'utf8' },
	)
	return listed
		.split('\0')
		.filter((file) => file && existsSync(join(root, file)))
		.sort()
}

/** The text outside fenced code blocks (and inline code, unless kept), where a link is a link. */
function prose(markdown: string, { keepInlineCode = false } = {}) {
	const lines = markdown.split('\n')
	let fence: string | null = null
	return lines
		.map((line) => {
			const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
			if (fence) {
				if (opening && opening[1]!.startsWith(fence)) fence = null
				return ''
			}
			if (opening) {
				fence = opening[1]!
				return ''
			}
			return keepInlineCode ? line : line.replace(/(`+)[^`]*?\1/g, '')
		})
		.join('\n')
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped but hyphens, spaces to hyphens. */
export function headingAnchor(heading: string) {
	return heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]+>/g, '')
		.replace(/`/g, '')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-')
}

/** Every anchor a Markdown file offers: its headings (duplicates numbered) and HTML ids. */
export function anchorsOf(markdown: string) {
	const anchors = new Set<string>()
	const seen = new Map<string, number>()
	for (const line of prose(markdown, { keepInlineCode: true }).split('\n')) {
		const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
		if (heading) {
			const base = headingAnchor(heading[1]!)
			const count = seen.get(base) ?? 0
			seen.set(base, count + 1)
			anchors.add(count === 0 ? base : `${base}-${count}`)
		}
		for (const id of line.matchAll(/<[^>]+\b(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!)
	}
	return anchors
}

/** The links of a Markdown text: inline `[text](target)`, images, and reference definitions. */
export function linksOf(markdown: string) {
	const text = prose(markdown)
	const links: string[] = []
	for (const match of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
		links.push(match[1]!)
	for (const match of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm))
		links.push(match[1]!)
	for (const match of text.matchAll(/<a\s[^>]*href="([^"]+)"/g)) links.push(match[1]!)
	return links
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')

const anchorsCache = new Map<string, Set<string>>()
function anchors(path: string) {
	let found = anchorsCache.get(path)
	if (!found) {
		found = anchorsOf(readFileSync(path, 'utf8'))
		anchorsCache.set(path, found)
	}
	return found
}

/** The links of `markdown` (the text of the repository's file `file`) that lead nowhere. */
function brokenLinks(file: string, markdown = readFileSync(join(root, file), 'utf8')) {
	const source = join(root, file)
	const broken: string[] = []
	for (const link of linksOf(markdown)) {
		if (!link || external(link)) continue
		const [rawPath = '', anchor] = link.split('#', 2)
		const path = decodeURIComponent(rawPath)
		if (path === '') {
			if (anchor && !anchorsOf(markdown).has(decodeURIComponent(anchor)))
				broken.push(`${link} (no heading "${link}" in ${file})`)
			continue
		}
		const target = resolve(dirname(source), path)
		if (!target.startsWith(root) || !existsSync(target)) {
			broken.push(`${link} (no such file)`)
			continue
		}
		if (anchor === undefined || anchor === '') continue
		if (!statSync(target).isFile() || !target.endsWith('.md')) continue
		if (!anchors(target).has(decodeURIComponent(anchor)))
			broken.push(`${link} (no heading "#${anchor}" in ${relative(root, target)})`)
	}
	return broken
}

describe('links between the documents', () => {
	test('anchors are spelled as GitHub spells them', () => {
		expect(headingAnchor('Several processes: PostgreSQL and Redis')).toBe(
			'several-processes-postgresql-and-redis',
		)
		expect(headingAnchor('Which `node`? (and [npm](https://npmjs.com))')).toBe('which-node-and-npm')
		expect(headingAnchor('What to try, role by role')).toBe('what-to-try-role-by-role')
		expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n### Notes\n')]).toEqual([
			'a',
			'notes',
			'notes-1',
		])
	})

	test('a link to a missing file or heading is found', () => {
		expect(linksOf('See [x](missing.md#nowhere), `[y](ignored.md)` and\n[z]: other.md\n')).toEqual([
			'missing.md#nowhere',
			'other.md',
		])
		expect(
			brokenLinks(
				'docs/example.md',
				'# Example\n[a](architecture.md) [b](#example) [c](../README.md#quick-start) [d](../api/)\n' +
					'[e](nope.md) [f](#nowhere) [g](architecture.md#nowhere) <https://example.com> [h](https://x.y/#z)\n',
			),
		).toEqual([
			'nope.md (no such file)',
			'#nowhere (no heading "#nowhere" in docs/example.md)',
			'architecture.md#nowhere (no heading "#nowhere" in docs/architecture.md)',
		])
	})

	test('every relative link and anchor in every Markdown file works', () => {
		const files = markdownFiles()
		expect(files).toContain('README.md')
		const broken = files.flatMap((file) => brokenLinks(file).map((link) => `${file}: ${link}`))
		expect(broken).toEqual([])
	})
})

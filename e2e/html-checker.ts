import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The W3C Nu HTML checker (the `vnu-jar` package, run on the machine's Java: Debian's
// default-jre-headless, which .ci/run installs) over pages as the server sent them. One Java start
// checks a whole batch, so a sweep collects its pages and asks once.

const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

type Message = { type: string; url: string; lastLine?: number; message: string; extract?: string }

/** The checker's errors in the given pages, one block a page, or null when every page is valid. */
export async function htmlErrors(pages: { label: string; html: string }[]): Promise<string | null> {
	if (pages.length === 0) return null
	const dir = await mkdtemp(join(tmpdir(), 'vnu-'))
	try {
		const files = await Promise.all(
			pages.map(async ({ html }, index) => {
				const file = join(dir, `${index}.html`)
				await writeFile(file, html)
				return file
			}),
		)
		const messages = await check(files)
		const byPage = new Map<number, string[]>()
		for (const message of messages) {
			if (message.type !== 'error') continue
			const index = Number(/(\d+)\.html$/.exec(message.url)?.[1])
			const lines = byPage.get(index) ?? []
			lines.push(
				`  line ${message.lastLine ?? '?'}: ${message.message}${message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : ''}`,
			)
			byPage.set(index, lines)
		}
		if (byPage.size === 0) return null
		return [...byPage]
			.map(([index, lines]) => `${pages[index]?.label ?? `page ${index}`}:\n${lines.join('\n')}`)
			.join('\n\n')
	} finally {
		await rm(dir, { recursive: true, force: true })
	}
}

function check(files: string[]): Promise<Message[]> {
	return new Promise((resolve, reject) => {
		// Exit status 1 only says that errors were found; the JSON on stderr lists them.
		execFile(
			'java',
			['-jar', jar, '--errors-only', '--format', 'json', ...files],
			{ maxBuffer: 64 * 1024 * 1024 },
			(error, _stdout, stderr) => {
				if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
					reject(new Error('The HTML checker needs Java: apt-get install default-jre-headless'))
					return
				}
				try {
					resolve((JSON.parse(stderr) as { messages: Message[] }).messages)
				} catch {
					reject(new Error(`The HTML checker did not answer JSON: ${stderr || error?.message}`))
				}
			},
		)
	})
}

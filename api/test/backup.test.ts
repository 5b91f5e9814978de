import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, expect, test } from 'vitest'
import { openDatabase } from '../src/db.ts'
import { migrate } from '../src/migrate.ts'

// The embedded database's backup and restore, as docs/deploy.md tells an operator to run them:
// `npm run backup -- <file>` and `npm run restore -- <file>` (api/src/backup.ts), on real files.

const run = promisify(execFile)
const folders: string[] = []
afterEach(async () => {
	for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
})
const folder = async () => {
	const made = await mkdtemp(join(tmpdir(), 'api-backup-'))
	folders.push(made)
	return made
}
const backupTool = (command: string, dataDir: string, file: string) =>
	run(process.execPath, ['api/src/backup.ts', command, file], {
		env: { ...process.env, DATA_DIR: dataDir },
	})

test('a backup of the embedded database restores into a new data directory with its data', async () => {
	const [live, restored, files] = [await folder(), await folder(), await folder()]
	const original = await openDatabase({ dataDir: join(live, 'db') })
	await migrate(original)
	await original
		.insertInto('mail_outbox')
		.values({
			kind: 'test',
			to_address: 'kept@example.com',
			subject: 'Kept across a restore',
			text_body: 'text',
			html_body: '<p>text</p>',
		})
		.execute()
	await original.destroy()

	const file = join(files, 'tutorhub.tar.gz')
	expect((await backupTool('backup', live, file)).stdout).toContain(`written to ${file}`)
	expect((await backupTool('restore', restored, file)).stdout).toContain(`made from ${file}`)

	const copy = await openDatabase({ dataDir: join(restored, 'db') })
	try {
		const rows = await copy.selectFrom('mail_outbox').select(['to_address', 'subject']).execute()
		expect(rows).toEqual([{ to_address: 'kept@example.com', subject: 'Kept across a restore' }])
		// Migrated as it was: nothing is left to apply.
		expect(await migrate(copy)).toEqual([])
	} finally {
		await copy.destroy()
	}

	// A restore never overwrites a database.
	await expect(backupTool('restore', live, file)).rejects.toMatchObject({
		stderr: expect.stringContaining('already holds a database'),
	})
}, 90_000)

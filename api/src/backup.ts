// Backup and restore of the embedded database (PGlite, DATA_DIR/db), while no API runs on it:
//   npm run backup -- <file.tar.gz>     writes the whole database to one file
//   npm run restore -- <file.tar.gz>    makes DATA_DIR/db from such a file (it must not exist yet)
// Each takes the data directory's one-writer lock, so neither runs beside an API. On PostgreSQL,
// use pg_dump and pg_restore instead (docs/deploy.md).
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { lockDataDir } from './platform/data-lock.ts'

const extensions = { pg_trgm }

const isEmptyOrMissing = async (dir: string) =>
	(await readdir(dir).catch(() => [])).filter((name) => !name.startsWith('.')).length === 0

/** Writes the embedded database in `dbDir` to `file` (a gzipped tar of its data directory). */
export async function backupEmbedded(dbDir: string, file: string): Promise<void> {
	if (await isEmptyOrMissing(dbDir)) throw new Error(`There is no embedded database in ${dbDir}`)
	const unlock = await lockDataDir(dbDir, { onLost: () => {} })
	try {
		const client = await PGlite.create({ dataDir: dbDir, extensions })
		try {
			const dump = await client.dumpDataDir('gzip')
			await writeFile(file, Buffer.from(await dump.arrayBuffer()))
		} finally {
			await client.close()
		}
	} finally {
		await unlock()
	}
}

/** Makes the embedded database in `dbDir` from a backup file; refuses to overwrite one. */
export async function restoreEmbedded(file: string, dbDir: string): Promise<void> {
	if (!(await isEmptyOrMissing(dbDir)))
		throw new Error(`${dbDir} already holds a database: move it away first, then restore`)
	const unlock = await lockDataDir(dbDir, { onLost: () => {} })
	try {
		const client = await PGlite.create({
			dataDir: dbDir,
			extensions,
			loadDataDir: new Blob([await readFile(file)]),
		})
		await client.close()
	} finally {
		await unlock()
	}
}

async function main() {
	const [command, file] = process.argv.slice(2)
	const dbDir = join(resolve(process.env.DATA_DIR || '.data'), 'db')
	if ((command !== 'backup' && command !== 'restore') || !file) {
		throw new Error('Usage: npm run backup -- <file.tar.gz>, or npm run restore -- <file.tar.gz>')
	}
	if (command === 'backup') await backupEmbedded(dbDir, file)
	else await restoreEmbedded(file, dbDir)
	console.log(command === 'backup' ? `${dbDir} written to ${file}` : `${dbDir} made from ${file}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error)
		process.exitCode = 1
	})
}

// The data-scale bench's generated schools, kept between runs (BENCH_DATA_CACHE): generating ×100
// takes half an hour on PGlite. A school is kept under `<root>/<database>-x<scale>-<key>`, the key
// a hash of the generator's SQL, with the migrations it was made under and the day it was made.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

const MIGRATIONS_DIR = 'api/migrations'
// The API's own rule for a migration's file name (api/src/migrate.ts).
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/

const sha256 = (content) => createHash('sha256').update(content).digest('hex')

/** The migrations present now, in the order the API applies them. */
export const currentMigrations = () =>
	readdirSync(MIGRATIONS_DIR)
		.filter((name) => MIGRATION_FILE.test(name))
		.sort()
		.map((name) => ({ name, sha256: sha256(readFileSync(join(MIGRATIONS_DIR, name))) }))

/** Today (UTC) and its week's Monday: the demo data's sessions are seeded relative to now. */
export function seedDay(now = new Date()) {
	const monday = new Date(now)
	monday.setUTCDate(now.getUTCDate() - ((now.getUTCDay() + 6) % 7))
	return { day: now.toISOString().slice(0, 10), monday: monday.toISOString().slice(0, 10) }
}

/** `cp -a`: ownership and modes kept (a PostgreSQL cluster is owned by its server's user). */
function copy(from, to) {
	const { status, stderr } = spawnSync('cp', ['-a', from, to], { encoding: 'utf8' })
	if (status !== 0) throw new Error(`cp -a ${from} ${to} failed: ${stderr}`)
}

/**
 * The kept school of one database and scale. `parts` names the directories a school is made of
 * (the product's data directory, PostgreSQL's cluster), each copied whole.
 */
export function schoolCache(root, database, scale, generatorSql) {
	const dir = join(root, `${database}-x${scale}-${sha256(generatorSql).slice(0, 16)}`)
	const metaFile = join(dir, 'school.json')
	return {
		dir,
		/** Why the kept school cannot be used now, or null when it can. */
		staleness() {
			if (!existsSync(metaFile)) return 'no school kept yet'
			const kept = JSON.parse(readFileSync(metaFile, 'utf8'))
			const now = seedDay()
			if (kept.day !== now.day || kept.monday !== now.monday)
				return `the kept school was generated on ${kept.day}, and its sessions are seeded relative to that day`
			// A migration added since (a new index) is applied by the API's start on the copy; one
			// changed or removed since means the kept schema is not one the migrations make.
			const migrations = currentMigrations()
			const changed = kept.migrations.find(
				(migration, index) =>
					migration.name !== migrations[index]?.name ||
					migration.sha256 !== migrations[index]?.sha256,
			)
			if (changed) return `migration ${changed.name} changed or went since the school was kept`
			return null
		},
		meta: () => JSON.parse(readFileSync(metaFile, 'utf8')),
		/** Copies the kept school's parts to where the run works on them (the kept copy stays as it is). */
		restore(parts) {
			for (const [name, to] of Object.entries(parts)) {
				rmSync(to, { recursive: true, force: true })
				copy(join(dir, name), to)
			}
		},
		/**
		 * Keeps a copy of the parts, written beside and renamed into place so a cut-off copy is never
		 * taken. `details` must hold the seed's `day` and `monday` and the `migrations` it ran under.
		 */
		keep(parts, details) {
			const partial = `${dir}.partial-${process.pid}`
			rmSync(partial, { recursive: true, force: true })
			mkdirSync(partial, { recursive: true })
			for (const [name, from] of Object.entries(parts)) copy(from, join(partial, name))
			writeFileSync(
				join(partial, 'school.json'),
				`${JSON.stringify({ database, scale, ...details }, null, '\t')}\n`,
			)
			rmSync(dir, { recursive: true, force: true })
			renameSync(partial, dir)
		},
	}
}

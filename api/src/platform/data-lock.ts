import { mkdir } from 'node:fs/promises'
import lockfile from 'proper-lockfile'

/** What a second process says when the embedded database already has its writer. */
export const dataDirHeldMessage = (dir: string) =>
	`Another API process is already using the embedded database in ${dir}. ` +
	'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).'

export class DataDirHeldError extends Error {}

// The holder touches its lock every UPDATE_MS; one untouched for STALE_MS belongs to a process
// that died, and is taken over. A start waits a little longer than that before it gives up, so a
// restart right after a crash still gets the database.
const STALE_MS = 10_000
const UPDATE_MS = 4_000
const RETRIES = { retries: 12, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 }

/**
 * Takes the one-writer lock on an embedded database directory (PGlite keeps no lock of its own,
 * and a second writer's acknowledged commits are lost on the next restart). Answers the release.
 * `onLost` runs if the lock is ever taken from under this process (e.g. the machine froze past
 * the stale time): the caller must stop writing.
 */
export async function lockDataDir(
	dir: string,
	{ onLost }: { onLost: (error: Error) => void },
): Promise<() => Promise<void>> {
	await mkdir(dir, { recursive: true })
	try {
		return await lockfile.lock(dir, {
			stale: STALE_MS,
			update: UPDATE_MS,
			retries: RETRIES,
			realpath: false,
			onCompromised: onLost,
		})
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
			throw new DataDirHeldError(dataDirHeldMessage(dir))
		}
		throw error
	}
}

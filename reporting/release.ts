// Which build an error report comes from (Sentry's release), for the app's server, its pages and
// the API alike: SENTRY_RELEASE when the operator sets it, else the id `npm run build` wrote to
// build/release.txt (the git commit it built, or a build id when there is no git), else, for a
// program run from a checkout without a build (the API in development), the checkout's commit.
//
// Server-only (node:fs); the pages get the app server's value with their settings.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'

type Environment = Record<string, string | undefined>

/** A release id: what Sentry takes (no slashes or line breaks), at most 200 characters. */
const RELEASE = /^[\w.@+:-]{1,200}$/

/** The commit checked out in `cwd`, or undefined outside a git checkout (or without git). */
export function gitCommit(cwd = process.cwd()): string | undefined {
	try {
		const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
			cwd,
			stdio: ['ignore', 'pipe', 'ignore'],
		})
			.toString()
			.trim()
		return /^[0-9a-f]{40,64}$/.test(commit) ? commit : undefined
	} catch {
		return undefined
	}
}

/** At build time: SENTRY_RELEASE, else the commit being built, else a new build id. */
export function buildRelease(environment: Environment = process.env, cwd = process.cwd()) {
	const given = environment.SENTRY_RELEASE?.trim()
	if (given) {
		if (!RELEASE.test(given))
			throw new Error(`SENTRY_RELEASE must be letters, digits and . _ - @ + :, got "${given}"`)
		return given
	}
	const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
	return gitCommit(cwd) ?? `build-${stamp}-${randomBytes(4).toString('hex')}`
}

/** When a program starts: SENTRY_RELEASE, else the build's release file, else the checkout's commit. */
export function runtimeRelease(
	environment: Environment,
	releaseFile: string,
	cwd = process.cwd(),
): string | undefined {
	const given = environment.SENTRY_RELEASE?.trim()
	if (given) return given
	try {
		const written = readFileSync(releaseFile, 'utf8').trim()
		if (RELEASE.test(written)) return written
	} catch {
		// No build here: a checkout run as it is.
	}
	return gitCommit(cwd)
}

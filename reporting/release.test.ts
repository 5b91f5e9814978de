import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildRelease, gitCommit, runtimeRelease } from './release.ts'

// Sentry's release comes from the build (issue 26), not a fixed frontend@1.0.0.

let outside: string
beforeAll(async () => {
	// A folder outside any git checkout: a release folder as deployed.
	outside = await mkdtemp(join(tmpdir(), 'tutorhub-release-'))
})
afterAll(() => rm(outside, { recursive: true, force: true }))

describe('buildRelease', () => {
	it('is SENTRY_RELEASE when set, and refuses one Sentry cannot take', () => {
		expect(buildRelease({ SENTRY_RELEASE: 'tutorhub@2026.11.27' })).toBe('tutorhub@2026.11.27')
		expect(() => buildRelease({ SENTRY_RELEASE: 'a/b c' })).toThrow(/SENTRY_RELEASE must be/)
	})

	it('is the commit being built in a checkout, else a build id that differs per build', () => {
		const commit = gitCommit()
		expect(commit).toMatch(/^[0-9a-f]{40}$/)
		expect(buildRelease({})).toBe(commit)
		expect(gitCommit(outside)).toBeUndefined()
		const first = buildRelease({}, outside)
		expect(first).toMatch(/^build-\d{14}-[0-9a-f]{8}$/)
		expect(buildRelease({}, outside)).not.toBe(first)
	})
})

describe('runtimeRelease', () => {
	it('is SENTRY_RELEASE, else the release file the build wrote, else the commit', async () => {
		const file = join(outside, 'release.txt')
		await writeFile(file, 'build-20261127035200-0a1b2c3d\n')
		expect(runtimeRelease({ SENTRY_RELEASE: 'given' }, file, outside)).toBe('given')
		expect(runtimeRelease({}, file, outside)).toBe('build-20261127035200-0a1b2c3d')
		expect(runtimeRelease({}, join(outside, 'none.txt'))).toBe(gitCommit())
		expect(runtimeRelease({}, join(outside, 'none.txt'), outside)).toBeUndefined()
	})
})

// The release id of this build (reporting/release.ts): SENTRY_RELEASE, else the commit built,
// else a new build id; written to build/release.txt, which the app server and the API report as
// Sentry's release when SENTRY_RELEASE is not set where they run.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildRelease } from '../reporting/release.ts'

const release = buildRelease()
await writeFile(join(process.env.BUILD_DIR ?? 'build', 'release.txt'), `${release}\n`)
console.log(`Release ${release}`)

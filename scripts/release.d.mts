/** What scripts/release.mjs copies into a release, besides the build and package.json. */
export const RELEASE_FILES: string[]
/** package.json's scripts a release keeps. */
export const RELEASE_SCRIPTS: string[]

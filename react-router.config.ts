import type { Config } from '@react-router/dev/config'
import { sentryOnBuildEnd } from '@sentry/react-router'

export default {
	ssr: true,
	// BUILD_DIR lets parallel test runs on one machine keep separate builds.
	buildDirectory: process.env.BUILD_DIR ?? 'build',
	// Source maps are uploaded (then deleted) only when a Sentry auth token is present.
	buildEnd: async (args) => {
		if (process.env.SENTRY_AUTH_TOKEN) await sentryOnBuildEnd(args)
	},
} satisfies Config

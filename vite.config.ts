import { lingui } from '@lingui/vite-plugin'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { sentryReactRouter } from '@sentry/react-router'
import { fileURLToPath } from 'node:url'
import { defineConfig, type PluginOption } from 'vite'
import { linguiMacros } from './scripts/lingui-macros'

const uploadSourceMaps = Boolean(process.env.SENTRY_AUTH_TOKEN)

export default defineConfig((config) => {
	// A build refuses a shipped language's missing translation and a message that is not valid ICU
	// (locales/catalogs.test.ts says the same in `npm test`); the dev server shows the English
	// meanwhile, so a new string can be tried before it is translated.
	const catalogs = lingui({
		failOnMissing: config.command === 'build' ? 'catalog' : false,
		failOnCompileError: config.command === 'build',
	})
	const plugins: PluginOption[] = [linguiMacros(), catalogs, tailwindcss(), reactRouter()]
	if (uploadSourceMaps) {
		plugins.push(
			sentryReactRouter(
				{
					org: process.env.SENTRY_ORG,
					project: process.env.SENTRY_PROJECT,
					authToken: process.env.SENTRY_AUTH_TOKEN,
					telemetry: false,
					sourceMapsUploadOptions: { filesToDeleteAfterUpload: ['build/**/*.map'] },
				},
				config,
			),
		)
	}
	return {
		plugins,
		build: {
			sourcemap: uploadSourceMaps ? 'hidden' : false,
			rolldownOptions: {
				output: {
					// The small pieces every page's frame uses travel as one file, not a dozen: on a
					// slow phone connection each extra request before hydration costs a round trip.
					codeSplitting: config.isSsrBuild
						? undefined
						: {
								groups: [
									{
										name: 'frame',
										test: /[\\/]app[\\/](ui[\\/](button|spinner|use-hydrated|logout-button|load-error|toasts|sonner|link|error-pages|language-switcher)|platform[\\/](offline-snapshot|roles|nonce|network-failure|offline-forms|upstream-errors))\.tsx?$/,
									},
								],
							},
				},
			},
		},
		resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
		server: {
			host: '127.0.0.1',
			// Live-room sockets go to the API, as server.mjs does in production.
			proxy: {
				'^/api/v1/rooms/[^/]+/socket': {
					target: process.env.API_URL ?? 'http://127.0.0.1:4000',
					ws: true,
				},
			},
		},
	}
})

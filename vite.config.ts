import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { sentryReactRouter } from '@sentry/react-router'
import { fileURLToPath } from 'node:url'
import { defineConfig, type PluginOption } from 'vite'

const uploadSourceMaps = Boolean(process.env.SENTRY_AUTH_TOKEN)

export default defineConfig((config) => {
	const plugins: PluginOption[] = [tailwindcss(), reactRouter()]
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
		build: { sourcemap: uploadSourceMaps ? 'hidden' : false },
		resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
		server: {
			host: '127.0.0.1',
			// Live-room sockets go to the API, as server.mjs does in production.
			proxy: {
				'^/api/v1/rooms/[^/]+/socket': { target: process.env.API_URL ?? 'http://127.0.0.1:4000', ws: true },
			},
		},
	}
})

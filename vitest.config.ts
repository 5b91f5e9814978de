import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import { defineConfig } from 'vitest/config'
import { linguiMacros } from './scripts/lingui-macros'

// Own config without the reactRouter plugin: unit and API tests run in plain Node.
export default defineConfig({
	// The app's translations compile in tests as in the build (decision 063).
	plugins: [linguiMacros(), lingui()],
	resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'api/**/*.test.ts',
			'reporting/**/*.test.ts',
			'deploy/**/*.test.ts',
			'conformance/**/*.test.ts',
			'docs/**/*.test.ts',
			'bench/**/*.test.ts',
			'locales/**/*.test.ts',
		],
		environment: 'node',
		setupFiles: ['app/platform/messages-in-tests.ts'],
		testTimeout: 30_000,
		hookTimeout: 90_000,
		pool: 'forks',
		// Vitest leaves a core free by default: on two cores that is one test file at a time.
		maxWorkers: availableParallelism(),
	},
})

import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Own config without the reactRouter plugin: unit and API tests run in plain Node.
export default defineConfig({
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
		],
		environment: 'node',
		testTimeout: 30_000,
		hookTimeout: 90_000,
		pool: 'forks',
		// Vitest leaves a core free by default: on two cores that is one test file at a time.
		maxWorkers: availableParallelism(),
	},
})

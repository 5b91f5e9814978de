import { defineConfig } from 'vitest/config'

// The multi-process suite (multiprocess/): real PostgreSQL, Redis, two API and two app processes.
// Its own config: it needs the production build, so `npm test` runs it after the build step.
export default defineConfig({
	test: {
		include: ['multiprocess/**/*.test.ts'],
		environment: 'node',
		testTimeout: 60_000,
		hookTimeout: 240_000,
		pool: 'forks',
		fileParallelism: false,
	},
})

// The API test suite on a real PostgreSQL: starts a throwaway cluster on loopback, runs Vitest over
// api/ with TEST_DATABASE_URL (each test file then makes databases of its own on it: see
// openTestDatabase in api/test/helpers.ts), and stops the cluster. Extra arguments go to Vitest.
//   node scripts/api-tests-postgres.mjs [test files] [vitest args]   (PG_TEST_PORT picks the port)
// Without test files it runs every test under api/.
import { spawn } from 'node:child_process'
import { startTempPostgres } from './temp-postgres.mjs'

const postgres = await startTempPostgres({ port: Number(process.env.PG_TEST_PORT) || undefined })
console.log(`PostgreSQL for the API tests on 127.0.0.1:${postgres.port}`)
const args = process.argv.slice(2)
const files = args.filter((arg) => !arg.startsWith('-'))
const vitest = spawn(
	'node_modules/.bin/vitest',
	['run', ...(files.length ? [] : ['api/']), ...args],
	{
		stdio: 'inherit',
		env: { ...process.env, TEST_DATABASE_URL: postgres.url },
	},
)
const stop = () => vitest.kill('SIGTERM')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
const code = await new Promise((resolve) => vitest.once('exit', (status) => resolve(status ?? 1)))
await postgres.stop()
process.exit(code)

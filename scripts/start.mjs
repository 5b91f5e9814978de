// `npm start`: builds the app (--build, unless --no-build follows it), then runs the API and the
// app (scripts/launch.mjs). package.json runs it as `exec node scripts/start.mjs --build`, so the
// shell npm starts is replaced by this process: npm's SIGTERM or SIGINT reaches the launcher, which
// stops both programs and exits (a shell in between, Debian's dash, died of it and left all three
// running). A release (npm run release) has its build and runs it without --build.
import { launch, npmRun } from './launch.mjs'

const flags = process.argv.slice(2).filter((arg) => arg === '--build' || arg === '--no-build')
if (flags.at(-1) === '--build') {
	const { child: build, exited } = npmRun('build')
	// Stopped while building: the build stops too, and nothing is started.
	const stopBuild = (signal) => build.kill(signal)
	process.on('SIGINT', stopBuild)
	process.on('SIGTERM', stopBuild)
	const { exitCode: code, signalCode: signal } = await exited
	process.off('SIGINT', stopBuild)
	process.off('SIGTERM', stopBuild)
	if (signal) process.exit(0)
	if (code !== 0) {
		console.error('TutorHub did not start: the build failed (above).')
		process.exit(code ?? 1)
	}
}

const appPort = Number(process.env.PORT ?? 3000)
const apiPort = Number(process.env.API_PORT ?? 4000)
const { appUrl } = await launch({
	appPort,
	apiPort,
	host: process.env.HOST ?? '127.0.0.1',
	dataDir: process.env.DATA_DIR ?? '.data',
}).catch((error) => {
	// The process that failed has said why above (e.g. another API holds the database).
	console.error(`TutorHub did not start: ${error.message}`)
	process.exit(1)
})

// Production has the demo accounts only when asked for (SEED_DEMO=1, docs/deploy.md).
const seeded =
	process.env.NODE_ENV === 'production'
		? process.env.SEED_DEMO === '1'
		: process.env.SEED_DEMO !== '0'
const demo = `
Demo accounts (password DemoPass123!):
  student       student@example.com
  teacher       teacher@example.com
  organization  organization@example.com   (use "Organization" on the login page)
`
console.log(`
TutorHub is running on ${appUrl.replace('127.0.0.1', 'localhost')}
${seeded ? demo : ''}
Press Ctrl+C to stop.
`)

import { launch } from './launch.mjs'

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

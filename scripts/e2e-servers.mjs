// The servers the Playwright journeys drive: a fresh database each run, short-lived access tokens
// so the refresh path really runs, and the API's test hooks (revoking a session on purpose).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launch } from './launch.mjs'

const dataDir = mkdtempSync(join(tmpdir(), 'tutorhub-e2e-'))
const [appPort = '3310', apiPort = '4310'] = process.argv.slice(2)
const { stop } = await launch({
	appPort: Number(appPort),
	apiPort: Number(apiPort),
	dataDir,
	quiet: true,
	env: {
		ACCESS_TOKEN_TTL: '12',
		API_TEST_HOOKS: '1',
		UPSTREAM_RETRY_DELAY_MS: '50',
		SESSION_SECRET: 'e2e-session-secret',
		TOAST_SECRET: 'e2e-toast-secret',
		// Known to the suites that start an app process of their own (e2e/http/deploy-settings.spec.ts).
		API_PROXY_SECRET: 'e2e-proxy-secret',
	},
})
const cleanUp = () => {
	stop()
	rmSync(dataDir, { recursive: true, force: true })
}
process.on('SIGTERM', cleanUp)
process.on('SIGINT', cleanUp)

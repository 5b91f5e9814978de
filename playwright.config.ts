import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

// Journeys run against the production build and a fresh reference API, twice: with JavaScript
// and without it. Ports are unusual so a developer's `npm start` can keep running; E2E_APP_PORT,
// E2E_API_PORT, BUILD_DIR and E2E_OUTPUT_DIR let several runs share one machine.
export const appPort = Number(process.env.E2E_APP_PORT ?? 3310)
export const apiPort = Number(process.env.E2E_API_PORT ?? 4310)
const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results'
/**
 * Debian's headless shell (the build Playwright itself uses for headless runs) costs about a third
 * less CPU than the full browser; the full one serves where only it is installed.
 */
const chromium =
	process.env.E2E_CHROMIUM ??
	['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))
export const apiUrl = `http://127.0.0.1:${apiPort}/api/v1`
/** Where the e2e servers' SMTP server writes each mail it receives (e2e/mailbox.ts reads them). */
export const mailboxDir = `${outputDir}/mailbox`
/**
 * The e2e servers' DNS server answers TXT questions from the files here, one `<name>.json` each:
 * the journeys publish organizations' domain records there (e2e/dns.ts, decision 051).
 */
export const dnsRecordsDir = `${outputDir}/dns`

export default defineConfig({
	testDir: 'e2e',
	fullyParallel: true,
	workers: 2,
	retries: 0,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	forbidOnly: Boolean(process.env.CI),
	outputDir: `${outputDir}/playwright`,
	reporter: [['list'], ['json', { outputFile: `${outputDir}/e2e.json` }]],
	use: {
		baseURL: `http://127.0.0.1:${appPort}`,
		// A failed test keeps its trace (every action with the page's DOM before and after it), but
		// without the screencast: filming every test cost a third of the suite's CPU. CI keeps no
		// files, only what the run prints, so there it records none (another tenth of the CPU).
		trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
		launchOptions: {
			executablePath: chromium,
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [
		// Browser journeys, each run with JavaScript on and with it off.
		{
			name: 'js',
			testIgnore: ['http/**', 'load/**', 'pseudo-locale.spec.ts'],
			use: { javaScriptEnabled: true },
		},
		{
			name: 'no-js',
			testIgnore: ['http/**', 'load/**', 'pseudo-locale.spec.ts'],
			use: { javaScriptEnabled: false },
		},
		// The pseudo-locale over every page (issue 40) runs alone, first, on servers of its own: it
		// tells the interface's words from data it knows, and other journeys' data would blur that.
		{ name: 'pseudo', testMatch: 'pseudo-locale.spec.ts', use: { javaScriptEnabled: true } },
		// Checks made over plain HTTP (security matrix, fuzzing, upstream faults): no browser, once.
		{ name: 'http', testMatch: 'http/**/*.spec.ts' },
		// The load test runs alone (`npm test` starts it after the others) so it slows no journey.
		{ name: 'load', testMatch: 'load/**/*.spec.ts' },
	],
	webServer: {
		command: `node scripts/e2e-servers.mjs ${appPort} ${apiPort} ${mailboxDir} ${dnsRecordsDir}`,
		url: `http://127.0.0.1:${appPort}/`,
		reuseExistingServer: false,
		timeout: 240_000,
		stdout: 'ignore',
		stderr: 'pipe',
	},
})

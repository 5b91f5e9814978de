import { defineConfig } from '@playwright/test'

// Journeys run against the production build and a fresh reference API, twice: with JavaScript
// and without it. Ports are fixed and unusual so a developer's `npm start` can keep running.
export const appPort = 3310
export const apiPort = 4310
export const apiUrl = `http://127.0.0.1:${apiPort}/api/v1`

export default defineConfig({
	testDir: 'e2e',
	fullyParallel: true,
	workers: 2,
	retries: 0,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	forbidOnly: Boolean(process.env.CI),
	reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
	use: {
		baseURL: `http://127.0.0.1:${appPort}`,
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: '/usr/bin/chromium',
			args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
		},
	},
	projects: [
		{ name: 'js', use: { javaScriptEnabled: true } },
		{ name: 'no-js', use: { javaScriptEnabled: false } },
	],
	webServer: {
		command: `node scripts/e2e-servers.mjs`,
		url: `http://127.0.0.1:${appPort}/`,
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'ignore',
		stderr: 'pipe',
	},
})

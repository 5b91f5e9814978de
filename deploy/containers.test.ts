// The container files (issue 26). These machines cannot pull images, so no container runs here:
// the release inside the image is what multiprocess/release.test.ts builds and starts. This
// checks that the files parse and hang together: the Dockerfile's build is the release script and
// its commands are in the release, compose.yaml runs the same commands with the settings
// docs/deploy.md names, and the proxy's configuration names the services compose runs.
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { RELEASE_FILES } from '../scripts/release.mjs'

type Service = {
	image?: string
	build?: { context: string; dockerfile: string }
	command?: string[]
	environment?: Record<string, string | null>
	depends_on?: Record<string, { condition: string }> | string[]
	healthcheck?: { test: string[] }
	volumes?: string[]
}
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as {
	services: Record<string, Service>
}
const services = compose.services
const dockerfile = readFileSync('Dockerfile', 'utf8')
const caddyfile = readFileSync('deploy/Caddyfile', 'utf8')
const deployGuide = readFileSync('docs/deploy.md', 'utf8')

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions = dockerfile
	.replace(/\\\n/g, ' ')
	.split('\n')
	.map((line) => line.trim())
	.filter((line) => line && !line.startsWith('#'))

/** A file a command runs is in the release (or is the build, which the release holds). */
const inRelease = (file: string) =>
	file.startsWith('build/') ||
	RELEASE_FILES.some((path) => file === path || file.startsWith(`${path}/`))

/** The settings docs/deploy.md's table names (each row's first cell, one or several names). */
const documented = new Set(
	deployGuide
		.split('\n')
		.filter((line) => line.startsWith('| `'))
		.flatMap((line) =>
			[...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]),
		),
)

/** Each row of docs/deploy.md's settings table: its names and the programs that read them. */
const settingsTable = (deployGuide.split('\n## Settings')[1] ?? '')
	.split('\n## ')[0]!
	.split('\n')
	.filter((line) => line.startsWith('| `'))
	.map((line) => {
		const [, names = '', readers = ''] = line.split('|')
		return {
			names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!),
			app: /\bapp\b/.test(readers),
			api: /\bAPI\b/.test(readers),
		}
	})

/** Documented settings compose does not pass on, and why. */
const NOT_IN_COMPOSE: Record<string, string> = {
	DATA_DIR: 'the embedded database and disk uploads: compose keeps them in PostgreSQL and MinIO',
	API_TEST_HOOKS: 'refused in production',
}

describe('Dockerfile', () => {
	it('builds on the official Node 24 slim image with the release script, and runs as a user', () => {
		const stages = instructions.filter((line) => line.startsWith('FROM '))
		expect(stages.length).toBeGreaterThanOrEqual(2)
		for (const stage of stages) expect(stage).toMatch(/^FROM node:24-slim\b/)
		expect(instructions).toContainEqual(expect.stringMatching(/^RUN .*npm run release\b/))
		expect(instructions).toContainEqual(expect.stringMatching(/^RUN npm ci --omit=dev\b/))
		const user = instructions.filter((line) => line.startsWith('USER ')).at(-1)
		expect(user).toBeDefined()
		expect(user).not.toMatch(/^USER (root|0)\b/)
	})

	it('copies files that exist and runs files the release holds', () => {
		for (const line of instructions.filter((each) => /^COPY (?!--from)/.test(each))) {
			const sources = line.split(/\s+/).slice(1, -1)
			for (const source of sources) expect(existsSync(source), line).toBe(true)
		}
		const exec = (name: string) => {
			const line = instructions.find((each) => each.startsWith(`${name} `)) ?? ''
			return JSON.parse(line.replace(/^.*?(\[.*\])$/, '$1')) as string[]
		}
		const cmd = exec('CMD')
		expect(cmd[0]).toBe('node')
		expect(inRelease(cmd[1]!), cmd[1]).toBe(true)
		// HEALTHCHECK [options] CMD ["node", "scripts/healthcheck.mjs"]
		expect(instructions.find((each) => each.startsWith('HEALTHCHECK '))).toMatch(/ CMD \[/)
		const health = exec('HEALTHCHECK')
		expect(health[0]).toBe('node')
		expect(inRelease(health[1]!), health[1]).toBe(true)
	})
})

describe('compose.yaml', () => {
	it('runs two apps behind a proxy, two APIs, PostgreSQL, Redis and an S3 store', () => {
		expect(services['proxy']?.image).toMatch(/^caddy:/)
		expect(services['postgres']?.image).toMatch(/^postgres:/)
		expect(services['redis']?.image).toMatch(/^redis:/)
		expect(services['minio']?.image).toMatch(/minio\/minio:/)
		for (const name of ['app-1', 'app-2'])
			expect(services[name]?.command?.slice(-2)).toEqual(['server.mjs', 'build/server/index.js'])
		for (const name of ['api-1', 'api-2'])
			expect(services[name]?.command).toEqual(['node', 'api/src/main.ts'])
		expect(services['migrate']?.build).toEqual({ context: '.', dockerfile: 'Dockerfile' })
		for (const service of Object.values(services))
			for (const file of (service.command ?? []).filter((arg) => /\.(m?js|ts)$/.test(arg)))
				expect(inRelease(file), file).toBe(true)
	})

	it('migrates once before the APIs start, and the apps call the APIs through the proxy', () => {
		expect(services['migrate']?.command).toEqual(['node', 'api/src/main.ts', '--migrate'])
		expect(services['migrate']?.environment).toEqual(services['api-1']?.environment)
		for (const name of ['api-1', 'api-2'])
			expect(services[name]?.depends_on).toMatchObject({
				migrate: { condition: 'service_completed_successfully' },
			})
		for (const name of ['app-1', 'app-2'])
			expect(services[name]?.environment?.API_URL).toBe('http://proxy:4000')
		// The proxy's configuration is in the repository and names the services above.
		const [source] = services['proxy']?.volumes?.[0]?.split(':') ?? []
		expect(source).toBe('./deploy/Caddyfile')
		expect(caddyfile).toMatch(/reverse_proxy app-1:3000 app-2:3000/)
		expect(caddyfile).toMatch(/reverse_proxy api-1:4000 api-2:4000/)
		expect(caddyfile).toMatch(/health_uri \/api\/v1\/health/)
	})

	it('gives every process the settings production requires, each one documented', () => {
		const app = services['app-1']?.environment ?? {}
		const api = services['api-1']?.environment ?? {}
		for (const name of ['NODE_ENV', 'SESSION_SECRET', 'TOAST_SECRET', 'PUBLIC_URL', 'REDIS_URL'])
			expect(app, name).toHaveProperty(name)
		for (const name of ['JWT_SECRET', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_DISABLED', 'DATABASE_URL'])
			expect(api, name).toHaveProperty(name)
		expect(app.PUBLIC_URL).toBe(api.PUBLIC_URL)
		expect(app.API_PROXY_SECRET).toBe(api.API_PROXY_SECRET)
		for (const name of [...Object.keys(app), ...Object.keys(api)].filter(
			(each) => !each.startsWith('AWS_'),
		))
			expect(documented.has(name), `${name} in docs/deploy.md's table`).toBe(true)
	})

	it('passes every documented setting on to the programs that read it (issue 42)', () => {
		const environments = {
			app: services['app-1']?.environment ?? {},
			api: services['api-1']?.environment ?? {},
		}
		expect(settingsTable.length).toBeGreaterThan(30)
		const missing = settingsTable.flatMap(({ names, app, api }) =>
			names
				.filter((name) => !(name in NOT_IN_COMPOSE))
				.flatMap((name) => [
					...(app && !(name in environments.app) ? [`${name} (app)`] : []),
					...(api && !(name in environments.api) ? [`${name} (API)`] : []),
				]),
		)
		expect(missing).toEqual([])
		for (const name of ['app-2', 'api-2', 'migrate'])
			expect(services[name]?.environment).toEqual(
				services[name === 'app-2' ? 'app-1' : 'api-1']?.environment,
			)
	})

	it('runs images pinned to a release that exists, MinIO from its own registry', () => {
		for (const [name, service] of Object.entries(services)) {
			if (!service.image || service.build || service.image === 'tutorhub:latest') continue
			expect(service.image, name).toMatch(/:[\w.-]+$/)
			expect(service.image, name).not.toMatch(/:latest$/)
		}
		// minio/minio and minio/mc are gone from Docker Hub; quay.io keeps MinIO's releases.
		expect(services['minio']?.image).toBe('quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z')
		expect(services['bucket']?.image).toBe('quay.io/minio/mc:RELEASE.2025-08-13T08-35-41Z')
	})

	it('the proxy retries a request another way and leaves out a process that fails', () => {
		const blocks = caddyfile.split(/reverse_proxy /).slice(1)
		// The apps; the APIs' room sockets (by /api/v1/health/rooms); the rest of the API calls.
		expect(blocks).toHaveLength(3)
		expect(caddyfile).toMatch(/health_uri \/api\/v1\/health\/rooms\n/)
		for (const block of blocks) {
			expect(block).toMatch(/\n\s*lb_retries \d+/)
			expect(block).toMatch(/\n\s*lb_try_duration \d+s/)
			expect(block).toMatch(/\n\s*fail_duration \d+s/)
			expect(block).toMatch(/\n\s*max_fails \d+/)
			expect(block).toMatch(/\n\s*health_uri \//)
		}
	})

	it('checks each app and API with its health endpoint', () => {
		expect(services['app-1']?.healthcheck?.test.at(-1)).toMatch(/\/healthz$/)
		expect(services['api-1']?.healthcheck?.test.at(-1)).toMatch(/\/api\/v1\/health$/)
	})
})

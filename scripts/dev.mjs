// Development: the API (restarted on change by Node's own --watch) and the Vite dev server with HMR.
// With SENTRY_DSN set, both report errors as in production, under the 'development' environment.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const apiPort = process.env.API_PORT ?? '4000'
const reporting = process.env.SENTRY_DSN
	? { SENTRY_ENVIRONMENT: process.env.SENTRY_ENVIRONMENT ?? 'development' }
	: {}
// The CLI's file name is the package's to choose (React Router 8 renamed it): read it from there.
const cli = JSON.parse(readFileSync('node_modules/@react-router/dev/package.json', 'utf8')).bin[
	'react-router'
]
const children = [
	spawn(process.execPath, ['--watch', 'api/src/main.ts'], {
		stdio: 'inherit',
		env: { ...process.env, ...reporting, API_PORT: apiPort },
	}),
	spawn(
		process.execPath,
		[
			...(process.env.SENTRY_DSN ? ['--import', './instrument.server.mjs'] : []),
			`node_modules/@react-router/dev/${cli}`,
			'dev',
			'--port',
			process.env.PORT ?? '3000',
		],
		{
			stdio: 'inherit',
			env: {
				NODE_ENV: 'development',
				...process.env,
				...reporting,
				API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
			},
		},
	),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
for (const child of children) child.on('exit', stop)
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

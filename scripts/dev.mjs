// Development: the API (restarted on change by tsx watch) and the Vite dev server with HMR.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '4000'
const children = [
	spawn(process.execPath, ['--import', 'tsx', '--watch', 'api/src/main.ts'], {
		stdio: 'inherit',
		env: { ...process.env, API_PORT: apiPort },
	}),
	spawn(process.execPath, ['node_modules/@react-router/dev/bin.js', 'dev', '--port', process.env.PORT ?? '3000'], {
		stdio: 'inherit',
		env: { NODE_ENV: 'development', ...process.env, API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}` },
	}),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
for (const child of children) child.on('exit', stop)
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

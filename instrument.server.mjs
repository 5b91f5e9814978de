// The app server's error reporting. server.mjs imports this first when SENTRY_DSN is set, so every
// way of starting the app (`npm start`, `node server.mjs build/server/index.js`) reports; it may
// also be preloaded with `node --import ./instrument.server.mjs` (init runs once either way).
import * as Sentry from '@sentry/react-router'
import { sentryOptions } from './reporting/options.ts'

if (process.env.SENTRY_DSN && !Sentry.getClient()) {
	Sentry.init({ dsn: process.env.SENTRY_DSN, ...sentryOptions(process.env) })
}

// Loaded with `node --import` only when SENTRY_DSN is set (see scripts/launch.mjs).
import * as Sentry from '@sentry/react-router'

Sentry.init({
	dsn: process.env.SENTRY_DSN,
	environment: 'production',
	release: 'frontend@1.0.0',
	tracesSampleRate: 1,
	sendDefaultPii: true,
})

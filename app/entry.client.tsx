import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})

// Error reporting is a separate chunk fetched after hydration, and only when configured.
const dsn = (window as { ENV?: { SENTRY_DSN?: string } }).ENV?.SENTRY_DSN
if (dsn) {
	void import('./platform/sentry.client').then(({ startSentry }) => startSentry(dsn))
}

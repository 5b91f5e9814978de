import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import {
	ignoreAbortedNavigations,
	reportReactError,
	reportRouteError,
	startErrorReports,
} from './platform/error-reports.client'
import { holdFormsOffline } from './platform/offline-forms'

/**
 * The server matches paths with React Router's route-pattern matcher (server.mjs, decision 049), and
 * its handoff tells the browser so. The browser keeps the default matcher, which gives the same
 * matches for this route table (app/route-matching.test.ts) and costs 6 KB less to download: without the
 * other matcher loaded here, React Router would refuse to start with the flag on.
 */
declare global {
	interface Window {
		__reactRouterContext?: { future?: Record<string, unknown> }
	}
}
delete window.__reactRouterContext?.future?.unstable_routePatternMatching

ignoreAbortedNavigations()
holdFormsOffline()

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter onError={reportRouteError} />
		</StrictMode>,
		{
			onRecoverableError: reportReactError('react.recoverable'),
			onUncaughtError: reportReactError('react.uncaught'),
		},
	)
})

startErrorReports()

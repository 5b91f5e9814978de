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

import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import {
	reportReactError,
	reportRouteError,
	startErrorReports,
} from './platform/error-reports.client'

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

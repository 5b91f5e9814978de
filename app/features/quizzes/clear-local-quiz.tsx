import { useEffect } from 'react'
import { clearStoredTest, readStoredTest } from './local-progress'

/** A finished test's saved local data is of no more use: drop it when its result is shown. */
export function ClearLocalTest({ sessionId }: { sessionId: string }) {
	useEffect(() => {
		if (readStoredTest(window.localStorage, sessionId)) clearStoredTest(window.localStorage)
	}, [sessionId])
	return null
}

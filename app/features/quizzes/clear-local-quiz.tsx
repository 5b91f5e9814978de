import { useEffect } from 'react'
import { clearStoredQuiz, readStoredQuiz } from './local-progress'

/** A finished test's saved local data is of no more use: drop it when its result is shown. */
export function ClearLocalQuiz({ sessionId }: { sessionId: string }) {
	useEffect(() => {
		if (readStoredQuiz(window.localStorage, sessionId)) clearStoredQuiz(window.localStorage)
	}, [sessionId])
	return null
}

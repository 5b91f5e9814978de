/** Where a test session's result is shown (after a submit, or for a session already closed). */
export const quizResultPath = (sessionId: string) =>
	`/studentdashboard/test-result/${encodeURIComponent(sessionId)}`

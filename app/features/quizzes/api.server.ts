import { t } from '@lingui/core/macro'
import type { Upstream } from '~/platform/upstream.server'
import {
	historyEntryAnswerSchema,
	historyListSchema,
	savedAnswersSchema,
	sessionAnswerSchema,
	startAnswerSchema,
	submittedSchema,
	type Progress,
} from './schema'

// The Tests calls of spec section 7 (plus reading and saving an attempt), with the spec's
// fallback texts. Test data changes by the second, so none of it is cached.

export function startQuizSession(api: Upstream, templateId: string) {
	return api.send('POST', `/test/templates/${encodeURIComponent(templateId)}/start`, {
		schema: startAnswerSchema,
		fallback: t`Failed to start test session`,
	})
}

export async function getQuizSession(api: Upstream, sessionId: string) {
	const { session } = await api.get(`/test/sessions/${encodeURIComponent(sessionId)}`, {
		schema: sessionAnswerSchema,
		fallback: t`Failed to start test session`,
		cache: false,
	})
	return session
}

export function saveAnswers(api: Upstream, sessionId: string, progress: Progress) {
	return api.send('PUT', `/test/sessions/${encodeURIComponent(sessionId)}/answers`, {
		json: progress,
		schema: savedAnswersSchema,
		fallback: t`Failed to submit test`,
	})
}

export function submitQuiz(api: Upstream, sessionId: string, { answers, flagged }: Progress) {
	const submissions = Object.entries(answers).map(([questionId, optionId]) => ({
		questionId: Number(questionId),
		optionId,
	}))
	return api.send('POST', `/test/sessions/${encodeURIComponent(sessionId)}/submit`, {
		json: { submissions, flagged },
		schema: submittedSchema,
		fallback: t`Failed to submit test`,
	})
}

export function getQuizHistory(
	api: Upstream,
	{ page = 1, limit = 10 }: { page?: number; limit?: number } = {},
) {
	return api.get('/test/history', {
		query: { page, limit },
		schema: historyListSchema,
		fallback: t`Failed to fetch test history`,
		retry: true,
		cache: false,
	})
}

export async function getQuizHistoryEntry(api: Upstream, historyId: string) {
	const { entry } = await api.get(`/test/history/${encodeURIComponent(historyId)}`, {
		schema: historyEntryAnswerSchema,
		fallback: t`Failed to fetch test history`,
		cache: false,
	})
	return entry
}

import { t } from '@lingui/core/macro'
import { data, type RouterContextProvider } from 'react-router'
import { replyStatus } from '~/platform/form.server'
import { readBodyWithin } from '~/platform/multipart.server'
import { upstream } from '~/platform/request.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { saveAnswers, submitQuiz } from './api.server'
import { islandRequestSchema, type IslandReply } from './schema'

// A whole test's answers are a few kilobytes (at most 100 questions); a larger body is not read.
const MAX_BODY_BYTES = 256 * 1024

/** The test island's autosave and submit, answered in JSON (the island tells a dropped connection
 * from a refusal by it, and queues the submit itself). */
export async function quizProgressAction(
	context: Readonly<RouterContextProvider>,
	request: Request,
) {
	const bytes = await readBodyWithin(request, MAX_BODY_BYTES)
	if (!bytes)
		return data<IslandReply>(
			{ ok: false, message: t`The answers are too large to send`, closed: false },
			{ status: 413 },
		)
	let body: unknown
	try {
		body = JSON.parse(new TextDecoder().decode(bytes))
	} catch {
		return data<IslandReply>(
			{ ok: false, message: t`Send the answers as JSON`, closed: false },
			{ status: 400 },
		)
	}
	const parsed = islandRequestSchema.safeParse(body)
	if (!parsed.success)
		return data<IslandReply>(
			{ ok: false, message: t`The answers could not be read`, closed: false },
			{ status: 400 },
		)
	const { intent, sessionId, progress } = parsed.data
	const resultUrl = `/studentdashboard/test-result/${encodeURIComponent(sessionId)}`
	const api = upstream(context, request)
	try {
		if (intent === 'save') {
			const saved = await saveAnswers(api, sessionId, progress)
			return data<IslandReply>({
				ok: true,
				intent,
				answersSavedAt: saved.answersSavedAt,
				saved: { answers: saved.answers, flagged: saved.flagged },
			})
		}
		await submitQuiz(api, sessionId, progress)
		return data<IslandReply>({ ok: true, intent, resultUrl })
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		// 409: the test is closed (submitted, or past its time limit): its result is ready.
		const closed = error.status === 409
		const status = replyStatus(error.status)
		return data<IslandReply>(
			{ ok: false, message: error.text, closed, ...(closed && { resultUrl }) },
			{ status },
		)
	}
}

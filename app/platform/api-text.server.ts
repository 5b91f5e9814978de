import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { currentI18n } from './i18n'

/**
 * The API's words the app shows (its error messages, field errors), in the request's language
 * (decision 064): the API writes them in English, and the `api` catalog holds each by its English
 * text under Lingui's id, so the app finds it here; a text the catalog does not hold stays as it is.
 */
export function apiText(text: string): string {
	const i18n = currentI18n()
	if (i18n.locale === 'en') return text
	const id = generateMessageId(text)
	return i18n.messages[id] === undefined ? text : i18n._(id)
}

/** An API error body with its `message`, `error` and field errors' `msg` in the request's language. */
export function withApiTexts(body: unknown): unknown {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
	const said = { ...(body as Record<string, unknown>) }
	for (const field of ['message', 'error'] as const) {
		if (typeof said[field] === 'string') said[field] = apiText(said[field])
	}
	if (Array.isArray(said.errors)) {
		said.errors = said.errors.map((entry: unknown) =>
			typeof entry === 'object' &&
			entry !== null &&
			typeof (entry as { msg?: unknown }).msg === 'string'
				? { ...entry, msg: apiText((entry as { msg: string }).msg) }
				: entry,
		)
	}
	return said
}

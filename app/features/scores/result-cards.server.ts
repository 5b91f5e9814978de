import type { RouterContextProvider } from 'react-router'
import { exportStreamLimit } from '~/features/scores/exports.server'
import { pageParam } from '~/platform/page-param'
import { upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { settle } from '~/platform/settle.server'
import { getResultCard, getResultCards } from './api.server'

/** Result cards a page shows (issue 28: a term of 5,000 students is 250 pages, not one table). */
export const CARDS_PER_PAGE = 20

/**
 * One page (`?page=`) of the result cards of a term (`?term=`, else the latest) and, with
 * `?student=`, one student's card.
 */
export async function loadResultCards(
	context: Readonly<RouterContextProvider>,
	request: Request,
	organization: SessionUser,
) {
	const api = upstream(context, request)
	const params = new URL(request.url).searchParams
	const term = params.get('term')?.trim().slice(0, 50) || undefined
	const studentId = params.get('student')
	const page = pageParam(params)
	const [cards, card, streamLimit] = await Promise.all([
		settle(getResultCards(api, organization.id, term, { page, limit: CARDS_PER_PAGE })),
		studentId && term
			? settle(getResultCard(api, organization.id, studentId, term))
			: Promise.resolve(null),
		exportStreamLimit(api, organization.id),
	])
	return { organizationName: organization.name, cards, card, page, streamLimit }
}

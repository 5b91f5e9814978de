import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { pageParam } from '~/platform/page-param'
import type { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import {
	cancelInvitation,
	getInvitations,
	getOrganizationMembers,
	inviteStudent,
	registerMember,
	removeStudent,
} from './api.server'
import { memberActionSchema } from './schema'

type Upstream = ReturnType<typeof upstream>
type Context = Readonly<RouterContextProvider>

const LIMIT = 10

/** `page` (at least 1) and `search` from the page's address. */
export function memberQuery(request: Request) {
	const params = new URL(request.url).searchParams
	return {
		page: pageParam(params),
		search: (params.get('search') ?? '').trim().slice(0, 100),
	}
}

export async function loadMembers(
	api: Upstream,
	organizationId: string,
	role: 'students' | 'tutors',
	request: Request,
) {
	const { page, search } = memberQuery(request)
	const [list, invitations] = await Promise.all([
		settle(getOrganizationMembers(api, organizationId, role, { page, limit: LIMIT, search })),
		role === 'students' ? settle(getInvitations(api, organizationId)) : null,
	])
	return {
		search,
		invitations: invitations?.ok ? invitations.value.invitations : [],
		list: list.ok
			? {
					ok: true as const,
					value: {
						members: (role === 'students' ? list.value.students : list.value.tutors) ?? [],
						total: list.value.total,
						page: list.value.page,
						totalPages: Math.ceil(list.value.total / LIMIT),
					},
				}
			: list,
	}
}

/** The member forms: register a new member; for students also invite one, cancel an invitation, remove. */
export async function memberAction(
	context: Context,
	api: Upstream,
	request: Request,
	organizationId: string,
	role: 'tutor' | 'student',
) {
	// Not request.url: a script-driven submission arrives at the route's `.data` address.
	const back = role === 'student' ? '/organization/students' : '/organization/teachers'
	const submission = parseForm(await readForm(request), { schema: memberActionSchema(role) })
	if (submission.status !== 'success') {
		// Remove and cancel have no field to show the error by: the page shows it as a toast.
		const intent = submission.payload.intent
		if (intent === 'remove' || intent === 'cancel-invitation')
			sendToast(context, {
				type: 'error',
				title: intent === 'remove' ? t`Choose a student` : t`Choose an invitation`,
				duration: 4000,
			})
		return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
	}
	const form = submission.value
	try {
		switch (form.intent) {
			case 'register':
				await registerMember(api, role, form)
				sendToast(context, successToast(t`Registered successfully`))
				break
			case 'attach':
				await inviteStudent(api, organizationId, form.email)
				sendToast(context, successToast(t`Invitation sent`))
				break
			case 'cancel-invitation':
				await cancelInvitation(api, organizationId, form.invitationId)
				sendToast(context, successToast(t`Invitation cancelled`))
				break
			case 'remove':
				await removeStudent(api, organizationId, form.studentId)
				sendToast(context, successToast(t`Student removed from the organization`))
				break
		}
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['password'])
	}
	return redirect(back)
}

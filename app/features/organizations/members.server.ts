import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
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
import {
	cancelInvitationSchema,
	existingStudentSchema,
	newMemberSchema,
	removeStudentSchema,
} from './schema'

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
	const formData = await readForm(request)
	// Not request.url: a script-driven submission arrives at the route's `.data` address.
	const back = role === 'student' ? '/organization/students' : '/organization/teachers'
	const intent = formData.get('intent')
	if (intent === 'attach' && role === 'student') {
		const submission = parseWithZod(formData, { schema: existingStudentSchema })
		if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
		try {
			await inviteStudent(api, organizationId, submission.value.email)
		} catch (error) {
			return replyWithUpstreamError(context, submission, error)
		}
		sendToast(context, successToast('Invitation sent'))
		return redirect(back)
	}
	if ((intent === 'cancel-invitation' || intent === 'remove') && role === 'student') {
		const submission = parseWithZod(formData, {
			schema: intent === 'remove' ? removeStudentSchema : cancelInvitationSchema,
		})
		if (submission.status !== 'success') {
			// These forms have no field to show the error by: the page shows it as a toast.
			sendToast(context, {
				type: 'error',
				title: intent === 'remove' ? 'Choose a student' : 'Choose an invitation',
				duration: 4000,
			})
			return data(submission.reply(), { status: 400 })
		}
		const { value } = submission
		try {
			if (value.intent === 'remove') await removeStudent(api, organizationId, value.studentId)
			else await cancelInvitation(api, organizationId, value.invitationId)
		} catch (error) {
			return replyWithUpstreamError(context, submission, error)
		}
		sendToast(
			context,
			successToast(
				value.intent === 'remove' ? 'Student removed from the organization' : 'Invitation cancelled',
			),
		)
		return redirect(back)
	}
	const submission = parseWithZod(formData, { schema: newMemberSchema })
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
	}
	try {
		await registerMember(api, role, submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['password'])
	}
	sendToast(context, successToast('Registered successfully'))
	return redirect(back)
}

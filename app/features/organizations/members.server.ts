import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { readForm, replyWithUpstreamError } from '~/platform/form.server'
import type { upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { attachStudent, getOrganizationMembers, registerMember } from './api.server'
import { existingStudentSchema, newMemberSchema } from './schema'

type Upstream = ReturnType<typeof upstream>
type Context = Readonly<RouterContextProvider>

const LIMIT = 10

/** `page` (at least 1) and `search` from the page's address. */
export function memberQuery(request: Request) {
	const params = new URL(request.url).searchParams
	const page = Number(params.get('page'))
	return {
		page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
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
	const list = await settle(
		getOrganizationMembers(api, organizationId, role, { page, limit: LIMIT, search }),
	)
	return {
		search,
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

/** The add-member forms: register a new member, or (students) attach an existing one. */
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
	if (formData.get('intent') === 'attach' && role === 'student') {
		const submission = parseWithZod(formData, { schema: existingStudentSchema })
		if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
		try {
			await attachStudent(api, organizationId, submission.value.email)
		} catch (error) {
			return replyWithUpstreamError(context, submission, error)
		}
		sendToast(context, successToast('Student added to the organization'))
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

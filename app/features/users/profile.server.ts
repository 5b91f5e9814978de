import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { FORM_LIMIT, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { startSession, upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { accountSettingsAction } from '~/features/account/account.server'
import { uploadProfilePicture } from './api.server'
import type { Profile } from './schema'
import { profilePictureSchema } from './schema'

type Upstream = ReturnType<typeof upstream>

// Twice the 2 MB picture limit is still read, so a slightly larger picture gets the field's own error.
const PICTURE_FORM_LIMIT = 4 * 1024 * 1024 + FORM_LIMIT

/**
 * The profile page's two forms, the same for students and teachers: a picture upload
 * (`intent=picture`) or the details, whose new name also goes into the session.
 */
export async function saveProfile<Details>(
	{
		context,
		request,
		user,
	}: { context: Readonly<RouterContextProvider>; request: Request; user: SessionUser },
	{
		role,
		parseDetails,
		updateDetails,
		returnTo,
	}: {
		role: 'student' | 'tutor'
		parseDetails: (formData: FormData) => Submission<Details>
		updateDetails: (api: Upstream, details: Details) => Promise<{ profile: Profile }>
		returnTo: string
	},
) {
	const api = upstream(context, request)
	const formData = await readForm(request, PICTURE_FORM_LIMIT)
	const accountAnswer = await accountSettingsAction({ context, request }, formData, returnTo)
	if (accountAnswer) return accountAnswer
	if (formData.get('intent') === 'picture') {
		const submission = parseWithZod(formData, { schema: profilePictureSchema })
		if (submission.status !== 'success')
			return data(
				{ picture: submission.reply({ hideFields: ['profilePicture'] }) },
				{ status: 400 },
			)
		try {
			await uploadProfilePicture(api, role, submission.value.profilePicture)
		} catch (error) {
			const reply = replyWithUpstreamError(context, submission, error, ['profilePicture'])
			return data({ picture: reply.data }, reply.init ?? undefined)
		}
	} else {
		const submission = parseDetails(formData)
		if (submission.status !== 'success')
			return data({ details: submission.reply() }, { status: 400 })
		try {
			const { profile } = await updateDetails(api, submission.value)
			const tokens = api.tokens()
			if (tokens) startSession(context, { ...user, name: profile.name }, tokens)
		} catch (error) {
			const reply = replyWithUpstreamError(context, submission, error)
			return data({ details: reply.data }, reply.init ?? undefined)
		}
	}
	sendToast(context, successToast('Profile updated successfully'))
	return redirect(returnTo)
}

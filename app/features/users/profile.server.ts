import { t } from '@lingui/core/macro'
import type { Submission } from '@conform-to/react'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getAccount } from '~/features/account/api.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { accountFormReply, saveAccountSettings } from '~/features/account/account.server'
import {
	accountIntents,
	accountSettingsSchemas,
	type AccountSettingsForm,
} from '~/features/account/schema'
import { FORM_LIMIT, parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { startSession, upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { needed, settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import type { Upstream } from '~/platform/upstream.server'
import {
	getStudentProfile,
	getTeacherProfile,
	updateStudentProfile,
	updateTeacherProfile,
	uploadProfilePicture,
} from './api.server'
import {
	profilePictureSchema,
	studentProfileFormSchema,
	teacherProfileFormSchema,
	type Profile,
} from './schema'

// The profile page, the same for students and teachers but for the details they keep.
type Context = Readonly<RouterContextProvider>
type Role = 'student' | 'tutor'

// Twice the 2 MB picture limit is still read, so a slightly larger picture gets the field's own error.
const PICTURE_FORM_LIMIT = 4 * 1024 * 1024 + FORM_LIMIT

const pictureForm = profilePictureSchema.extend({ intent: z.literal('picture') })

/** The student's profile page: its details, the picture, and the account forms (one schema over `intent`). */
export const studentProfileActionSchema = z.discriminatedUnion('intent', [
	studentProfileFormSchema.extend({ intent: z.literal('details') }),
	pictureForm,
	...accountSettingsSchemas,
])

/** The teacher's profile page: the same forms, with a teacher's details. */
export const teacherProfileActionSchema = z.discriminatedUnion('intent', [
	teacherProfileFormSchema.extend({ intent: z.literal('details') }),
	pictureForm,
	...accountSettingsSchemas,
])

const pages = {
	student: {
		getProfile: getStudentProfile,
		returnTo: '/studentdashboard/profile',
	},
	tutor: {
		getProfile: getTeacherProfile,
		returnTo: '/teachersdashboard/profile',
	},
} as const

/** The profile (the page cannot do without it) and the account part, which may fail alone. */
export async function loadProfile(
	context: Context,
	request: Request,
	user: SessionUser,
	role: Role,
) {
	const api = upstream(context, request)
	const [profile, account] = await Promise.all([
		needed(pages[role].getProfile(api, user.id)),
		settle(getAccount(api, { linkedSignIns: true })),
	])
	return { profile, account, timeZone: viewerTimeZone(request).zone }
}

type PictureForm = z.infer<typeof pictureForm>
type ProfileForm<Details> = Details | PictureForm | AccountSettingsForm

/**
 * The profile page's forms: the details (whose new name also goes into the session), the picture,
 * and the account forms. The details and picture answers are keyed by form, the account forms'
 * are told apart by the `intent` they echo.
 */
export async function saveProfile(
	context: Context,
	request: Request,
	user: SessionUser,
	role: Role,
) {
	const formData = await readForm(request, PICTURE_FORM_LIMIT)
	const page = { context, request, user, role }
	if (role === 'student')
		return answerProfileForm(
			page,
			parseForm(formData, { schema: studentProfileActionSchema }),
			updateStudentProfile,
		)
	return answerProfileForm(
		page,
		parseForm(formData, { schema: teacherProfileActionSchema }),
		updateTeacherProfile,
	)
}

async function answerProfileForm<Details extends { intent: 'details' }>(
	{
		context,
		request,
		user,
		role,
	}: { context: Context; request: Request; user: SessionUser; role: Role },
	submission: Submission<unknown, string[], ProfileForm<Details>>,
	updateDetails: (api: Upstream, details: Details) => Promise<{ profile: Profile }>,
) {
	if (submission.status !== 'success') {
		const intent = submission.payload.intent
		if (typeof intent === 'string' && accountIntents.includes(intent))
			return data(accountFormReply(submission), { status: 400 })
		if (intent === 'picture')
			return data(
				{ picture: submission.reply({ hideFields: ['profilePicture'] }) },
				{ status: 400 },
			)
		return data({ details: submission.reply() }, { status: 400 })
	}
	const api = upstream(context, request)
	const form = submission.value
	if (form.intent !== 'details' && form.intent !== 'picture')
		return saveAccountSettings(context, api, submission, form, pages[role].returnTo)
	try {
		switch (form.intent) {
			case 'details': {
				const { profile } = await updateDetails(api, form)
				const tokens = api.tokens()
				if (tokens) startSession(context, { ...user, name: profile.name }, tokens)
				sendToast(context, successToast(t`Profile updated successfully`))
				break
			}
			case 'picture':
				await uploadProfilePicture(api, role, form.profilePicture)
				sendToast(context, successToast(t`Profile updated successfully`))
		}
	} catch (error) {
		if (form.intent === 'details') {
			const reply = replyWithUpstreamError(context, submission, error)
			return data({ details: reply.data }, reply.init ?? undefined)
		}
		const reply = replyWithUpstreamError(context, submission, error, ['profilePicture'])
		return data({ picture: reply.data }, reply.init ?? undefined)
	}
	return redirect(pages[role].returnTo)
}

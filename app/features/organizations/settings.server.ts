import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { getAccount } from '~/features/account/api.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { accountFormReply, saveAccountSettings } from '~/features/account/account.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { finishSession, startSession, upstream } from '~/platform/request.server'
import type { SessionUser } from '~/platform/session.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { deleteOrganization, getOrganization, updateOrganization } from './api.server'
import { organizationSettingsActionSchema } from './schema'
import { TEACHER_TWO_FACTOR_MESSAGE } from './teacher-two-factor'
import { getTeacherTwoFactor, setTeacherTwoFactor } from './api.server'

type Context = Readonly<RouterContextProvider>

const SETTINGS_PATH = '/organization/settings'

/** The organization's details and its account (email, notification mails). */
export async function loadOrganizationSettings(
	context: Context,
	request: Request,
	user: SessionUser,
) {
	const api = upstream(context, request)
	const [organization, account, teachersNeedTwoFactor] = await Promise.all([
		settle(getOrganization(api, user.id)),
		settle(getAccount(api)),
		settle(getTeacherTwoFactor(api, user.id)),
	])
	return {
		organization,
		account,
		teachersNeedTwoFactor,
		name: user.name,
		timeZone: viewerTimeZone(request).zone,
	}
}

/** The settings page's forms (one schema over `intent`): the details, deleting, the account forms. */
export async function organizationSettingsAction(
	context: Context,
	request: Request,
	user: SessionUser,
) {
	const submission = parseForm(await readForm(request), {
		schema: organizationSettingsActionSchema(user.name),
	})
	if (submission.status !== 'success') {
		// A checkbox has no room for a message of its own: said once, for its form.
		if (submission.payload.intent === 'teacher-two-factor')
			return data(submission.reply({ formErrors: [TEACHER_TWO_FACTOR_MESSAGE] }), { status: 400 })
		return data(accountFormReply(submission), { status: 400 })
	}
	const api = upstream(context, request)
	const form = submission.value
	switch (form.intent) {
		case 'update': {
			let organization
			try {
				;({ organization } = await updateOrganization(api, user.id, form))
			} catch (error) {
				return replyWithUpstreamError(context, submission, error)
			}
			// The name is shown in the header and asked for when deleting: keep the session's copy current.
			const tokens = api.tokens()
			if (tokens && organization && organization.name !== user.name)
				startSession(context, { ...user, name: organization.name }, tokens)
			sendToast(context, successToast(t`Organization updated successfully`))
			return redirect(SETTINGS_PATH)
		}
		case 'delete':
			try {
				await deleteOrganization(api, user.id)
			} catch (error) {
				return replyWithUpstreamError(context, submission, error)
			}
			// The account is gone, so is the session: back to the home page.
			finishSession(context)
			sendToast(context, successToast(t`Organization deleted successfully`))
			return redirect('/')
		case 'teacher-two-factor':
			try {
				const { message } = await setTeacherTwoFactor(api, user.id, form.teachersNeedTwoFactor)
				sendToast(context, successToast(message))
			} catch (error) {
				return replyWithUpstreamError(context, submission, error)
			}
			return redirect(SETTINGS_PATH)
		default:
			return saveAccountSettings(context, api, submission, form, SETTINGS_PATH)
	}
}

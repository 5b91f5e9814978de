import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import type { Upstream } from '~/platform/upstream.server'
import { changeEmail, changePassword, saveNotifications } from './api.server'
import {
	changeEmailSchema,
	changePasswordSchema,
	NOTIFICATIONS_MESSAGE,
	notificationsSchema,
} from './schema'

type PageRequest = { context: Readonly<RouterContextProvider>; request: Request }

/** The account forms (change password, change email, notification mails), as members of a page's union over `intent`. */
export const accountForms = [changePasswordSchema, changeEmailSchema, notificationsSchema] as const
export type AccountForm = z.infer<(typeof accountForms)[number]>
export type AccountIntent = AccountForm['intent']

const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword']

/** The fields an account form never echoes back: the passwords typed into it. */
export function accountHiddenFields(intent: AccountIntent) {
	if (intent === 'password') return passwordFields
	return intent === 'email' ? ['currentPassword'] : []
}

/** How an account form that failed validation answers: checkboxes have no room for a message of their own, so it is the form's. */
export function accountInvalidReply(intent: AccountIntent) {
	return intent === 'notifications'
		? { formErrors: [NOTIFICATIONS_MESSAGE] }
		: { hideFields: accountHiddenFields(intent) }
}

/** Saves one account form; the API's answer is the success toast's text. */
export function saveAccountForm(api: Upstream, form: AccountForm) {
	switch (form.intent) {
		case 'password':
			return changePassword(api, form.currentPassword, form.newPassword)
		case 'email':
			return changeEmail(api, form.email, form.currentPassword)
		case 'notifications': {
			const { intent: _intent, ...preferences } = form
			return saveNotifications(api, preferences)
		}
	}
}

/**
 * The account forms of a settings page that reads its own forms apart (organization settings),
 * each with its `intent`. Answers null for any other intent, for the page's own forms.
 */
export async function accountSettingsAction(
	{ context, request }: PageRequest,
	formData: FormData,
	returnTo: string,
) {
	const intent = formData.get('intent')
	const schema =
		intent === 'password'
			? changePasswordSchema
			: intent === 'email'
				? changeEmailSchema
				: intent === 'notifications'
					? notificationsSchema
					: null
	if (!schema) return null
	const submission = parseWithZod(formData, { schema })
	if (submission.status !== 'success')
		return data(submission.reply(accountInvalidReply(schema.shape.intent.value)), { status: 400 })
	try {
		const { message } = await saveAccountForm(upstream(context, request), submission.value)
		sendToast(context, successToast(message))
	} catch (error) {
		return replyWithUpstreamError(
			context,
			submission,
			error,
			accountHiddenFields(submission.value.intent),
		)
	}
	return redirect(returnTo)
}

import { data, redirect, type RouterContextProvider } from 'react-router'
import { env } from '~/platform/env.server'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { needed } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { getSsoSettings, removeSsoSettings, saveSsoSettings, verifySsoDomain } from './api.server'
import { ssoSettingsFormSchema } from './schema'

type Context = Readonly<RouterContextProvider>

export const SSO_SETTINGS_PATH = '/organization/single-sign-on'

/** The organization's identity provider as saved (never its secret), and its sign-in link. */
export async function loadSsoSettings(context: Context, request: Request) {
	const { sso } = await needed(getSsoSettings(upstream(context, request)))
	const origin = env.publicUrl || new URL(request.url).origin
	return {
		sso,
		signInLink: sso ? `${origin}${sso.loginPath}` : null,
		redirectUri: `${origin}/login/sso/callback`,
		timeZone: viewerTimeZone(request).zone,
	}
}

/** Save the provider, verify one of its domains, or turn single sign-on off. */
export async function ssoSettingsAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: ssoSettingsFormSchema })
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['clientSecret'] }), { status: 400 })
	}
	const api = upstream(context, request)
	const form = submission.value
	try {
		const { message } =
			form.intent === 'save'
				? await saveSsoSettings(api, {
						providerName: form.providerName,
						issuer: form.issuer,
						clientId: form.clientId,
						clientSecret: form.clientSecret,
						domains: form.domains,
						joinByDomain: form.joinByDomain,
					})
				: form.intent === 'verify'
					? await verifySsoDomain(api, form.domain)
					: await removeSsoSettings(api)
		sendToast(context, successToast(message))
		return redirect(SSO_SETTINGS_PATH)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['clientSecret'])
	}
}

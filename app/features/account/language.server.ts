import { t } from '@lingui/core/macro'
import { redirect, type RouterContextProvider } from 'react-router'
import { supportedLocale, type Locale } from '../../../contract/locales'
import { env } from '~/platform/env.server'
import { readForm } from '~/platform/form.server'
import { LANGUAGE_COOKIE } from '~/platform/i18n.server'
import { currentUser, setSessionLocale, upstream } from '~/platform/request.server'
import { safeRedirect } from '~/platform/safe-redirect'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { setLanguage } from './api.server'

const YEAR = 60 * 60 * 24 * 365

// A cookie's attributes, which nobody reads.
const languageCookie = (locale: Locale) =>
	// eslint-disable-next-line lingui/no-unlocalized-strings
	`${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR}; SameSite=Lax${env.secureCookies ? '; Secure' : ''}`

/**
 * The footer's language form (decision 063): back to the same page in the chosen language. A
 * visitor's choice lives in a cookie; a signed-in account's is saved on the account too, so its
 * mails and its other devices follow.
 */
export async function changeLanguageAction(
	context: Readonly<RouterContextProvider>,
	request: Request,
) {
	const form = await readForm(request)
	const back = safeRedirect(form.get('redirectTo'), '/')
	const asked = form.get('locale')
	const locale = typeof asked === 'string' ? supportedLocale(asked) : null
	if (!locale) {
		sendToast(context, {
			type: 'error',
			title: t`Choose one of the languages in the list.`,
			duration: 4000,
		})
		return redirect(back)
	}
	const user = currentUser(context)
	if (user && locale !== 'en-XA') {
		try {
			await setLanguage(upstream(context, request), locale)
			setSessionLocale(context, locale)
		} catch (error) {
			if (!(error instanceof UpstreamError)) throw error
			sendToast(context, error.toast)
			return redirect(back)
		}
	}
	return redirect(back, { headers: { 'Set-Cookie': languageCookie(locale) } })
}

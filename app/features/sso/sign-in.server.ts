import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { Authenticator } from 'remix-auth'
import { authenticated } from '~/features/auth/auth.server'
import { parseForm, readForm, replyStatus, replyWithUpstreamError } from '~/platform/form.server'
import { held, hold, redirectSignedIn, startSession, upstream } from '~/platform/request.server'
import { dashboardPath } from '~/platform/roles'
import { safeRedirect } from '~/platform/safe-redirect'
import type { SsoSignIn } from '~/platform/session.server'
import { infoToast, successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { linkSso, ssoOfEmail, ssoOfOrganization } from './api.server'
import { findSchoolSchema, linkConsentSchema } from './schema'
import { OidcStrategy, SsoExpiredError, type SsoResult } from './strategy.server'

type Context = Readonly<RouterContextProvider>

export const SSO_PATH = '/login/sso'

/** The sign-in's strategy for this request: its checks kept in the sealed session cookie. */
function authenticator(
	context: Context,
	request: Request,
	start: { organizationId: string; redirectTo: string } | null,
) {
	const checks = {
		keep: (kept: SsoSignIn) => hold(context, 'ssoSignIn', kept),
		take() {
			const kept = held(context, 'ssoSignIn')
			hold(context, 'ssoSignIn', null)
			return kept
		},
	}
	return new Authenticator<SsoResult>().use(
		new OidcStrategy(upstream(context, request), checks, start),
		'oidc',
	)
}

/** "Sign in with your school": the email's domain names the organization, whose page is next. */
export async function findSchool(context: Context, request: Request) {
	redirectSignedIn(context)
	const submission = parseForm(await readForm(request), { schema: findSchoolSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		const { sso } = await ssoOfEmail(upstream(context, request), submission.value.email)
		return redirect(`${SSO_PATH}/${sso.organizationId}`)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
}

/** An organization's sign-in page (its shared link): whether it offers single sign-on. */
export async function loadSchool(context: Context, request: Request, organizationId: string) {
	redirectSignedIn(context)
	try {
		const { sso } = await ssoOfOrganization(upstream(context, request), organizationId)
		return { sso, failure: null }
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		// No single sign-on there (404), or the API failing: said in place, with its status.
		const failure = { text: error.text, toast: error.toast }
		return data({ sso: null, failure }, { status: replyStatus(error.status) })
	}
}

/**
 * The page's button (a link: a form's post could not be redirected to the provider under the
 * site's `form-action 'self'`): to the provider, with this sign-in's checks kept. A provider that
 * cannot be reached sends the visitor back to the page with the API's words.
 */
export async function startSchoolSignIn(
	context: Context,
	request: Request,
	organizationId: string,
) {
	redirectSignedIn(context)
	const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '')
	try {
		// Starting, the strategy answers by throwing the redirect to the provider.
		await authenticator(context, request, { organizationId, redirectTo }).authenticate(
			'oidc',
			request,
		)
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		sendToast(context, error.toast)
	}
	return redirect(`${SSO_PATH}/${organizationId}`)
}

/**
 * The provider sent the browser back: the API finishes the sign-in. A session opens as a password
 * login's would; an account of its owner's own waits for its password; a refusal is its own page.
 */
export async function finishSchoolSignIn(context: Context, request: Request) {
	redirectSignedIn(context)
	let result: SsoResult
	try {
		result = await authenticator(context, request, null).authenticate('oidc', request)
	} catch (error) {
		if (error instanceof SsoExpiredError) return data({ message: error.message }, { status: 400 })
		if (!(error instanceof UpstreamError)) throw error
		return data({ message: error.text }, { status: replyStatus(error.status) })
	}
	const { answer } = result
	if ('linkRequired' in answer) {
		// Nothing links on its own: the owner chooses on the consent page, with the password.
		const { linkToken, email, organizationName, providerName, join } = answer
		hold(context, 'ssoLink', { linkToken, email, organizationName, providerName, join })
		return redirect(LINK_PATH)
	}
	const { user, tokens } = authenticated(answer.user)
	startSession(context, user, tokens)
	return redirect(safeRedirect(result.redirectTo, dashboardPath[user.role]))
}

export const LINK_PATH = '/login/sso/link'
// The API's text when no sign-in waits (compared), and the same words in the page's language.
/** The API's code for a link to an account whose school sign-in waited too long (decision 072). */
const NOTHING_WAITING = 'sso_link_expired'
const nothingWaiting = () => t`Your school sign-in took too long. Sign in with your school again.`

/** The consent page: which organization and provider want to link to which account, or nothing. */
export function loadLinkConsent(context: Context) {
	redirectSignedIn(context)
	const link = held(context, 'ssoLink')
	if (!link) return { link: null }
	const { organizationName, providerName, email, join } = link
	return { link: { organizationName, providerName, email, join } }
}

/**
 * The owner's answer on the consent page (decision 052): "Link" with the account's password (and
 * two-factor code) links and signs in; "Don't link" forgets the request. A wrong password is said
 * by its field, and the request stays for another try.
 */
export async function answerLinkConsent(context: Context, request: Request) {
	redirectSignedIn(context)
	const submission = parseForm(await readForm(request), { schema: linkConsentSchema })
	const link = held(context, 'ssoLink')
	if (!link) {
		return data(submission.reply({ formErrors: [nothingWaiting()], hideFields: SECRETS }), {
			status: 400,
		})
	}
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: SECRETS }), { status: 400 })
	}
	if (submission.value.intent === 'cancel') {
		hold(context, 'ssoLink', null)
		sendToast(context, infoToast(nothingLinked(link.organizationName)))
		return redirect('/login')
	}
	const { password, code } = submission.value
	try {
		const answer = await linkSso(upstream(context, request), {
			linkToken: link.linkToken,
			password,
			...(code ? { code } : {}),
		})
		hold(context, 'ssoLink', null)
		const { user, tokens } = authenticated(answer.user)
		startSession(context, user, tokens)
		sendToast(context, successToast(answer.message))
		return redirect(dashboardPath[user.role])
	} catch (error) {
		if (error instanceof UpstreamError && error.status === 400 && error.code === NOTHING_WAITING) {
			hold(context, 'ssoLink', null)
		}
		return replyWithUpstreamError(context, submission, error, SECRETS)
	}
}

const SECRETS = ['password', 'code']

function nothingLinked(organization: string) {
	return t`Nothing was linked. ${organization} cannot sign you in.`
}

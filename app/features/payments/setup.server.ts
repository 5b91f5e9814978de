import { redirect, type RouterContextProvider } from 'react-router'
import { readForm } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { env } from '~/platform/env.server'
import { allowStripe } from '~/platform/security.server'
import { settle } from '~/platform/settle.server'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { completeOnboarding, getPayoutAccount, startOnboarding } from './api.server'

// Payment setup for teachers and organizations, shared by both areas' routes (their guards differ).
type Context = Readonly<RouterContextProvider>
export type SetupArea = '/teachersdashboard' | '/organization'

export async function loadPaymentSetup(context: Context, request: Request) {
	return { account: await settle(getPayoutAccount(upstream(context, request))) }
}

/** Starts (or resumes) onboarding and sends the browser to the provider, or straight back here. */
export async function startPaymentSetup(context: Context, request: Request, area: SetupArea) {
	const origin = new URL(request.url).origin
	// The post carries no fields; reading it anyway answers an oversized one with a 413, not a reset.
	await readForm(request)
	try {
		const { url } = await startOnboarding(upstream(context, request), {
			returnUrl: `${origin}${area}/stripe/complete-onboarding`,
			refreshUrl: `${origin}${area}/payment-setup`,
		})
		// Stripe's hosted onboarding is on another site: the form-action policy must allow it.
		if (env.stripePublishableKey) allowStripe(context)
		return redirect(url)
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		sendToast(context, error.toast)
		return { error: error.text }
	}
}

/** The provider's return page: asks the API to check the account and shows where it stands. */
export async function finishPaymentSetup(context: Context, request: Request) {
	return { account: await settle(completeOnboarding(upstream(context, request))) }
}

import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { upstream } from '~/platform/request.server'
import { env } from '~/platform/env.server'
import { allowStripe } from '~/platform/security.server'
import { settle } from '~/platform/settle.server'
import { completeOnboarding, getPayoutAccount, startOnboarding } from './api.server'
import { paymentSetupSchema } from './schema'

// Payment setup for teachers and organizations, shared by both areas' routes (their guards differ).
type Context = Readonly<RouterContextProvider>
export type SetupArea = '/teachersdashboard' | '/organization'

export async function loadPaymentSetup(context: Context, request: Request) {
	return { account: await settle(getPayoutAccount(upstream(context, request))) }
}

/**
 * Starts (or resumes) onboarding and sends the browser to the provider, or straight back here;
 * a refusal is the form's own message.
 */
export async function startPaymentSetup(context: Context, request: Request, area: SetupArea) {
	const origin = new URL(request.url).origin
	// The post carries no fields; reading it anyway answers an oversized one with a 413, not a reset.
	const submission = parseForm(await readForm(request), { schema: paymentSetupSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		const { url } = await startOnboarding(upstream(context, request), {
			returnUrl: `${origin}${area}/stripe/complete-onboarding`,
			refreshUrl: `${origin}${area}/payment-setup`,
		})
		// Stripe's hosted onboarding is on another site: the form-action policy must allow it.
		if (env.stripePublishableKey) allowStripe(context)
		return redirect(url)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
}

/** The provider's return page: asks the API to check the account and shows where it stands. */
export async function finishPaymentSetup(context: Context, request: Request) {
	return { account: await settle(completeOnboarding(upstream(context, request))) }
}

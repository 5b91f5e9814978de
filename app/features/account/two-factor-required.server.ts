import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { parseForm, readForm } from '~/platform/form.server'
import { holdForTwoFactorSetup, upstream } from '~/platform/request.server'
import { TWO_FACTOR_SETUP_PATH } from '~/platform/roles'
import { needed } from '~/platform/settle.server'
import { accountFormReply, saveAccountSettings } from './account.server'
import { getAccount } from './api.server'
import { twoFactorDisableSchema, twoFactorEnableSchema, twoFactorSetupSchema } from './schema'

// The page a teacher whose organization requires two-factor sign-in is held at until it is on
// (decision 037): the profile's two-factor forms, alone.

type Context = Readonly<RouterContextProvider>

const twoFactorActionSchema = z.discriminatedUnion('intent', [
	twoFactorSetupSchema,
	twoFactorEnableSchema,
	twoFactorDisableSchema,
])

/** The account's two-factor state; once it is on, the teacher is held no longer. */
export async function loadTwoFactorRequired(context: Context, request: Request) {
	const account = await needed(getAccount(upstream(context, request)))
	if (account.twoFactor?.enabled) holdForTwoFactorSetup(context, false)
	return { account }
}

export async function twoFactorRequiredAction(context: Context, request: Request) {
	const submission = parseForm(await readForm(request), { schema: twoFactorActionSchema })
	if (submission.status !== 'success') return data(accountFormReply(submission), { status: 400 })
	return saveAccountSettings(
		context,
		upstream(context, request),
		submission,
		submission.value,
		TWO_FACTOR_SETUP_PATH,
	)
}

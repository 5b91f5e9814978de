import { welcomeNewAccount } from '../account/mails.ts'
import type { ApiDeps } from '../platform/context.ts'
import type { Passwords } from '../platform/passwords.ts'
import { toUser } from '../users/present.ts'
import { registerUser, type Registration } from '../users/registration.ts'

/** A new person's account (signed up, or registered by their organization) and its welcome mail. */
export async function signUp(deps: ApiDeps, passwords: Passwords, user: Registration) {
	const row = await registerUser(deps.db, passwords, user)
	welcomeNewAccount(deps, { accountType: 'user', accountId: row.id })
	return { message: 'Registered successfully', user: toUser(row) }
}

import type { Passwords } from '../platform/passwords.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError, validationError } from '../platform/errors.ts'
import { accountLimitsOf } from './limits.ts'
import { findAccount, type AccountRecord } from './repository.ts'
import type { AccountRef } from './tokens.ts'

// Re-authentication (issue 38, decision 053): a change that would let whoever holds a session keep
// the account from its owner (two-factor set up, turned on or off, new recovery codes, a new email,
// a school sign-in linked or unlinked) needs the current password in the same request. A stolen
// session alone then changes none of them. No "recent" window: a form has the field, which works
// without JavaScript and keeps no state between requests.

export const WRONG_PASSWORD = 'Your current password is not right'

/** The check's refusals as a call declares them (decision 059), named once for every call. */
export const WRONG_CURRENT_PASSWORD = { path: 'currentPassword', msg: WRONG_PASSWORD } as const
export const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong passwords. Try again in <time>.'

/**
 * The check, for any route module: `const confirmPassword = currentPasswordCheck(deps, passwords)`,
 * then `await confirmPassword(account, body.currentPassword)` before the change. Throws a 400 with
 * the message on the `currentPassword` field when it is wrong, and, once the account has had 5
 * wrong ones in 15 minutes (counted per account, in Redis when there is one), a 429 that says how
 * long to wait. `account` is the caller's (`{ accountType, accountId }` or an `AccountRecord`).
 */
export function currentPasswordCheck(deps: ApiDeps, passwords: Passwords) {
	const limits = accountLimitsOf(deps)
	return async function confirmPassword(
		account: AccountRef | AccountRecord,
		given: string,
	): Promise<AccountRecord> {
		const record = 'passwordHash' in account ? account : await findAccount(deps.db, account)
		if (!record) throw new ApiError(404, 'Account not found')
		const key = `${record.accountType}:${record.accountId}`
		await limits.passwordCheckAllowed(key)
		if (!(await passwords.verify(record.passwordHash, given))) {
			await limits.passwordCheckFailed(key)
			throw validationError([{ path: 'currentPassword', msg: WRONG_PASSWORD }])
		}
		return record
	}
}

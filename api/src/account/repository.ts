import { sql } from 'kysely'
import type { Db } from '../db.ts'
import type { AccountTokenPurpose, AccountType, NotificationPreferences } from '../schema.ts'

export type AccountRef = { accountType: AccountType; accountId: string }

export type AccountToken = AccountRef & { email: string }

/** What the account calls need of a person or an organization, whichever table it lives in. */
export type AccountRecord = AccountRef & {
	email: string
	name: string
	passwordHash: string
	emailVerified: boolean
	/** People only; organizations get no notification mails yet. */
	notifications: NotificationPreferences | null
}

type AccountRow = {
	id: string
	email: string
	name: string
	password_hash: string
	email_verified_at: Date | null
	notification_preferences: NotificationPreferences | null
}

async function findBy(
	db: Db,
	accountType: AccountType,
	column: 'id' | 'email',
	value: string,
): Promise<AccountRecord | undefined> {
	// The same columns from either table: organizations have a name and no notification settings.
	const row: AccountRow | undefined =
		accountType === 'organization'
			? await db
					.selectFrom('organizations')
					.select(['id', 'email', 'name', 'password_hash', 'email_verified_at'])
					.select(sql<null>`NULL`.as('notification_preferences'))
					.where(column, '=', value)
					.executeTakeFirst()
			: await db
					.selectFrom('users')
					.select(['id', 'email', 'first_name as name', 'password_hash', 'email_verified_at'])
					.select('notification_preferences')
					.where(column, '=', value)
					.executeTakeFirst()
	return row
		? {
				accountType,
				accountId: row.id,
				email: row.email,
				name: row.name,
				passwordHash: row.password_hash,
				emailVerified: row.email_verified_at !== null,
				notifications: row.notification_preferences,
			}
		: undefined
}

export const findAccountByEmail = (db: Db, accountType: AccountType, email: string) =>
	findBy(db, accountType, 'email', email)

export const findAccount = (db: Db, { accountType, accountId }: AccountRef) =>
	findBy(db, accountType, 'id', accountId)

const tableOf = (accountType: AccountType) =>
	accountType === 'organization' ? 'organizations' : 'users'

export async function setPasswordHash(db: Db, account: AccountRef, passwordHash: string) {
	await db
		.updateTable(tableOf(account.accountType))
		.set({ password_hash: passwordHash })
		.where('id', '=', account.accountId)
		.execute()
}

/**
 * The account's email becomes `email` (the same one, or the new one of a change) and counts as
 * verified. Answers false when the account is gone; a unique violation (someone took the new email
 * meanwhile) is the caller's to answer.
 */
export async function confirmEmail(db: Db, account: AccountRef, email: string) {
	const result = await db
		.updateTable(tableOf(account.accountType))
		.set({ email, email_verified_at: sql<Date>`now()` })
		.where('id', '=', account.accountId)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) > 0
}

/** Whether another account of that kind already has the email. */
export async function isEmailTaken(db: Db, accountType: AccountType, email: string) {
	return (await findAccountByEmail(db, accountType, email)) !== undefined
}

export async function setNotificationPreferences(
	db: Db,
	userId: string,
	preferences: NotificationPreferences,
) {
	await db
		.updateTable('users')
		.set({ notification_preferences: JSON.stringify(preferences) })
		.where('id', '=', userId)
		.execute()
}

/** Stores a new link token's hash; older unused tokens of the purpose for the account stop working. */
export async function replaceTokens(
	db: Db,
	purpose: AccountTokenPurpose,
	{ accountType, accountId, email }: AccountToken,
	token: { tokenHash: string; expiresAt: Date },
) {
	await db.transaction().execute(async (trx) => {
		await trx
			.updateTable('account_tokens')
			.set({ used_at: sql<Date>`now()` })
			.where('purpose', '=', purpose)
			.where('account_type', '=', accountType)
			.where('account_id', '=', accountId)
			.where('used_at', 'is', null)
			.execute()
		await trx
			.insertInto('account_tokens')
			.values({
				token_hash: token.tokenHash,
				purpose,
				account_type: accountType,
				account_id: accountId,
				email,
				expires_at: token.expiresAt,
				used_at: null,
			})
			.execute()
	})
}

/**
 * Marks the token used in one UPDATE that only an unused, unexpired token passes (the row lock
 * makes a second request at the same moment re-check `used_at`). Answers whose it was.
 */
export const spendToken = (db: Db, purpose: AccountTokenPurpose, tokenHash: string) =>
	db
		.updateTable('account_tokens')
		.set({ used_at: sql<Date>`now()` })
		.where('token_hash', '=', tokenHash)
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.returning(['account_type', 'account_id', 'email'])
		.executeTakeFirst()

export const findUsableToken = (db: Db, purpose: AccountTokenPurpose, tokenHash: string) =>
	db
		.selectFrom('account_tokens')
		.select('token_hash')
		.where('token_hash', '=', tokenHash)
		.where('purpose', '=', purpose)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.executeTakeFirst()

/** Ends every other unused token of the account for that purpose (after a reset, say). */
export async function retireTokens(db: Db, purpose: AccountTokenPurpose, account: AccountRef) {
	await db
		.updateTable('account_tokens')
		.set({ used_at: sql<Date>`now()` })
		.where('purpose', '=', purpose)
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('used_at', 'is', null)
		.execute()
}

/** The email of the account's newest usable verification link. */
export const findNewestVerificationEmail = (db: Db, account: AccountRef) =>
	db
		.selectFrom('account_tokens')
		.select('email')
		.where('purpose', '=', 'email_verification')
		.where('account_type', '=', account.accountType)
		.where('account_id', '=', account.accountId)
		.where('used_at', 'is', null)
		.where('expires_at', '>', sql<Date>`now()`)
		.orderBy('created_at', 'desc')
		.executeTakeFirst()

/**
 * An account's own language (decision 063): a person's, or an organization's default for its
 * members and its own pages; null when none was chosen.
 */
export async function ownLanguage(db: Db, { accountType, accountId }: AccountRef) {
	const row =
		accountType === 'organization'
			? await db
					.selectFrom('organizations')
					.select('default_locale as locale')
					.where('id', '=', accountId)
					.executeTakeFirst()
			: await db.selectFrom('users').select('locale').where('id', '=', accountId).executeTakeFirst()
	return row?.locale ?? null
}

/** The language an account's pages and mails speak: its own, else its organization's default. */
export async function spokenLanguage(db: Db, { accountType, accountId }: AccountRef) {
	if (accountType === 'organization') return ownLanguage(db, { accountType, accountId })
	const row = await db
		.selectFrom('users')
		.leftJoin('organizations', 'organizations.id', 'users.organization_id')
		.select(['users.locale as own', 'organizations.default_locale as organization'])
		.where('users.id', '=', accountId)
		.executeTakeFirst()
	return row?.own ?? row?.organization ?? null
}

export async function setOwnLanguage(
	db: Db,
	{ accountType, accountId }: AccountRef,
	locale: string | null,
) {
	if (accountType === 'organization') {
		await db
			.updateTable('organizations')
			.set({ default_locale: locale })
			.where('id', '=', accountId)
			.execute()
	} else {
		await db.updateTable('users').set({ locale }).where('id', '=', accountId).execute()
	}
}

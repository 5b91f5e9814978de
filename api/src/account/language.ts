import { z } from '@hono/zod-openapi'
import { LOCALES } from '../../../contract/locales.ts'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ownLanguage, setOwnLanguage, spokenLanguage } from './repository.ts'
import { accountRefOf } from './tokens.ts'

/** A language the interface speaks, or none chosen (decision 063). */
export const language = z.enum(LOCALES).nullable()

const known = (stored: string | null) => language.catch(null).parse(stored)

/** What the account chose, and what its pages and mails speak: its own, else its organization's. */
export async function languageOf(db: Db, account: Account) {
	const ref = accountRefOf(account)
	return {
		locale: known(await ownLanguage(db, ref)),
		spoken: known(await spokenLanguage(db, ref)),
	}
}

export async function chooseLanguage(db: Db, account: Account, locale: z.infer<typeof language>) {
	await setOwnLanguage(db, accountRefOf(account), locale)
	return languageOf(db, account)
}
